/**
 * The seconds options module: the user's pending options (the private channel's
 * `positions` with product `options`, kept by the AccountSlice) with the worker's own live price
 * against each open price and the would-be result computed with the same domain formula the
 * server settles with (`optionResult`), and the options settled since the page opened (with the
 * deciding price and time, expected vs actual P&L). Display-ready strings; the countdown is the
 * UI's (it holds `expires_at`), the figures are the worker's.
 */
import { Decimal } from '../../domain/decimal';
import { formatNumber, formatPrice, selectTone, type Tone } from '../../domain/format';
import { DEFAULT_LANG, type Lang } from '../../domain/i18n';
import type { Ticker } from '../../domain/market/types';
import { optionResult, settleOption } from '../../domain/options/formulas';
import type { OptionDecider, OptionDirection, OptionOrder, OptionResult } from '../../domain/options/types';
import type { PrivateKind, UserMessage } from '../../domain/protocol';
import type { AccountSlice } from '../account/AccountSlice';
import type { Slice, SliceHooks } from '../slice';

const DASH = '--';
/** Settled options kept for the result cards, newest first. */
const SETTLED_KEPT = 20;
/** Payout rounding: USDT's ledger decimals. */
const MONEY_DECIMALS = 6;

/** One option as the UI shows it (pending or settled). */
export interface OptionView {
  id: number;
  match_id: number;
  symbol: string;
  direction: OptionDirection;
  seconds: number;
  open_ts: number;
  expires_at: number;
  /** pending: the would-be result at the worker's last price (null without one); settled: the result. */
  result: OptionResult | null;
  settled: boolean;
  tone: Tone;
  stakeText: string;
  ratioText: string;
  openText: string;
  /** pending: the worker's live price; settled: the deciding price. */
  priceText: string;
  /** That price against the open price: up green, down red (`tone` is the P&L's). */
  priceTone: Tone;
  /** The deciding price's time (settled only). */
  close_ts: number | null;
  /** Which rule chose the deciding price (settled only): a live tick or the price record. */
  decided_by: OptionDecider | null;
  /** What a win would earn (stake × ratio), signed. */
  expectedText: string;
  /** pending: the would-be P&L at the live price; settled: the actual P&L. Signed. */
  pnlText: string;
  currency: string;
}

export interface OptionsView {
  /** Every pending option, newest first, when any changed. */
  pending?: OptionView[];
  /** Options settled while the app was open, newest first, when one arrived. */
  settled?: OptionView[];
}

export interface OptionsChanges {
  options?: OptionsView;
}

interface Price {
  price: string;
  price_decimals: number;
}

export class OptionsSlice implements Slice<OptionsChanges> {
  private lang: Lang = DEFAULT_LANG;
  private readonly prices = new Map<string, Price>();
  private pending: OptionOrder[] = [];
  private symbols = new Set<string>();
  private readonly settled = new Map<number, OptionOrder>();
  private ticked = new Set<string>();
  private pendingChanged = false;
  private settledChanged = false;
  private everything = false;
  private sent = '';

  readonly hooks: SliceHooks = {
    applyTickers: (tickers) => this.applyTickers(tickers),
    applyUser: (msg) => this.applyUser(msg),
    privateChanged: (kind) => this.privateChanged(kind),
    setLang: (lang) => this.setLang(lang),
  };

  constructor(private readonly account: AccountSlice) {}

  setLang(lang: Lang): void {
    if (lang === this.lang) return;
    this.lang = lang;
    this.everything = true;
  }

  applyTickers(tickers: readonly Ticker[]): void {
    for (const t of tickers) {
      const old = this.prices.get(t.symbol);
      if (old && old.price === t.price) continue;
      this.prices.set(t.symbol, { price: t.price, price_decimals: t.price_decimals });
      this.ticked.add(t.symbol);
    }
  }

  /** The private channel changed (a snapshot when `kind` is undefined). */
  privateChanged(kind?: PrivateKind): void {
    if (kind === undefined || kind === 'positions') this.pendingChanged = true;
  }

