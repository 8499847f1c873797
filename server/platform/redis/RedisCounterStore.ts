import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { MemoryCounterStore, type CounterStore, type CounterWindow } from '../../http/CounterStore';
import type { RedisClient } from './redisClient';

/**
 * Every rate-limit counter in Redis, so a limit holds across nodes: `hit` is INCR, PEXPIRE … NX
 * (the window starts with its first hit) and PTTL in one MULTI. While Redis is unreachable the
 * node counts in memory instead: limits become per node for the outage rather than every request
 * failing (logged once; see docs/PLATFORM.md).
 */
export class RedisCounterStore implements CounterStore {
  private readonly fallback: MemoryCounterStore;
  private degraded = false;
  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClient,
    clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    namespace: string,
  ) {
    this.prefix = `${namespace}count:`;
    this.fallback = new MemoryCounterStore(clock);
  }

  async hit(key: string, windowMs: number): Promise<CounterWindow> {
    try {
      const k = this.prefix + key;
      const [count, , ttl] = (await this.redis.multi().incr(k).pExpire(k, windowMs, 'NX').pTTL(k).exec()) as unknown as [
        number,
        number,
        number,
      ];
      this.recovered();
      return { count: Number(count), resetInMs: Number(ttl) > 0 ? Number(ttl) : windowMs };
    } catch (error) {
      this.degrade(error);
      return this.fallback.hit(key, windowMs);
    }
  }

  async undo(key: string): Promise<void> {
    try {
      await this.redis.decr(this.prefix + key);
    } catch (error) {
      this.degrade(error);
      await this.fallback.undo(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.degrade(error);
    }
  }

  private degrade(error: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn({ err: String(error) }, 'rate-limit counters: redis unavailable, counting on this node until it is back');
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info('rate-limit counters: back on redis');
  }
}
