/**
 * The positions module: the user's open futures positions and entrusted orders
 * (read from the AccountSlice, which keeps the private channel's `positions`/`orders`), the futures
 * account's available USDT (lever account, balances kind), the pairs' settings the UI handed over
 * (`/lever/deal`) and the worker's own last prices. On each snapshot it recomputes the P&L of the
 * positions whose symbol ticked (never the others), the account's totals and risk rate, and each
 * position's estimated liquidation price and distance, all with `domain/futures/formulas.ts`, and
 * ships display-ready strings: only the rows whose text changed.
 */
import { Decimal } from '../../domain/decimal';
import type { Tone } from '../../domain/format';
import { liquidationPrice, positionValue, profit } from '../../domain/futures/formulas';
import type { FuturesSettings, FuturesSide, FuturesTrade } from '../../domain/futures/types';
import { DEFAULT_LANG, type Lang } from '../../domain/i18n';
import type { Ticker } from '../../domain/market/types';
import { quoteWorth } from '../../domain/market/views';
import { ACCOUNTS } from '../../domain/funds/formulas';
import type { PrivateKind } from '../../domain/protocol';
import type { AccountSlice } from '../account/AccountSlice';
import { changedFields, heldFor, type Slice, type SliceHooks } from '../slice';
import { checkStopPrices, NO_STOP_ISSUES, type StopsCheck } from './stops';
import { accountView, orderRows, positionRow, sameView, type FuturesTotals, type ViewContext } from './views';

/** The futures account's currency. */
export const FUTURES_CURRENCY = 'USDT';

/** One open position as the UI shows it: raw values it acts on, and display strings. */
export interface FuturesPositionView {
  id: number;
  match_id: number;
  symbol: string;
  side: FuturesSide;
  multiple: number;
  share: string;
  open_price: string;
  /** The worker's last price of the symbol (null until one arrived). */
  mark: string | null;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  price_decimals: number;
  opened_at: number | null;
  tone: Tone;
  lotsText: string;
  openText: string;
  markText: string;
  /** Unrealised P&L in USDT, signed. */
  pnlText: string;
  /** Return on margin, signed percent. */
  romText: string;
  marginText: string;
  liquidationText: string;
  /** Distance from the mark to the liquidation price, percent. */
  distanceText: string;
  takeProfitText: string;
  stopLossText: string;
  feeText: string;
  overnightText: string;
}

/** One entrusted (limit) order as the UI shows it. */
export interface FuturesOrderView {
  id: number;
  match_id: number;
  symbol: string;
  side: FuturesSide;
  multiple: number;
  share: string;
  target_price: string | null;
  created_at: number;
  lotsText: string;
  priceText: string;
  marginText: string;
  feeText: string;
  takeProfitText: string;
  stopLossText: string;
}

/** How close the account is to liquidation. */
export type RiskLevel = 'safe' | 'warn' | 'danger';

/** The futures account's totals at the worker's prices. */
export interface FuturesAccountView {
  /** Available USDT, raw (the percentage buttons and the transfer link read it). */
  available: string;
  availableText: string;
  marginText: string;
  pnlText: string;
  pnlTone: Tone;
  /** Available + margin + P&L. */
  equityText: string;
  /** The risk rate, percent; null with nothing open. */
  riskText: string | null;
  risk: RiskLevel | null;
  /** Liquidation threshold, percent, when known. */
  thresholdText: string | null;
}

/**
 * A position row's change: the whole row when it is new to the UI, else its `id` and the fields
 * that changed (a tick on one pair moves that pair's marks and P&L, and only the liquidation
 * texts of the other rows, as their margin is shared).
 */
export type FuturesPositionPatch = Partial<FuturesPositionView> & { id: number };

/** The positions module's changes since the last snapshot. */
export interface FuturesView {
  /** The ids of the open positions in display order (newest first), when the set changed. */
  positionIds?: number[];
  /** Positions whose display changed: a new row whole, then its `id` and the fields that changed. */
  positions?: FuturesPositionPatch[];
  /** Every entrusted order, when any changed. */
  orders?: FuturesOrderView[];
  account?: FuturesAccountView;
}

export interface FuturesChanges {
  futures?: FuturesView;
}

