/**
 * The spot engine (leader only, docs/SPOT.md "Engine"): keeps the open limit orders in memory
 * (loaded at start, updated after each commit, reloaded every few seconds so orders placed on
 * another node are seen: hourly on a node alone, `reloadEvery`) and, on every market tick, fills
 * each open order whose price the tick's last price crosses (`limitCrossed`), at the better of its
 * limit and that last price (`limitFillPrice`: a gap's better price goes to the user), recording
 * the tick's price and time. At start it checks the current prices at once (what crossed while no
 * node was leading). Each fill runs in its own transaction that re-checks under the locks; the
 * order's unique settlement key (the ledger operation's key) makes it happen once whoever tries.
 */
import { limitCrossed } from '../../domain/spot/formulas';
import type { Ticker } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { ClusterBus } from '../platform/cluster/ClusterBus';
import { reloadEvery } from '../platform/reloadEvery';
import type { MarketSource, MarketTick } from '../market/MarketSource';
import type { OrderRow, SpotRepository } from './SpotRepository';
import type { Mark, SpotService } from './SpotService';

const RELOAD_EVERY_MS = 2_000;

export class SpotEngine {
  /** Open orders by pair, then id. */
  private readonly byPair = new Map<number, Map<number, OrderRow>>();
  private readonly pending = new Set<number>();
  private readonly running = new Set<Promise<unknown>>();
  private stops: (() => void)[] = [];
  private reloading: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      clock: Clock;
      bus: ClusterBus;
      market: MarketSource;
      repo: SpotRepository;
      service: SpotService;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    deps.service.onChange((row) => this.track(row));
  }

  async start(): Promise<void> {
    await this.reload();
    this.stops.push(
      this.deps.market.onTick((tick: MarketTick) => {
        if (tick.tickers.length) this.check(tick.tickers);
      }),
      this.deps.clock.every(reloadEvery(this.deps.bus, RELOAD_EVERY_MS), () => void this.reload()),
    );
    this.check(this.deps.market.tickers());
  }

  async stop(): Promise<void> {
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.idle();
  }

  /** Resolves once every started fill (and reload) has finished. */
  async idle(): Promise<void> {
    while (this.running.size || this.reloading) await Promise.all([...this.running, this.reloading]);
  }

  /** Takes a committed order into the working set, or out of it once final. */
  track(row: OrderRow): void {
    const pair = this.byPair.get(row.match_id) ?? new Map<number, OrderRow>();
    if (row.status === 'open' && row.kind === 'limit') pair.set(row.id, row);
    else pair.delete(row.id);
    this.byPair.set(row.match_id, pair);
  }

  /** Fills every tracked order these tickers' last prices cross. */
  private check(tickers: readonly Ticker[]): void {
    for (const ticker of tickers) {
      const orders = this.byPair.get(ticker.id);
      // A venue gone silent fills nothing on this pair (docs/MARKET.md).
      if (!orders?.size || ticker.stale) continue;
      const mark: Mark = { price: ticker.price, ts: ticker.ts };
      for (const o of orders.values()) {
        if (!this.pending.has(o.id) && limitCrossed(o.side, o.target_price!, mark.price)) this.fill(o.id, mark);
      }
    }
  }

  private fill(id: number, mark: Mark): void {
    this.pending.add(id);
    const work = this.deps.service
      .fill(id, mark)
      .catch((error: unknown) => this.deps.log.error({ err: error, order: id }, 'spot engine: fill failed (retried on a later tick)'))
      .finally(() => {
        this.pending.delete(id);
        this.running.delete(work);
      });
    this.running.add(work);
  }

  /** Reloads the open orders from the database; one reload at a time. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const rows = await this.deps.repo.allOpen();
        this.byPair.clear();
        for (const row of rows) this.track(row);
      } catch (error) {
        this.deps.log.error({ err: error }, 'spot engine: reload failed');
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }
}
