/**
 * Carries the leader's market to the other nodes. Only the leader runs the market source; every
 * node serves sockets and the API from its own copy of the market, so the leader publishes each
 * tick on the cluster bus, numbered, and each follower applies it (`MarketSource.applyRemote`),
 * which hands it to that node's hub for its own sockets. A follower that sees a gap in the
 * numbers (a message lost while Redis was down) or a new leader asks for the whole state and
 * applies the difference (`importState`). In one process there is no bus traffic at all.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../platform/cluster/ClusterBus';
import type { Clock } from '../clock';
import type { MarketSource, MarketTick } from './MarketSource';

const TICK = 'market:tick';
const STATE = 'market:state';
const STATE_REQUEST = 'market:state-request';
/** A follower asks for the whole state at most this often while it keeps seeing gaps. */
const REQUEST_EVERY_MS = 2_000;

interface TickMessage {
  node: string;
  n: number;
  tick: MarketTick;
}

interface StateMessage {
  node: string;
  /** The number of the last tick the state includes. */
  n: number;
  /** Who asked (the others ignore it). */
  to: string;
  state: MarketTick;
}

export class MarketRelay {
  private n = 0;
  private stopPublishing: (() => void) | null = null;
  private readonly stops: (() => void)[] = [];
  /** The last applied tick: whose and which. */
  private from: { node: string; n: number } | null = null;
  private lastRequest = -Infinity;
  private awaitingState = false;

  constructor(
    private readonly deps: {
      bus: ClusterBus;
      market: MarketSource;
      clock: Clock;
      isLeader: () => boolean;
      log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
    },
  ) {
    const { bus } = deps;
    if (!bus.shared) return;
    this.stops.push(
      bus.subscribe(TICK, (data) => this.onTick(data as TickMessage)),
      bus.subscribe(STATE, (data) => this.onState(data as StateMessage)),
      bus.subscribe(STATE_REQUEST, (data) => this.onRequest(data as { from: string })),
    );
  }

  /** Leader work: publish every tick of this node's market. */
  startPublishing(): void {
    if (!this.deps.bus.shared || this.stopPublishing) return;
    this.from = null;
    this.stopPublishing = this.deps.market.onTick((tick) => {
      this.n += 1;
      this.deps.bus.publish(TICK, { node: this.deps.bus.nodeId, n: this.n, tick } satisfies TickMessage);
    });
  }

  stopPublishingTicks(): void {
    this.stopPublishing?.();
    this.stopPublishing = null;
  }

  close(): void {
    this.stopPublishingTicks();
    for (const stop of this.stops) stop();
  }

  private onTick(m: TickMessage): void {
    if (m.node === this.deps.bus.nodeId || this.deps.isLeader()) return;
    const expected = this.from && this.from.node === m.node ? this.from.n + 1 : null;
    this.from = { node: m.node, n: m.n };
    this.deps.market.applyRemote(m.tick);
    if (expected === null || m.n !== expected) this.requestState(expected === null ? 'new leader' : `missed ${m.n - expected} ticks`);
  }

  private requestState(reason: string): void {
    const now = this.deps.clock.now();
    if (this.awaitingState && now - this.lastRequest < REQUEST_EVERY_MS) return;
    this.lastRequest = now;
    this.awaitingState = true;
    this.deps.log.info({ reason }, 'market relay: asking the leader for the whole market');
    this.deps.bus.publish(STATE_REQUEST, { from: this.deps.bus.nodeId });
  }

  private onRequest(m: { from: string }): void {
    if (!this.stopPublishing || m.from === this.deps.bus.nodeId) return;
    const message: StateMessage = { node: this.deps.bus.nodeId, n: this.n, to: m.from, state: this.deps.market.exportState() };
    this.deps.bus.publish(STATE, message);
  }

  private onState(m: StateMessage): void {
    if (m.to !== this.deps.bus.nodeId || this.deps.isLeader()) return;
    this.awaitingState = false;
    // Ticks after `n` that already arrived are at most a few; their levels are re-applied by the next ticks.
    if (!this.from || this.from.node !== m.node || this.from.n <= m.n) this.from = { node: m.node, n: m.n };
    this.deps.market.importState(m.state);
  }
}