interface Price {
  price: string;
  quote: string;
  price_decimals: number;
}

/**
 * Ticks alone move the positions' marks and P&L and the account's totals at most this often: a
 * cadence a person reads (Binance's app moves them about once a second). On a 10 Hz market the
 * contract page re-rendered and laid out its position rows and account bar ten times a second
 * (bench/ live-screen). Anything else the private channel brings (a position opened or closed, an
 * order, a balance) goes at once, with every tick held back until then.
 */
export const PNL_EVERY_MS = 250;

/** Rough counters of the work done, for tests and benchmarks. */
export interface FuturesStats {
  /** P&L recomputations (one per position per snapshot in which its symbol ticked). */
  pnl: number;
  /** Snapshots that recomputed anything. */
  passes: number;
}

const samePnl = (a: Decimal | null | undefined, b: Decimal | null): boolean =>
  a === undefined ? false : a === null || b === null ? a === b : a.eq(b);

export class FuturesSlice implements Slice<FuturesChanges> {
  private lang: Lang = DEFAULT_LANG;
  private readonly prices = new Map<string, Price>();
  private readonly settings = new Map<number, FuturesSettings>();
  private readonly dealRates = new Map<number, Decimal>();
  /** Liquidation threshold of the account (percent): the settings' value, the same for every pair. */
  private threshold: string | null = null;

  private positions: FuturesTrade[] = [];
  private positionSymbols = new Set<string>();
  /** P&L per position id at the last recompute (null: no price yet). */
  private readonly pnl = new Map<number, Decimal | null>();
  private readonly sentRows = new Map<number, FuturesPositionView>();
  private sentIds: string | null = null;
  private sentAccount: FuturesAccountView | undefined;

  /** The pairs of open positions that ticked since the last take. */
  private tickedSymbols = new Set<string>();
  private positionsChanged = false;
  private ordersChanged = false;
  private accountChanged = false;
  private everything = false;
  /** When the last snapshot took this slice's changes (`now`'s clock); null before the first. */
  private lastTakeAt: number | null = null;

  readonly stats: FuturesStats = { pnl: 0, passes: 0 };

  /** `now`: the clock that paces the ticks' changes (`PNL_EVERY_MS`), injected in tests. */
  constructor(
    private readonly account: AccountSlice,
    private readonly now: () => number = Date.now,
  ) {}

  readonly hooks: SliceHooks = {
    applyTickers: (tickers) => this.applyTickers(tickers),
    privateChanged: (kind) => this.privateChanged(kind),
    setLang: (lang) => this.setLang(lang),
  };

  /** Sets the language of the display strings; every view is rebuilt. */
  setLang(lang: Lang): void {
    if (lang === this.lang) return;
    this.lang = lang;
    this.everything = true;
  }

  /** The language of the display strings. */
  language(): Lang {
    return this.lang;
  }

  /**
   * The pairs' settings, from `/lever/deal`; with it the USDT rate of the quote currency that a
   * trade placed now would record (`quote_usdt`), so a preview reckons with the server's own rate.
   */
  setSettings(list: readonly (FuturesSettings & { quote_usdt?: string | null })[]): void {
    for (const s of list) {
      this.settings.set(s.match_id, s);
      if (s.quote_usdt) this.dealRates.set(s.match_id, new Decimal(s.quote_usdt));
      this.threshold = s.liquidation_risk;
    }
    this.everything = true;
  }

  /** The quote currency's USDT rate a new trade on `matchId` records: the server's, else the worker's own reckoning. */
  tradeQuoteUsdt(matchId: number, quote: string): Decimal | null {
    return this.dealRates.get(matchId) ?? this.quoteUsdt(quote);
  }

  settingsOf(matchId: number): FuturesSettings | undefined {
    return this.settings.get(matchId);
  }

  /**
   * The worker's last prices (the `quotes` topic); only the pairs of open positions with a new
   * price count as ticked (a change to the positions recomputes every one of them anyway).
   */
  applyTickers(tickers: readonly Ticker[]): void {
    for (const t of tickers) {
      const old = this.prices.get(t.symbol);
      if (old && old.price === t.price) continue;
      this.prices.set(t.symbol, { price: t.price, quote: t.quote, price_decimals: t.price_decimals });
      if (this.positionSymbols.has(t.symbol)) this.tickedSymbols.add(t.symbol);
    }
  }

