import type { OutboxEntry } from '../../../domain/auth/types';
import { MemoryOutboxStore, type OutboxStore } from '../../auth/CodeDelivery';
import type { RedisClient } from './redisClient';

const KEEP = 500;

/**
 * DEV_OUTBOX's list in Redis (LPUSH + LTRIM, read with LRANGE), so a code sent through one node
 * is readable through another. While Redis is unreachable the node keeps its own list.
 */
export class RedisOutboxStore implements OutboxStore {
  private readonly fallback = new MemoryOutboxStore();

  private readonly key: string;

  constructor(
    private readonly redis: RedisClient,
    namespace: string,
  ) {
    this.key = `${namespace}dev-outbox`;
  }

  async add(entry: OutboxEntry): Promise<void> {
    try {
      await this.redis
        .multi()
        .lPush(this.key, JSON.stringify(entry))
        .lTrim(this.key, 0, KEEP - 1)
        .exec();
    } catch {
      await this.fallback.add(entry);
    }
  }

  async all(): Promise<OutboxEntry[]> {
    const local = await this.fallback.all();
    try {
      const rows = await this.redis.lRange(this.key, 0, KEEP - 1);
      const shared = rows.map((r) => JSON.parse(r) as OutboxEntry);
      return local.length ? [...shared, ...local].sort((a, b) => b.at - a.at) : shared;
    } catch {
      return local;
    }
  }
}
