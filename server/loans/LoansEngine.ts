/**
 * The loans engine (leader only, docs/LOANS.md "Engine"). Two duties, both on the injected clock:
 *
 * - Interest (a `DeadlineEngine`, like lockming's): the database says which loans have an
 *   interest day due (`days_accrued` against the days since the borrow); each is accrued in its
 *   own transaction under its lock, at start (the days missed while no engine ran), at the next
 *   due time and every few minutes besides.
 * - Liquidation (like the futures engine): the open loans are kept in memory by collateral pair
 *   (loaded at start, updated after each commit, reloaded every few seconds for loans taken on
 *   another node; hourly on a node alone, `reloadEvery`). On every market tick the cheap check at
 *   the tick's price decides which loans crossed a line (margin call, liquidation, or back below
 *   the margin call); the work runs after the tick, queued per loan, in a transaction that
 *   re-checks under the lock at the same recorded price and records it. At start every open loan
 *   is checked at the current price.
 */
import { Decimal } from '../../domain/decimal';
import { ltv } from '../../domain/loans/formulas';
import { loanTerms } from '../../domain/loans/terms';
import type { Ticker } from '../../domain/market/types';
import type { MarketSource, MarketTick } from '../market/MarketSource';
import { DeadlineEngine, type EngineBase } from '../platform/DeadlineEngine';
import { reloadEvery } from '../platform/reloadEvery';
import type { LoanRow, LoansRepository } from './LoansRepository';
import type { LoansService, Mark } from './LoansService';

const BATCH = 200;
const RELOAD_EVERY_MS = 5_000;

export class LoansEngine extends DeadlineEngine {
  /** Open loans by collateral symbol, then id. */
  private readonly bySymbol = new Map<string, Map<number, LoanRow>>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly pending = new Set<number>();
  private reloading: Promise<void> | null = null;
  private tickStops: (() => void)[] = [];

  constructor(private readonly deps: EngineBase & { repo: LoansRepository; service: LoansService; market: MarketSource }) {
    super({ ...deps, name: 'loans', retryEveryMs: 5 * 60_000 });
    deps.service.onChange((row) => {
      this.track(row);
      // A new loan's next interest day may be nearer than the armed timer.
      this.wake();
    });
  }

  override async start(): Promise<void> {
    await this.reload();
    this.tickStops.push(
      this.deps.market.onTick((tick: MarketTick) => {
        if (tick.tickers.length) this.check(tick.tickers);
      }),
      this.deps.clock.every(reloadEvery(this.deps.bus, RELOAD_EVERY_MS), () => void this.reload()),
    );
    await super.start();
    // Catch up: what the prices decided while this node was not leading.
    this.check(this.deps.market.tickers());
    await this.idle();
  }

  override async stop(): Promise<void> {
    for (const stop of this.tickStops) stop();
    this.tickStops = [];
    await super.stop();
  }

  /** Resolves once no sweep, reload or queued check is running (tests, shutdown). */
  override async idle(): Promise<void> {
    await super.idle();
    while (this.queues.size || this.reloading) await Promise.all([...this.queues.values(), this.reloading]);
  }

  /** Takes a committed loan into the working set (or out of it, once closed). */
  track(row: LoanRow): void {
    const terms = loanTerms(row.currency_id);
    if (!terms) return;
    const loans = this.bySymbol.get(terms.symbol) ?? new Map<number, LoanRow>();
    if (row.status === 'open') loans.set(row.id, row);
    else loans.delete(row.id);
    this.bySymbol.set(terms.symbol, loans);
  }

  // ---- interest ----------------------------------------------------------------------------

  protected async work(): Promise<void> {
    const failed = new Set<number>();
    while (this.running) {
      const due = (await this.deps.repo.accrualsDue(this.deps.clock.now(), BATCH + failed.size)).filter((l) => !failed.has(l.id));
      if (!due.length) return;
      for (const loan of due) {
        if (!this.running) return;
        try {
          await this.deps.service.accrue(loan.id);
        } catch (error) {
          failed.add(loan.id);
          this.logError(error, 'interest', { id: loan.id });
        }
      }
    }
  }

  /** The next interest day of any open loan; one already due (its accrual failed) is retried a minute on, not in a hot loop. */
  protected async nextDue(now: number): Promise<number | null> {
    const at = await this.deps.repo.nextAccrual();
    return at !== null && at <= now ? now + 60_000 : at;
  }

  // ---- liquidation -------------------------------------------------------------------------

  /** Decides from these tickers which loans crossed a line; queues their checks at the tick's price. */
  private check(tickers: readonly Ticker[]): void {
    if (!this.running) return;
    for (const ticker of tickers) {
      const loans = this.bySymbol.get(ticker.symbol);
      // A venue gone silent decides nothing on this collateral (docs/MARKET.md).
      if (!loans?.size || ticker.stale) continue;
      const mark: Mark = { price: ticker.price, ts: ticker.ts };
      for (const loan of loans.values()) {
        const value = ltv(new Decimal(loan.principal).plus(loan.interest), loan.collateral, mark.price);
        const crossed =
          value === null ||
          value.gte(loan.liquidation_ltv) ||
          (value.gte(loan.margin_call_ltv) && !loan.margin_called) ||
          (value.lt(loan.margin_call_ltv) && loan.margin_called);
        if (crossed) this.enqueue(loan.id, () => this.deps.service.check(loan.id, mark));
      }
    }
  }

  /** Runs `work` after the loan's earlier work; a loan is queued once until its check has run. */
  private enqueue(loanId: number, work: () => Promise<unknown>): void {
    if (this.pending.has(loanId)) return;
    this.pending.add(loanId);
    const run = (this.queues.get(loanId) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => this.logError(error, 'check', { id: loanId }))
      .finally(() => {
        this.pending.delete(loanId);
        if (this.queues.get(loanId) === run) this.queues.delete(loanId);
      });
    this.queues.set(loanId, run);
  }

  /** Reloads the working set from the database (loans taken through another node); one at a time. */
  private reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const rows = await this.deps.repo.open();
        this.bySymbol.clear();
        for (const row of rows) this.track(row);
      } catch (error) {
        this.logError(error, 'reload');
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }
}
