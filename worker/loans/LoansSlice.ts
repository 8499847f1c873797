/**
 * Live loans (docs/LOANS.md "Worker"): the user's open loans (handed over by the
 * page from `/loan/list`) valued at the worker's own last prices of their collateral pairs (the
 * `quotes` topic), with domain/loans/formulas.ts: each loan's LTV, its risk against the loan's
 * lines, the collateral's value and price. Recomputed only when a loan's pair ticked, and handed
 * to the UI at most every `THROTTLE_MS` (a loan card needs no more), only the cards whose text changed.
 */
import { Decimal } from '../../domain/decimal';
import { formatAmount, formatPrice } from '../../domain/format';
import { DEFAULT_LANG, type Lang } from '../../domain/i18n';
import { collateralValue, loanRisk, ltv, type LoanRisk } from '../../domain/loans/formulas';
import type { Loan } from '../../domain/loans/types';
import type { Ticker } from '../../domain/market/types';
import { heldFor, type Slice, type SliceHooks } from '../slice';
import { ltvPercent } from './preview';

/** The least time between two loan snapshots. */
export const THROTTLE_MS = 500;
const DASH = '--';

/** One open loan as its card shows it live. */
export interface LoanLiveView {
  id: number;
  /** The LTV as a fraction (`0.6512`), for the bar; null until a price arrived or with no collateral value. */
  ltv: string | null;
  ltvText: string;
  risk: LoanRisk | null;
  priceText: string;
  valueText: string;
}

export interface LoansChanges {
  /** Loan cards whose live figures changed, by loan id. */
  loans?: Record<number, LoanLiveView>;
}

interface Price {
  price: string;
  price_decimals: number;
}

export class LoansSlice implements Slice<LoansChanges> {
  private lang: Lang = DEFAULT_LANG;
  private readonly prices = new Map<string, Price>();
  private loans = new Map<number, Loan>();
  private readonly sent = new Map<number, LoanLiveView>();
  private ticked = new Set<string>();
  private everything = false;
  private lastTake = -Infinity;

  /** `now`: the clock `isDirty` reads the throttle on (`take` is handed its time), injected in tests. */
  constructor(private readonly now: () => number = Date.now) {}

  readonly hooks: SliceHooks = {
    applyTickers: (tickers) => this.applyTickers(tickers),
    setLang: (lang) => this.setLang(lang),
  };

  setLang(lang: Lang): void {
    if (lang === this.lang) return;
    this.lang = lang;
    this.everything = true;
  }

  /** The open loans the page shows (their debt and collateral as the server last answered). */
  setLoans(list: readonly Loan[]): void {
    this.loans = new Map(list.filter((l) => l.status === 'open').map((l) => [l.id, l]));
    for (const id of [...this.sent.keys()]) if (!this.loans.has(id)) this.sent.delete(id);
    this.everything = true;
  }

  applyTickers(tickers: readonly Ticker[]): void {
    for (const t of tickers) {
      if (t.quote !== 'USDT') continue;
      const old = this.prices.get(t.symbol);
      if (old?.price === t.price) continue;
      this.prices.set(t.symbol, { price: t.price, price_decimals: t.price_decimals });
      this.ticked.add(t.symbol);
    }
  }

  /** The worker's last price of `symbol` (a collateral pair against USDT). */
  priceOf(symbol: string): Price | undefined {
    return this.prices.get(symbol);
  }

  language(): Lang {
    return this.lang;
  }

  /** A new or changed list is due at once; a loan's pair that ticked once the throttle has passed (`dueInMs`). */
  get isDirty(): boolean {
    return this.everything || this.dueInMs === 0;
  }

  /**
   * How long until a tick held back by the throttle should go (0: now); null when no loan's pair
   * ticked. The pacer looks again then, so a collateral's last move of a quiet feed is shown
   * without waiting for another tick.
   */
  get dueInMs(): number | null {
    for (const loan of this.loans.values()) if (this.ticked.has(loan.symbol)) return heldFor(this.lastTake, THROTTLE_MS, this.now());
    return null;
  }

  take(nowMs: number): LoansChanges {
    if (!this.everything && nowMs - this.lastTake < THROTTLE_MS) return {};
    this.lastTake = nowMs;
    const out: Record<number, LoanLiveView> = {};
    for (const loan of this.loans.values()) {
      if (!this.everything && !this.ticked.has(loan.symbol)) continue;
      const view = this.view(loan);
      const old = this.sent.get(loan.id);
      if (old && old.ltvText === view.ltvText && old.priceText === view.priceText && old.valueText === view.valueText) continue;
      this.sent.set(loan.id, view);
      out[loan.id] = view;
    }
    this.ticked = new Set();
    this.everything = false;
    return Object.keys(out).length ? { loans: out } : {};
  }

  private view(loan: Loan): LoanLiveView {
    const p = this.prices.get(loan.symbol);
    if (!p) return { id: loan.id, ltv: null, ltvText: DASH, risk: null, priceText: DASH, valueText: DASH };
    const value = ltv(loan.debt, loan.collateral, p.price);
    return {
      id: loan.id,
      ltv: value === null ? null : value.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(),
      ltvText: value === null ? DASH : ltvPercent(value, this.lang),
      risk: loanRisk(value, loan),
      priceText: formatPrice(p.price, p.price_decimals, this.lang),
      valueText: formatAmount(collateralValue(loan.collateral, p.price).toDecimalPlaces(2, Decimal.ROUND_DOWN), 2, this.lang),
    };
  }
}
