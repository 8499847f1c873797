/**
 * Display-ready views of market data, computed off the UI thread (in the worker) so that
 * components only render strings. All arithmetic is decimal.
 */
import { Decimal } from '../decimal';
import { FIAT_SYMBOLS, USD_LIKE_QUOTES, type FiatRate } from '../fiat';
import { formatCompact, formatPercent, groupThousands, selectTone, type Tone } from '../format';
import type { DepthBook, Ticker } from './types';

export interface TickerView extends Ticker {
  tone: Tone;
  /** `"+1.23%"` */
  changeText: string;
  /** Price with thousands separators. */
  priceText: string;
  /** 24 h turnover in the quote currency, compact: `"327.89M"`. */
  turnoverText: string;
  /** 24 h volume in the base currency, compact. */
  volumeText: string;
  /** Price in the user's display currency (`"≈ ¥ 484,210.50"`), or `""` when the quote is not USD-like. */
  fiatText: string;
}

/** Builds the view of one ticker for the given display currency. */
export function buildTickerView(t: Ticker, fiat: FiatRate): TickerView {
  const fiatText = USD_LIKE_QUOTES.has(t.quote)
    ? `≈ ${FIAT_SYMBOLS[fiat.currency_code]}${groupThousands(new Decimal(t.price).mul(fiat.rate).toFixed(Math.max(2, Math.min(t.price_decimals, 8))))}`
    : '';
  return {
    ...t,
    tone: selectTone(t.change),
    changeText: formatPercent(t.change),
    priceText: groupThousands(t.price),
    turnoverText: formatCompact(t.turnover),
    volumeText: formatCompact(t.volume),
    fiatText,
  };
}

export interface DepthLevelView {
  price: string;
  qty: string;
  /** Cumulative quantity from the best price to this level. */
  total: string;
  /** `total` over the larger side's total, 0..1, for the depth bar's width (display only). */
  ratio: number;
}

export interface DepthView {
  bids: DepthLevelView[];
  asks: DepthLevelView[];
  /** Best ask minus best bid, or `""` when a side is empty. */
  spread: string;
}

function cumulate(levels: DepthBook['bids'], limit: number): { rows: Omit<DepthLevelView, 'ratio'>[]; total: Decimal } {
  let total = new Decimal(0);
  const rows = levels.slice(0, limit).map(([price, qty]) => {
    total = total.plus(qty);
    return { price, qty, total: total.toString() };
  });
  return { rows, total };
}

/** Cumulative totals and bar ratios for the top `limit` levels of each side. */
export function buildDepthView(book: DepthBook, limit: number): DepthView {
  const bids = cumulate(book.bids, limit);
  const asks = cumulate(book.asks, limit);
  const max = Decimal.max(bids.total, asks.total, 1e-30);
  const withRatio = (rows: Omit<DepthLevelView, 'ratio'>[]): DepthLevelView[] =>
    rows.map((r) => ({ ...r, ratio: new Decimal(r.total).div(max).toNumber() }));
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  return {
    bids: withRatio(bids.rows),
    asks: withRatio(asks.rows),
    spread: bestBid && bestAsk ? new Decimal(bestAsk).minus(bestBid).toString() : '',
  };
}
