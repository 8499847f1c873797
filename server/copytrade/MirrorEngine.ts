/**
 * The copy-trading engine (docs/COPYTRADE.md "Engine"):
 *
 * - **live** (every node): the futures service tells it of each position that opens or closes; a
 *   trader's open is copied to their followers, a trader's close closes the copies. The work runs
 *   one item at a time, in order, after the trader's transaction committed.
 * - **sweep** (leader, at start and every minute): applies the copy stop-loss at the current
 *   marks (reading the guarded follows again only after a change: every change this listener
 *   hears, mirroring/StopLossWatch.ts), and reconciles: copies the opens the live path missed (a
 *   node that stopped between the trader's commit and the copy, a failed copy, a follow that
 *   committed after the open's live copy read the follows), closes the copies whose trader
 *   position closed meanwhile. The reconciliation reads every open copy, so it runs when it can
 *   find something: at start, after the live path failed or a new follow (`onFollowMade`), every
 *   minute while other nodes may trade (their live paths and follows are theirs; a follow made
 *   there is reconciled by that minute's sweep), and hourly besides on a node alone, which hears
 *   every trade itself (`reloadEvery`).
 * - **statistics** (leader, at start and every hour): every trader's figures.
 *
 * Nothing here keeps state that matters: `copies` (unique per follow and trader order) says what
 * was done, so the live path, the sweep, a restarted node and a second node can all try; one copies.
 */
import type { Clock } from '../clock';
import type { ClusterBus } from '../platform/cluster/ClusterBus';
import { reloadEvery } from '../platform/reloadEvery';
import type { TradeRow } from '../futures/FuturesRepository';
import type { CopyService } from './CopyService';

const SWEEP_MS = 60_000;
const STATS_MS = 3_600_000;

export class MirrorEngine {
  private queue: Promise<void> = Promise.resolve();
  private stops: (() => void)[] = [];
  private running = false;
  private sweeping: Promise<void> | null = null;
  /** The live path may have missed something since the last reconciliation (a failure; true at start). */
  private missed = true;
  /** When the last reconciliation ran (on the injected clock). */
  private reconciledAt = Number.NEGATIVE_INFINITY;
  /** Whether the running sweep reconciles. */
  private reconciling = false;
  /** The statistics run under way, and whether another was asked for meanwhile. */
  private computing: Promise<void> | null = null;
  private computeAgain = false;

  constructor(
    private readonly deps: {
      clock: Clock;
      bus: ClusterBus;
      service: CopyService;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {}

  /** The futures service's change listener: a trader's open or close, queued. */
  onTrade(row: TradeRow, before: string | null): void {
    this.deps.service.tradeChanged();
    if (row.status === 'open' && before !== 'open')
      this.enqueue(async () => {
        if (await this.deps.service.isTrader(row.user_id)) await this.deps.service.mirrorOpen(row);
      });
    if (row.status === 'closed' && before === 'open') this.enqueue(() => this.deps.service.mirrorClose(row.id));
  }

  /**
   * A new follow committed. A trader's open made while the follow's transaction ran (the follow's
   * `created_at` ≤ the open's `opened_at`: the rule copies it) may have been mirrored before the
   * follow committed, and then not to it: the next minute's sweep reconciles, as after a live
   * failure (found by the simulation, seed 3021: on a node alone the hourly reconciliation copied
   * it an hour late).
   */
  onFollowMade(): void {
    this.missed = true;
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.missed = true;
      this.deps.log.error({ err: error }, 'copy trading: mirroring failed (the sweep retries)');
    });
  }

  /** Resolves once the live queue and any sweep are done (tests, shutdown). */
  async idle(): Promise<void> {
    await this.queue;
    while (this.sweeping) await this.sweeping;
    await this.queue;
  }

  async start(): Promise<void> {
    this.running = true;
    this.missed = true;
    this.stops.push(this.deps.clock.every(SWEEP_MS, () => void this.periodic()));
    this.stops.push(this.deps.clock.every(STATS_MS, () => void this.stats()));
    await this.sweep();
    await this.stats();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.idle();
  }

  /** A whole sweep: the stop-losses and the reconciliation (at start; tests). */
  sweep(): Promise<void> {
    return this.run(true);
  }

  /** The minute's sweep: the stop-losses, and the reconciliation when it can find something (the header). */
  private periodic(): Promise<void> {
    return this.run(this.missed || this.deps.clock.now() - this.reconciledAt >= reloadEvery(this.deps.bus, SWEEP_MS));
  }

  private run(reconcile: boolean): Promise<void> {
    // A whole sweep asked for while a lighter one runs goes after it.
    if (this.sweeping) return reconcile && !this.reconciling ? this.sweeping.then(() => this.run(true)) : this.sweeping;
    this.reconciling = reconcile;
    this.sweeping = (async () => {
      if (reconcile) {
        this.missed = false;
        this.reconciledAt = this.deps.clock.now();
      }
      try {
        await this.deps.service.sweep(reconcile);
      } catch (error) {
        if (reconcile) this.missed = true;
        this.deps.log.error({ err: error }, 'copy trading: sweep failed (retried)');
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  /**
   * Every trader's figures, one run at a time: asked while a run is under way (an hour's timer
   * firing again, or a clock moved by many hours at once firing it for each), it runs once more
   * after that run, at the clock then, rather than once per ask side by side.
   */
  stats(): Promise<void> {
    if (this.computing) {
      this.computeAgain = true;
      return this.computing;
    }
    this.computing = (async () => {
      do {
        this.computeAgain = false;
        try {
          await this.deps.service.computeAllStats();
        } catch (error) {
          this.deps.log.error({ err: error }, 'copy trading: statistics failed (retried)');
        }
      } while (this.computeAgain);
      this.computing = null;
    })();
    return this.computing;
  }
}
