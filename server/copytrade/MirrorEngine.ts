/**
 * The copy-trading engine (docs/COPYTRADE.md "Engine"):
 *
 * - **live** (every node): the futures service tells it of each position that opens or closes; a
 *   trader's open is copied to their followers, a trader's close closes the copies. The work runs
 *   one item at a time, in order, after the trader's transaction committed.
 * - **sweep** (leader, at start and every minute): copies the opens the live path missed (a node
 *   that stopped between the trader's commit and the copy), closes the copies whose trader
 *   position closed meanwhile, and applies the copy stop-loss at the current marks.
 * - **statistics** (leader, at start and every hour): every trader's figures.
 *
 * Nothing here keeps state that matters: `copies` (unique per follow and trader order) says what
 * was done, so the live path, the sweep, a restarted node and a second node can all try; one copies.
 */
import type { Clock } from '../clock';
import type { TradeRow } from '../futures/FuturesRepository';
import type { CopyService } from './CopyService';

const SWEEP_MS = 60_000;
const STATS_MS = 3_600_000;

export class MirrorEngine {
  private queue: Promise<void> = Promise.resolve();
  private stops: (() => void)[] = [];
  private running = false;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      clock: Clock;
      service: CopyService;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {}

  /** The futures service's change listener: a trader's open or close, queued. */
  onTrade(row: TradeRow, before: string | null): void {
    if (row.status === 'open' && before !== 'open')
      this.enqueue(async () => {
        if (await this.deps.service.isTrader(row.user_id)) await this.deps.service.mirrorOpen(row);
      });
    if (row.status === 'closed' && before === 'open') this.enqueue(() => this.deps.service.mirrorClose(row.id));
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue
      .then(work)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'copy trading: mirroring failed (the sweep retries)'));
  }

  /** Resolves once the live queue and any sweep are done (tests, shutdown). */
  async idle(): Promise<void> {
    await this.queue;
    while (this.sweeping) await this.sweeping;
    await this.queue;
  }

  async start(): Promise<void> {
    this.running = true;
    this.stops.push(this.deps.clock.every(SWEEP_MS, () => void this.sweep()));
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

  sweep(): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      try {
        await this.deps.service.sweep();
      } catch (error) {
        this.deps.log.error({ err: error }, 'copy trading: sweep failed (retried)');
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  async stats(): Promise<void> {
    try {
      await this.deps.service.computeAllStats();
    } catch (error) {
      this.deps.log.error({ err: error }, 'copy trading: statistics failed (retried)');
    }
  }
}
