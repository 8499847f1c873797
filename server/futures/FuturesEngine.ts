/**
 * The futures engine (leader only, docs/FUTURES.md "Engine"). It keeps the live trades in memory
 * (loaded at start, updated after each commit on this node, re-read by id when another node says on
 * the cluster bus that it changed one, and reloaded whole every half minute as the safety net of an
 * at-most-once bus; hourly on a node alone, `reloadEvery`) and, on every market tick, decides from
 * the tick's prices what must happen: a limit order the mark crossed fills, a take-profit or
 * stop-loss the mark reached closes, an account whose risk rate fell to the threshold is
 * liquidated. At each UTC day change it charges the overnight fee. The decisions are cheap and
 * synchronous; the work runs after the tick, queued per user, each effect in its own transaction
 * that re-checks under locks and settles once (the settlement row's unique key), so a restart or a
 * second try never settles twice.
 */
import { Decimal } from '../../domain/decimal';
import { limitFills, mustLiquidate, profit, riskRate, stopTriggered } from '../../domain/futures/formulas';
import type { Ticker } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { ClusterBus } from '../platform/cluster/ClusterBus';
import { reloadEvery } from '../platform/reloadEvery';
import type { Ledger } from '../ledger/Ledger';
import type { MarketSource, MarketTick } from '../market/MarketSource';
import type { FuturesRepository, TradeRow } from './FuturesRepository';
import type { FuturesService } from './FuturesService';
import { LEVER, USDT_ID, type Mark } from './trading/terms';
import { futuresSettings } from './settings';
import { TradeIndex } from './TradeIndex';

const DAY_MS = 86_400_000;
/**
 * How often the whole working set is read again. Not how changes arrive (this node's own through
 * `track`, another node's through `refresh`): a net for a bus message lost, so it can be rare; a
 * full read of thousands of live trades every 2 s held the database from orders (bench/ server).
 */
export const RELOAD_EVERY_MS = 30_000;
/** The cluster bus channel on which a node says it committed a change to a trade: `{ id, node }`. */
export const TRADE_CHANGED = 'futures:trade';

