/**
 * The parts several nodes share, opened from `REDIS_URL`: the socket.io Redis streams adapter
 * (private rooms across nodes; it resumes from its stream offset after a Redis restart), the
 * cluster bus, the rate-limit counters and the dev outbox. Each Redis connection retries on its
 * own; while Redis is away a node keeps serving (see docs/PLATFORM.md, "When a part fails").
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerOptions } from 'socket.io';
import type { Clock } from '../../clock';
import type { ClusterParts } from '../options';
import { openRedis } from '../redis/redisClient';
import { RedisBus } from '../redis/RedisBus';
import { RedisCounterStore } from '../redis/RedisCounterStore';
import { RedisOutboxStore } from '../redis/RedisOutboxStore';

export interface Cluster {
  parts: ClusterParts;
  socketAdapter: ServerOptions['adapter'];
  close(): Promise<void>;
}

/**
 * `namespace` prefixes every key, channel and stream, so several deployments (or test runs) can
 * share one Redis.
 */
export async function openCluster(
  url: string,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  namespace = 'kestrel:',
): Promise<Cluster> {
  const main = await openRedis(url, log, 'main');
  // The adapter blocks on XREAD: it gets a connection of its own, whose commands wait out an
  // outage (a private message published meanwhile is delivered when Redis is back).
  const adapterClient = await openRedis(url, log, 'socket.io', true);
  const bus = await RedisBus.open(main, log, namespace);
  return {
    parts: { bus, counters: new RedisCounterStore(main, clock, log, namespace), outbox: new RedisOutboxStore(main, namespace) },
    socketAdapter: createAdapter(adapterClient, { streamName: `${namespace}socket.io` }),
    async close() {
      await bus.close();
      await Promise.allSettled([adapterClient.close(), main.close()]);
    },
  };
}