  /** A private message: a settled option (open: false) is kept for its result card. */
  applyUser(m: UserMessage): void {
    if (m.kind !== 'positions') return;
    for (const item of m.data as { product?: string; open?: boolean }[]) {
      if (item.product !== 'options' || item.open) continue;
      const o = item as OptionOrder;
      if (o.status !== 'settled') continue;
      this.settled.set(o.id, o);
      this.settledChanged = true;
    }
    if (this.settled.size > SETTLED_KEPT) {
      const oldest = [...this.settled.keys()].sort((a, b) => a - b).slice(0, this.settled.size - SETTLED_KEPT);
      for (const id of oldest) this.settled.delete(id);
    }
  }

  get isDirty(): boolean {
    if (this.pendingChanged || this.settledChanged || this.everything) return true;
    for (const s of this.ticked) if (this.symbols.has(s)) return true;
    return false;
  }

  take(): OptionsChanges {
    const view: OptionsView = {};
    const all = this.everything;
    if (this.pendingChanged || all) {
      this.pending = (this.account.openItems('positions', 'options') as OptionOrder[])
        .filter((o) => o.status === 'pending')
        .sort((a, b) => b.id - a.id);
      this.symbols = new Set(this.pending.map((o) => o.symbol));
    }
    const ticked = [...this.ticked].some((s) => this.symbols.has(s));
    this.ticked = new Set();
    if (this.pendingChanged || ticked || all) {
      const rows = this.pending.map((o) => this.pendingRow(o));
      const key = JSON.stringify(rows);
      if (key !== this.sent) {
        this.sent = key;
        view.pending = rows;
      }
    }
    if (this.settledChanged || all) {
      view.settled = [...this.settled.values()].sort((a, b) => b.id - a.id).map((o) => this.settledRow(o));
    }
    this.pendingChanged = this.settledChanged = this.everything = false;
    return Object.keys(view).length ? { options: view } : {};
  }

  private decimals(o: OptionOrder): number {
    return this.prices.get(o.symbol)?.price_decimals ?? Math.max(2, (o.open_price.split('.')[1] ?? '').length);
  }

  private money(value: Decimal | string, signed = false): string {
    const text = formatNumber(value, this.lang, { maxDecimals: 2 });
    return signed && new Decimal(value).gt(0) && !text.startsWith('+') ? `+${text}` : text;
  }

  private base(
    o: OptionOrder,
  ): Omit<OptionView, 'result' | 'settled' | 'tone' | 'priceText' | 'priceTone' | 'close_ts' | 'pnlText' | 'decided_by'> {
    return {
      id: o.id,
      match_id: o.match_id,
      symbol: o.symbol,
      direction: o.direction,
      seconds: o.seconds,
      open_ts: o.open_ts,
      expires_at: o.expires_at,
      stakeText: this.money(o.number),
      ratioText: `${formatNumber(new Decimal(o.ratio).mul(100), this.lang, { maxDecimals: 2 })}%`,
      openText: formatPrice(o.open_price, this.decimals(o), this.lang),
      expectedText: this.money(o.expected_profit, true),
      currency: o.currency,
    };
  }

  /** A pending option at the worker's live price: the would-be result by the domain formula. */
  private pendingRow(o: OptionOrder): OptionView {
    const live = this.prices.get(o.symbol)?.price;
    const result = live === undefined ? null : optionResult(o.direction, o.open_price, live);
    const pnl = result === null ? null : settleOption(result, o.number, o.ratio, MONEY_DECIMALS).profit;
    return {
      ...this.base(o),
      result,
      settled: false,
      tone: pnl === null ? 'flat' : selectTone(pnl),
      priceText: live === undefined ? DASH : formatPrice(live, this.decimals(o), this.lang),
      priceTone: live === undefined ? 'flat' : selectTone(new Decimal(live).minus(o.open_price)),
      close_ts: null,
      decided_by: null,
      pnlText: pnl === null ? DASH : this.money(pnl, true),
    };
  }

  private settledRow(o: OptionOrder): OptionView {
    const profit = o.profit ?? '0';
    return {
      ...this.base(o),
      result: o.result,
      settled: true,
      tone: selectTone(profit),
      priceText: o.close_price === null ? DASH : formatPrice(o.close_price, this.decimals(o), this.lang),
      priceTone: o.close_price === null ? 'flat' : selectTone(new Decimal(o.close_price).minus(o.open_price)),
      close_ts: o.close_ts,
      decided_by: o.decided_by,
      pnlText: this.money(profit, true),
    };
  }
}
