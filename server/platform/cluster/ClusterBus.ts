/**
 * Messages between the nodes of one deployment: the leader's market ticks, public topic events
 * raised on any node (a chat message, an auction bid), session revocations. Every node receives
 * every message, its own included, in the order its publisher sent them. Delivery is at most
 * once: a message published while the bus is down is lost, so each use either repeats its state
 * (a later tick carries the whole ticker) or detects the gap and asks again (`MarketRelay`).
 *
 * In one process the `LocalBus` delivers at once; with `REDIS_URL` the `RedisBus` carries the
 * messages over Redis pub/sub.
 */
export interface ClusterBus {
  /** This node's id, unique per process start. */
  readonly nodeId: string;
  /** Whether messages reach other nodes (false for the in-process bus). */
  readonly shared: boolean;
  publish(channel: string, data: unknown): void;
  /** Receives every message on `channel` (JSON-safe data); returns the unsubscribe. */
  subscribe(channel: string, handler: (data: unknown) => void): () => void;
  close(): Promise<void>;
}

/** The bus of a single process: delivers to this process's handlers, synchronously. */
export class LocalBus implements ClusterBus {
  readonly shared = false;
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();

  constructor(readonly nodeId = 'local') {}

  publish(channel: string, data: unknown): void {
    for (const handler of [...(this.handlers.get(channel) ?? [])]) handler(data);
  }

  subscribe(channel: string, handler: (data: unknown) => void): () => void {
    const set = this.handlers.get(channel) ?? new Set();
    set.add(handler);
    this.handlers.set(channel, set);
    return () => set.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