  /** The private channel changed (a snapshot when `kind` is undefined). */
  privateChanged(kind?: PrivateKind): void {
    if (kind === undefined || kind === 'positions') this.positionsChanged = true;
    if (kind === undefined || kind === 'orders') this.ordersChanged = true;
    if (kind === undefined || kind === 'balances') this.accountChanged = true;
  }

  /** The last price of `symbol`, if the worker has one. */
  priceOf(symbol: string): string | undefined {
    return this.prices.get(symbol)?.price;
  }

  /** USDT per unit of `quote` at the worker's prices (1 for USDT and USD). */
  quoteUsdt(quote: string): Decimal | null {
    return quoteWorth(quote, (symbol) => this.prices.get(symbol)?.price);
  }

  /** Available USDT of the futures account. */
  available(): string {
    return this.account.balance(ACCOUNTS.lever, FUTURES_CURRENCY)?.available ?? '0';
  }

  /** Σ margin and Σ P&L of the open positions, at the last recompute. */
  totals(): FuturesTotals {
    let m = new Decimal(0);
    let p = new Decimal(0);
    for (const pos of this.positions) {
      m = m.plus(pos.margin);
      p = p.plus(this.pnl.get(pos.id) ?? 0);
    }
    return { margin: m, profit: p };
  }

  /**
   * What the user holds on a pair (size limits): the value (USDT, at each trade's own
   * open or limit price and recorded quote rate) of the open positions and entrusted orders on
   * `side`, and the lots of both sides.
   */
  exposure(matchId: number, side: FuturesSide): { value: Decimal; lots: Decimal } {
    let value = new Decimal(0);
    let lots = new Decimal(0);
    const live = [
      ...(this.account.openItems('positions', 'futures') as FuturesTrade[]).filter((p) => p.status === 'open'),
      ...(this.account.openItems('orders', 'futures') as FuturesTrade[]).filter((o) => o.status === 'entrusted'),
    ];
    for (const t of live) {
      if (t.match_id !== matchId) continue;
      lots = lots.plus(t.share);
      const price = t.open_price ?? t.target_price;
      if (t.side === side && price !== null) value = value.plus(positionValue(price, t.number, t.quote_usdt));
    }
    return { value, lots };
  }

  /**
   * An open position's take-profit and stop-loss as typed in its TP/SL sheet, checked with the
   * server's rules: against its entry and the mark, the pair's price band (when its settings are
   * known here) and its estimated liquidation price. Nothing to say about an unknown position.
   */
  checkPositionStops(id: number, takeProfit: string, stopLoss: string): StopsCheck {
    const pos = this.positions.find((p) => p.id === id);
    if (!pos) return NO_STOP_ISSUES;
    const mark = this.prices.get(pos.symbol)?.price ?? null;
    return checkStopPrices({
      side: pos.side,
      entry: pos.open_price,
      mark,
      liquidation: this.liquidationOf(pos, new Decimal(this.available()), this.totals()),
      takeProfit,
      stopLoss,
      priceDecimals: this.decimalsOf(pos),
      band: this.settings.get(pos.match_id)?.price_band ?? null,
      lang: this.lang,
    });
  }

  /** The account's liquidation threshold (percent), once any pair's settings arrived. */
  liquidationThreshold(): string | null {
    return this.threshold;
  }

  /** True when the private channel changed anything, or a position's pair ticked and `PNL_EVERY_MS` has passed since the last take. */
  get isDirty(): boolean {
    if (this.positionsChanged || this.ordersChanged || this.accountChanged || this.everything) return true;
    return this.dueInMs === 0;
  }

  /** How long until the ticks held back should go (0: now); null when no position's pair ticked. */
  get dueInMs(): number | null {
    if (this.tickedSymbols.size === 0) return null;
    return heldFor(this.lastTakeAt, PNL_EVERY_MS, this.now());
  }

