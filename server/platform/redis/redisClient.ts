import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';

function create(url: string, offlineQueue: boolean) {
  return createClient({ url, disableOfflineQueue: !offlineQueue, socket: { reconnectStrategy: reconnectDelay, connectTimeout: 5_000 } });
}

export type RedisClient = ReturnType<typeof create>;

/** Retries fast at first, then every 2 s, forever: Redis coming back is the normal end of an outage. */
function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** retries, 2_000);
}

/**
 * Opens a client on `url`. By default commands sent while the connection is down fail at once
 * instead of queueing (`disableOfflineQueue`): every caller has a local fallback and a request
 * must never wait on an outage. `offlineQueue` keeps them queued until Redis is back instead:
 * the socket.io adapter needs that, since it re-issues a failed XREAD at once and would spin.
 * Errors are logged once per outage, not once per retry.
 */
export async function openRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  name: string,
  offlineQueue = false,
): Promise<RedisClient> {
  let down = false;
  const client = create(url, offlineQueue);
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error.message, client: name }, 'redis connection lost; retrying');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ client: name }, 'redis connection back');
  });
  await client.connect();
  return client;
}
