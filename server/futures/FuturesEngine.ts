/**
 * The futures engine (leader only, docs/FUTURES.md "Engine"). It keeps the live trades in memory
 * (loaded at start, updated after each commit, reloaded every few seconds so trades placed on
 * another node are seen) and, on every market tick, decides from the tick's prices what must
 * happen: a limit order the mark crossed fills, a take-profit or stop-loss the mark reached
 * closes, an account whose risk rate fell to the threshold is liquidated. At each UTC day change
 * it charges the overnight fee. The decisions are cheap and synchronous; the work runs after the
 * tick, queued per user, each effect in its own transaction that re-checks under locks and
 * settles once (the settlement row's unique key), so a restart or a second try never settles twice.
 */
import { Decimal } from '../../domain/decimal';
import { limitFills, mustLiquidate, profit, riskRate, stopTriggered } from '../../domain/futures/formulas';
import type { Ticker } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/Ledger';
import type { MarketSource, MarketTick } from '../market/MarketSource';
import type { FuturesRepository, TradeRow } from './FuturesRepository';
import type { FuturesService } from './FuturesService';
import { LEVER, USDT_ID, type Mark } from './trading/terms';
import { futuresSettings } from './settings';

const DAY_MS = 86_400_000;
const RELOAD_EVERY_MS = 2_000;

/** `yyyy-mm-dd` of a time, UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class FuturesEngine {
  /** Live trades by pair, then id. */
  private readonly byPair = new Map<number, Map<number, TradeRow>>();
  /** Open positions by user, then id. */
  private readonly byUser = new Map<number, Map<number, TradeRow>>();
  /** Each user's available lever USDT as last read (for the cheap liquidation check; the transaction re-checks). */
  private readonly wallets = new Map<number, Decimal>();
  private readonly thresholds = new Map<number, Decimal | null>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly pending = new Set<string>();
  private stops: (() => void)[] = [];
  private reloading: Promise<void> | null = null;
  /** Background work not yet queued per user (the overnight fee's candidate query). */
  private readonly tasks = new Set<Promise<unknown>>();
  private cancelDayChange: (() => void) | null = null;
  private running = false;

  constructor(
    private readonly deps: {
      clock: Clock;
      market: MarketSource;
      ledger: Ledger;
      repo: FuturesRepository;
      service: FuturesService;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    deps.service.onChange((row) => this.track(row));
    deps.ledger.onBalancesChanged((userId, changed) => {
      if (this.running && this.byUser.has(userId) && changed.some((c) => c.account === LEVER && c.currency_id === USDT_ID)) {
        this.background(this.readWallet(userId));
      }
    });
  }

  async start(): Promise<void> {
    this.running = true;
    await this.reload();
    this.stops.push(
      this.deps.market.onTick((tick) => this.onTick(tick)),
      this.deps.clock.every(RELOAD_EVERY_MS, () => void this.reload()),
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
    while (this.queues.size || this.reloading || this.tasks.size) {
      await Promise.all([...this.queues.values(), ...this.tasks, this.reloading]);
    }
  }

  /** Takes a committed trade into the working set (or out of it, once final). */
  track(row: TradeRow): void {
    const live = row.status === 'open' || row.status === 'entrusted';
    const pair = this.byPair.get(row.match_id) ?? new Map<number, TradeRow>();
    if (live) pair.set(row.id, row);
    else pair.delete(row.id);
    this.byPair.set(row.match_id, pair);
    const user = this.byUser.get(row.user_id) ?? new Map<number, TradeRow>();
    if (row.status === 'open') user.set(row.id, row);
    else user.delete(row.id);
    if (user.size) {
      this.byUser.set(row.user_id, user);
      if (this.running && !this.wallets.has(row.user_id)) this.background(this.readWallet(row.user_id));
    } else {
      this.byUser.delete(row.user_id);
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
      const trades = this.byPair.get(ticker.id);
      if (!trades?.size) continue;
      const mark: Mark = { price: ticker.price, ts: ticker.ts };
      for (const t of trades.values()) {
        if (t.status === 'entrusted') {
          if (limitFills(t.side, mark.price, t.target_price!))
            this.enqueue(t.user_id, `fill:${t.id}`, () => this.deps.service.fill(t.id, mark));
        } else {
          users.add(t.user_id);
          if (stopTriggered(t.side, mark.price, t.target_profit_price, t.stop_loss_price)) {
            this.enqueue(t.user_id, `stop:${t.id}`, () => this.deps.service.stop(t.id, mark));
          }
        }
      }
    }
    for (const userId of users) if (this.atRisk(userId)) this.enqueue(userId, `liquidate:${userId}`, () => this.liquidate(userId));
  }

  /**
   * The cheap check at the last marks and the last-read available; the transaction decides for
   * real. Until a new account's balance has been read it counts as 0 (a lower bound: available is
   * never negative), so a tick right after an open is never missed while that read is in flight.
   */
  private atRisk(userId: number): boolean {
    const open = this.byUser.get(userId);
    const available = this.wallets.get(userId) ?? new Decimal(0);
    if (!open?.size) return false;
    let margin = new Decimal(0);
    let pnl = new Decimal(0);
    let threshold = new Decimal(0);
    for (const t of open.values()) {
      const ticker = this.deps.market.ticker(t.symbol);
      if (!ticker) return false;
      margin = margin.plus(t.margin);
      pnl = pnl.plus(profit(t.side, t.open_price!, ticker.price, t.number, t.quote_usdt));
      const own = this.thresholdOf(t.match_id);
      if (own && own.gt(threshold)) threshold = own;
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
      if (this.byUser.has(userId)) this.wallets.set(userId, available);
    } catch (error) {
      this.deps.log.error({ err: error }, 'futures engine: reading a balance failed');
    }
  }

  /** Work that `idle()` waits for. */
  private background(task: Promise<unknown>): void {
    const tracked = task.finally(() => this.tasks.delete(tracked));
    this.tasks.add(tracked);
  }

  /** Reloads the working set from the database (trades placed through another node); one at a time. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const rows = await this.deps.repo.allLive();
        this.byPair.clear();
        const users = new Set(this.byUser.keys());
        this.byUser.clear();
        for (const row of rows) this.track(row);
        for (const userId of users) if (!this.byUser.has(userId)) this.wallets.delete(userId);
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