  take(): FuturesChanges {
    this.lastTakeAt = this.now();
    const view: FuturesView = {};
    const all = this.everything;
    if (this.positionsChanged || all) this.reloadPositions();
    const ticked = this.tickedSymbols;
    this.tickedSymbols = new Set();
    let pnlMoved = false;
    for (const pos of this.positions) {
      if (!(all || this.positionsChanged || ticked.has(pos.symbol))) continue;
      const before = this.pnl.get(pos.id);
      const next = this.computePnl(pos);
      this.stats.pnl++;
      this.pnl.set(pos.id, next);
      if (!samePnl(before, next)) pnlMoved = true;
    }
    const accountMoved = pnlMoved || this.positionsChanged || this.accountChanged || all;
    if (accountMoved) {
      this.stats.passes++;
      const available = new Decimal(this.available());
      const totals = this.totals();
      const ctx = this.viewContext();
      const ids = this.positions.map((p) => p.id);
      const joined = ids.join(',');
      if (joined !== this.sentIds) {
        this.sentIds = joined;
        view.positionIds = ids;
        for (const id of this.sentRows.keys()) if (!ids.includes(id)) this.sentRows.delete(id);
      }
      const rows: FuturesPositionPatch[] = [];
      for (const pos of this.positions) {
        const row = positionRow(ctx, pos, {
          mark: this.prices.get(pos.symbol)?.price ?? null,
          pnl: this.pnl.get(pos.id) ?? null,
          liquidation: this.liquidationOf(pos, available, totals),
        });
        const sent = this.sentRows.get(pos.id);
        const patch = sent ? changedFields(sent, row, 'id') : row;
        if (!patch) continue;
        this.sentRows.set(pos.id, row);
        rows.push(patch);
      }
      if (rows.length) view.positions = rows;
      const acc = accountView(ctx, available, totals);
      if (!sameView(this.sentAccount, acc)) {
        this.sentAccount = acc;
        view.account = acc;
      }
    }
    if (this.ordersChanged || all)
      view.orders = orderRows(this.viewContext(), this.account.openItems('orders', 'futures') as FuturesTrade[]);
    this.positionsChanged = this.ordersChanged = this.accountChanged = this.everything = false;
    return Object.keys(view).length ? { futures: view } : {};
  }

  private reloadPositions(): void {
    this.positions = (this.account.openItems('positions', 'futures') as FuturesTrade[])
      .filter((p) => p.status === 'open' && p.open_price !== null)
      .sort((a, b) => (b.opened_at ?? b.created_at) - (a.opened_at ?? a.created_at) || b.id - a.id);
    this.positionSymbols = new Set(this.positions.map((p) => p.symbol));
    const ids = new Set(this.positions.map((p) => p.id));
    for (const id of this.pnl.keys()) if (!ids.has(id)) this.pnl.delete(id);
  }

  private computePnl(pos: FuturesTrade): Decimal | null {
    const mark = this.prices.get(pos.symbol)?.price;
    if (mark === undefined || pos.open_price === null) return null;
    return profit(pos.side, pos.open_price, mark, pos.number, pos.quote_usdt);
  }

  private decimalsOf(pos: { match_id: number; symbol: string }): number {
    return this.settings.get(pos.match_id)?.price_decimals ?? this.prices.get(pos.symbol)?.price_decimals ?? 2;
  }

  /** What the display rows are written with (`views.ts`): this slice's language, threshold and pairs' decimals. */
  private viewContext(): ViewContext {
    return {
      lang: this.lang,
      threshold: this.threshold,
      decimalsOf: (item) => this.decimalsOf(item),
      lotDecimals: (matchId) => this.settings.get(matchId)?.lot_decimals,
    };
  }

  /** A position's estimated liquidation price, the others' P&L held where it is; null without a threshold or a price. */
  private liquidationOf(pos: FuturesTrade, available: Decimal, totals: FuturesTotals): Decimal | null {
    if (this.threshold === null || pos.open_price === null) return null;
    return liquidationPrice({
      side: pos.side,
      open: pos.open_price,
      number: pos.number,
      quoteUsdt: pos.quote_usdt,
      available,
      totalMargin: totals.margin,
      otherProfit: totals.profit.minus(this.pnl.get(pos.id) ?? 0),
      threshold: this.threshold,
      priceDecimals: this.decimalsOf(pos),
    });
  }
}
