/**
 * The skeleton of the engines that keep no state of their own and ask the database what is due
 * (lockming, IEO, dual, NFT, OTC, loans, coupons): leader-only start and stop, one sweep at a time
 * (`SweepLoop`: a wake-up during a sweep makes it go round once more), a sweep at start (what came
 * due while no engine ran), a timer re-armed after every sweep for the next deadline the area
 * names, and a periodic sweep besides. An engine says what one round does (`work`) and when the
 * next thing falls due (`nextDue`); everything runs on the injected clock.
 *
 * A sweep costs what came due. The periodic one is there for what a sweep cannot know on its own:
 * a step that failed or had to wait (retried), and a change committed on another node (its wake-up
 * crosses the cluster bus, which may lose one). So it is skipped when none of those can have
 * happened: this node is alone (the bus reaches no other node), the last round left nothing
 * waiting, nothing woke the engine since, and its next deadline has not come. A change on this
 * node always wakes it (`wake`: the area tells the engine of every purchase, listing, moved end or
 * new order), and the deadline's own timer does the rest. With other nodes it sweeps every period
 * as before, and a wake-up on any node reaches the leader's engine at once over the bus.
 */
import type { Clock } from '../clock';
import type { ClusterBus } from './cluster/ClusterBus';
import { SweepLoop } from './SweepLoop';

export interface EngineBase {
  clock: Clock;
  log: { error(obj: unknown, msg: string): void };
  /** Where a wake-up on one node reaches the leader's engine; `shared: false` (one node) lets the periodic sweep rest. */
  bus: ClusterBus;
}

/** The bus channel of an engine's wake-ups: `{ node }`. */
export function wakeChannel(name: string): string {
  return `deadline:${name}`;
}

export abstract class DeadlineEngine {
  protected running = false;
  private stops: (() => void)[] = [];
  private cancelWake: (() => void) | null = null;
  /** The next deadline the last round found (null: none); undefined until a round has read it. */
  private next: number | null | undefined = undefined;
  /** Something may have changed since the current round began reading (a wake-up). */
  private changed = true;
  /** The last round left something due behind (a step failed, or waits for something). */
  private waiting = false;
  /** Counts the reads of the next deadline: only the latest started sets the timer (an older may predate a commit). */
  private arming = 0;
  private readonly loop = new SweepLoop(
    () => this.round(),
    () => this.running,
  );

  /** `name` labels the log lines; `retryEveryMs` is the periodic sweep (and the longest a timer waits). */
  protected constructor(private readonly base: EngineBase & { name: string; retryEveryMs: number }) {
    // Every node hears every wake-up; only a running (leading) engine acts on another node's.
    base.bus.subscribe(wakeChannel(base.name), (data) => {
      if ((data as { node?: unknown } | null)?.node !== base.bus.nodeId) this.heard();
    });
  }

  async start(): Promise<void> {
    this.running = true;
    this.changed = true;
    this.stops.push(this.base.clock.every(this.base.retryEveryMs, () => this.periodic()));
    await this.sweep();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    this.cancelWake?.();
    this.cancelWake = null;
    await this.idle();
  }

  /** Resolves once no sweep is running (tests, shutdown). */
  async idle(): Promise<void> {
    await this.loop.idle();
  }

  /** Does everything due by now, then arms the timer for the next deadline; a call during a sweep makes it go round once more. */
  sweep(): Promise<void> {
    this.changed = true;
    return this.loop.run();
  }

  /**
   * Something changed on this node that may bring a deadline nearer (a purchase, a listing, a
   * moved end): the leader's engine, here or on another node, re-arms its timer now.
   */
  wake(): void {
    if (this.base.bus.shared) this.base.bus.publish(wakeChannel(this.base.name), { node: this.base.bus.nodeId });
    this.heard();
  }

  /**
   * Something changed on this node that may be due at once (a sale or project created): the
   * leader's engine hears it, and this node's sweeps now if it leads.
   */
  poke(): void {
    this.wake();
    if (this.running) void this.sweep();
  }

  /** Whether the periodic sweep may rest now (see the header): nothing can be due that the engine does not know of. */
  private restful(): boolean {
    if (this.base.bus.shared || this.changed || this.waiting || this.next === undefined) return false;
    return this.next === null || this.base.clock.now() < this.next;
  }

  /** A step left something due that a later round must try again (besides a failure, which `logError` marks). */
  protected retryLater(): void {
    this.waiting = true;
  }

  /** One round's work: everything due by now. A failed step should be logged and left due. */
  protected abstract work(): Promise<void>;

  /** When the next thing falls due after `now` (epoch ms), or null when nothing is scheduled. */
  protected abstract nextDue(now: number): Promise<number | null>;

  protected logError(error: unknown, what: string, fields: Record<string, unknown> = {}): void {
    this.waiting = true;
    this.base.log.error({ err: error, ...fields }, `${this.base.name} engine: ${what} failed (retried)`);
  }

  /** A change heard (this node's or, over the bus, another's): re-read the next deadline. */
  private heard(): void {
    this.changed = true;
    if (this.running) void this.arm().catch((error: unknown) => this.logError(error, 'arming the next deadline'));
  }

  private periodic(): void {
    if (!this.restful()) void this.loop.run();
  }

  private async round(): Promise<void> {
    // What this round reads is what it knows; a wake-up from here on asks for another look.
    this.changed = false;
    this.waiting = false;
    try {
      await this.work();
    } catch (error) {
      this.logError(error, 'sweep');
    } finally {
      if (this.running) await this.arm().catch((error: unknown) => this.logError(error, 'arming the next deadline'));
    }
  }

  private async arm(): Promise<void> {
    const now = this.base.clock.now();
    const mine = ++this.arming;
    const next = await this.nextDue(now);
    if (!this.running || mine !== this.arming) return;
    this.next = next;
    this.cancelWake?.();
    this.cancelWake = null;
    if (next === null) return;
    // Capped: a timer weeks ahead would overflow setTimeout. When it fires early, a resting engine
    // sets it again for what is left (restful: the deadline is still ahead); otherwise it sweeps.
    const timer = (at: number) => {
      this.cancelWake = this.base.clock.after(Math.min(Math.max(0, at - this.base.clock.now()), this.base.retryEveryMs), () => {
        this.cancelWake = null;
        if (!this.running) return;
        if (this.restful() && this.next !== null && this.next !== undefined) timer(this.next);
        else void this.loop.run();
      });
    };
    timer(next);
  }
}