/** `yyyy-mm-dd` of a time, UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class FuturesEngine {
  /** Live trades, by pair and by user (server/futures/TradeIndex.ts). */
  private readonly index = new TradeIndex();
  /** Each user's available lever USDT as last read (for the cheap liquidation check; the transaction re-checks). */
  private readonly wallets = new Map<number, Decimal>();
  private readonly thresholds = new Map<number, Decimal | null>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly pending = new Set<string>();
  private stops: (() => void)[] = [];
  private reloading: Promise<void> | null = null;
  /** Rows tracked while a reload's read was in flight: newer than what that read returns. */
  private readonly trackedDuringReload = new Map<number, TradeRow>();
  /** Trades another node changed, to be read again; read in batches, one batch at a time. */
  private readonly stale = new Set<number>();
  private refreshing: Promise<void> | null = null;
  /** Background work not yet queued per user (the overnight fee's candidate query). */
  private readonly tasks = new Set<Promise<unknown>>();
  private cancelDayChange: (() => void) | null = null;
  private running = false;

  constructor(
    private readonly deps: {
      clock: Clock;
      bus: ClusterBus;
      market: MarketSource;
      ledger: Ledger;
      repo: FuturesRepository;
      service: FuturesService;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    deps.service.onChange((row) => this.track(row));
    // The ledger says what the lever USDT became: no read per order, fill or close.
    deps.ledger.onBalancesChanged((userId, changed) => {
      const lever = changed.find((c) => c.account === LEVER && c.currency_id === USDT_ID);
      if (this.running && lever && this.index.holds(userId)) this.wallets.set(userId, new Decimal(lever.available));
    });
  }

  async start(): Promise<void> {
    this.running = true;
    await this.reload();
    this.stops.push(
      this.deps.market.onTick((tick) => this.onTick(tick)),
      this.deps.clock.every(reloadEvery(this.deps.bus, RELOAD_EVERY_MS), () => void this.reload()),
    );
    this.scheduleDayChange();
    // Catch up: what the marks decided while this node was not leading, and today's overnight fee.
    this.check(this.deps.market.tickers());
    await this.chargeOvernight(utcDay(this.deps.clock.now()));
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    this.cancelDayChange?.();
    this.cancelDayChange = null;
    await this.idle();
  }

  /** Resolves once every queued effect has run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size || this.reloading || this.refreshing || this.tasks.size) {
      await Promise.all([...this.queues.values(), ...this.tasks, this.reloading, this.refreshing]);
    }
  }

  /** Takes a committed trade into the working set (or out of it, once final). */
  track(row: TradeRow): void {
    if (this.reloading) this.trackedDuringReload.set(row.id, row);
    this.apply(row);
  }

  /**
   * Another node committed a change to these trades (`TRADE_CHANGED` on the bus): reads them
   * again and tracks what they are now. Reads run one batch at a time, so a later read never
   * lands before an earlier one.
   */
  refresh(ids: Iterable<number>): Promise<void> {
    if (!this.running) return Promise.resolve();
    for (const id of ids) this.stale.add(id);
    this.refreshing ??= (async () => {
      try {
        while (this.stale.size && this.running) {
          const batch = [...this.stale];
          this.stale.clear();
          for (const row of (await this.deps.repo.byIds(batch)).values()) this.track(row);
        }
      } catch (error) {
        this.deps.log.error({ err: error }, 'futures engine: reading changed trades failed (the next reload has them)');
        this.stale.clear();
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private apply(row: TradeRow, unread?: Set<number>): void {
    this.index.track(row);
    if (this.index.holds(row.user_id)) {
      if (!this.running || this.wallets.has(row.user_id)) return;
      if (unread) unread.add(row.user_id);
      else this.background(this.readWallet(row.user_id));
    } else {
      this.wallets.delete(row.user_id);
    }
  }

  /** Charges the overnight fee of `day` on every position open since before that day began; resolves when done. */
  async chargeOvernight(day: string): Promise<void> {
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    const due = await this.deps.repo.openWithout(`overnight:${day}`, dayStart);
    await Promise.all(
      due.map((t) => this.enqueue(t.user_id, `overnight:${day}:${t.id}`, () => this.deps.service.chargeOvernight(t.id, day))),
    );
  }

  private onTick(tick: MarketTick): void {
    if (tick.tickers.length) this.check(tick.tickers);
  }

  /** Decides, from these tickers, what must happen; queues it. */
  private check(tickers: readonly Ticker[]): void {
    const users = new Set<number>();
    for (const ticker of tickers) {
      // A venue gone silent decides nothing on this pair (docs/MARKET.md).
      if (ticker.stale) continue;
      const mark: Mark = { price: ticker.price, ts: ticker.ts };
      for (const t of this.index.mayTrigger(ticker.id, new Decimal(ticker.price))) {
        if (t.status === 'entrusted') {
          if (limitFills(t.side, mark.price, t.target_price!))
            this.enqueue(t.user_id, `fill:${t.id}`, () => this.deps.service.fill(t.id, mark));
        } else if (stopTriggered(t.side, mark.price, t.target_profit_price, t.stop_loss_price)) {
          this.enqueue(t.user_id, `stop:${t.id}`, () => this.deps.service.stop(t.id, mark));
        }
      }
      for (const userId of this.index.holdersOf(ticker.id)) users.add(userId);
    }
    for (const userId of users) if (this.atRisk(userId)) this.enqueue(userId, `liquidate:${userId}`, () => this.liquidate(userId));
  }

  /** The last mark of a pair, for the P&L bound. */
  private readonly markOf = (pairId: number): Decimal | undefined => {
    const pair = this.deps.market.pairs.find((p) => p.id === pairId);
    const ticker = pair && this.deps.market.ticker(pair.symbol);
    return ticker ? new Decimal(ticker.price) : undefined;
  };

  /**
   * The cheap check at the last marks and the last-read available; the transaction decides for
   * real. Until a new account's balance has been read it counts as 0 (a lower bound: available is
   * never negative), so a tick right after an open is never missed while that read is in flight.
   */
  private atRisk(userId: number): boolean {
    if (!this.index.holds(userId)) return false;
    const available = this.wallets.get(userId) ?? new Decimal(0);
    // The account's threshold: the highest of the pairs it holds.
    let threshold = new Decimal(0);
    for (const pairId of this.index.pairsOf(userId)) {
      const own = this.thresholdOf(pairId);
      if (own && own.gt(threshold)) threshold = own;
    }
    // The bound first: an account safe at the lowest P&L its marks allow needs no position-by-position sum.
    const floor = this.index.pnlFloor(userId, this.markOf);
    if (floor && !mustLiquidate(riskRate(available, floor.margin, floor.pnl), threshold)) return false;
    let margin = new Decimal(0);
    let pnl = new Decimal(0);
    for (const t of this.index.openOf(userId)) {
      const ticker = this.deps.market.ticker(t.symbol);
      // An account holding a pair whose venue went silent is not liquidated on that pair's last price.
      if (!ticker || ticker.stale) return false;
      margin = margin.plus(t.margin);
      pnl = pnl.plus(profit(t.side, t.open_price!, ticker.price, t.number, t.quote_usdt));
    }
    return mustLiquidate(riskRate(available, margin, pnl), threshold);
  }

  /**
   * A pair's liquidation threshold, read once: the check runs on every tick for every user whose
   * pair moved, and the settings do not change while the server runs (bench/ server).
   */
  private thresholdOf(matchId: number): Decimal | null {
    let known = this.thresholds.get(matchId);
    if (known === undefined) {
      const pair = this.deps.market.pairs.find((p) => p.id === matchId);
      known = pair ? new Decimal(futuresSettings(pair).liquidation_risk) : null;
      this.thresholds.set(matchId, known);
    }
    return known;
  }

  private async liquidate(userId: number): Promise<void> {
    const closed = await this.deps.service.liquidate(userId);
    // Not liquidated: the cached balance was stale; read it again.
    if (!closed) await this.readWallet(userId);
  }

  /** Runs `work` after the user's earlier work; the same `key` is queued once until it has run. */
  private enqueue(userId: number, key: string, work: () => Promise<unknown>): Promise<unknown> {
    if (this.pending.has(key)) return Promise.resolve();
    this.pending.add(key);
    const run = (this.queues.get(userId) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => this.deps.log.error({ err: error, key }, 'futures engine: effect failed (retried on a later tick)'))
      .finally(() => this.pending.delete(key));
    this.queues.set(userId, run);
    void run.then(() => {
      if (this.queues.get(userId) === run) this.queues.delete(userId);
    });
    return run;
  }

  private async readWallet(userId: number): Promise<void> {
    try {
      const { available } = await this.deps.service.available(userId);
      if (this.index.holds(userId)) this.wallets.set(userId, available);
    } catch (error) {
      this.deps.log.error({ err: error }, 'futures engine: reading a balance failed');
    }
  }

  private async readWallets(userIds: number[]): Promise<void> {
    try {
      const wallets = await this.deps.service.availableOf(userIds);
      // A balance the ledger announced meanwhile is newer than this read: it stays.
      for (const [userId, { available }] of wallets)
        if (this.index.holds(userId) && !this.wallets.has(userId)) this.wallets.set(userId, available);
    } catch (error) {
      this.deps.log.error({ err: error }, 'futures engine: reading balances failed');
    }
  }

  /** Work that `idle()` waits for. */
  private background(task: Promise<unknown>): void {
    const tracked = task.finally(() => this.tasks.delete(tracked));
    this.tasks.add(tracked);
  }

  /**
   * Reads the whole working set again; one at a time. A trade tracked while the read was in flight
   * keeps that newer row (a position closed meanwhile is not brought back by the older read).
   */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      this.trackedDuringReload.clear();
      try {
        const rows = await this.deps.repo.allLive();
        const users = [...this.index.holderIds()];
        this.index.clear();
        // The wallets not known yet (every holder's, at start) are read together, not one statement a user.
        const unread = new Set<number>();
        for (const row of rows) if (!this.trackedDuringReload.has(row.id)) this.apply(row, unread);
        for (const row of this.trackedDuringReload.values()) this.apply(row, unread);
        this.trackedDuringReload.clear();
        for (const userId of users) if (!this.index.holds(userId)) this.wallets.delete(userId);
        if (unread.size) this.background(this.readWallets([...unread]));
      } catch (error) {
        this.deps.log.error({ err: error }, 'futures engine: reload failed');
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }

  /** At each UTC midnight (on the injected clock): that day's overnight fee. */
  private scheduleDayChange(): void {
    const now = this.deps.clock.now();
    const next = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
    this.cancelDayChange = this.deps.clock.after(next - now, () => {
      if (!this.running) return;
      this.background(
        this.chargeOvernight(utcDay(this.deps.clock.now())).catch((error: unknown) =>
          this.deps.log.error({ err: error }, 'futures engine: overnight fee failed'),
        ),
      );
      this.scheduleDayChange();
    });
  }
}
