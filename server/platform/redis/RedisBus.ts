import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../cluster/ClusterBus';
import type { RedisClient } from './redisClient';

/**
 * The cluster bus over Redis pub/sub: one publishing client, one subscribed client (a
 * subscribed connection can do nothing else). Every node, the publisher included, receives each
 * message; a message published while Redis is down is dropped, which `ClusterBus` allows.
 */
export class RedisBus implements ClusterBus {
  readonly shared = true;
  readonly nodeId = randomUUID();
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();

  private constructor(
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    /** Channel prefix: one deployment's namespace (`kestrel:` by default). */
    private readonly prefix: string,
  ) {}

  static async open(pub: RedisClient, log: Pick<FastifyBaseLogger, 'warn' | 'error'>, namespace: string): Promise<RedisBus> {
    const sub = pub.duplicate();
    sub.on('error', () => undefined); // the publishing client reports the outage
    await sub.connect();
    return new RedisBus(pub, sub, log, `${namespace}bus:`);
  }

  publish(channel: string, data: unknown): void {
    if (!this.pub.isReady) return;
    this.pub.publish(this.prefix + channel, JSON.stringify(data)).catch(() => undefined);
  }

  subscribe(channel: string, handler: (data: unknown) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      const fresh = new Set<(data: unknown) => void>();
      set = fresh;
      this.handlers.set(channel, fresh);
      // node-redis re-subscribes by itself after a reconnect.
      void this.sub
        .subscribe(this.prefix + channel, (message: string) => {
          let data: unknown;
          try {
            data = JSON.parse(message);
          } catch {
            return;
          }
          for (const h of [...fresh]) {
            try {
              h(data);
            } catch (error) {
              this.log.error(error, `cluster bus handler failed (${channel})`);
            }
          }
        })
        .catch((error: unknown) => this.log.warn({ err: String(error), channel }, 'cluster bus subscribe failed'));
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await this.sub.close().catch(() => undefined);
  }
}
