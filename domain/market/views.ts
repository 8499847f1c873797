/**
 * Display-ready views of market data, computed off the UI thread (in the worker) so that
 * components only render strings. All arithmetic is decimal.
 */
import { Decimal, type DecimalValue } from '../decimal';
import { USD_LIKE_QUOTES, type FiatRate } from '../fiat';
import { formatCompact, formatFiatPrice, formatPercent, formatPrice, selectTone, type Tone } from '../format';
import { DEFAULT_LANG, type Lang } from '../i18n';
import type { DepthBook, Ticker } from './types';

export interface TickerView extends Ticker {
  tone: Tone;
  /** `"+1.23%"` (in the language's format, as every text here) */
  changeText: string;
  /** Price at the pair's tick precision: `"67,250.10"`, in Vietnamese `"67.250,10"`. */
  priceText: string;
  /** 24 h turnover in the quote currency, compact: `"327.89M"`, `"3.28亿"`. */
  turnoverText: string;
  /** 24 h volume in the base currency, compact. */
  volumeText: string;
  /** Price in the user's display currency (`"≈ ¥484,210.50"`), or `""` when the quote's worth is unknown. */
  fiatText: string;
}

/**
 * The worth of one unit of `quote` in USDT for the fiat line: 1 for USDT and USD, else what
 * `lookup` finds (the worker reads it off the market, e.g. JPY from USD/JPY), else null.
 */
export function quoteWorth(quote: string, lookup: (symbol: string) => string | undefined): Decimal | null {
  if (USD_LIKE_QUOTES.has(quote)) return new Decimal(1);
  for (const usd of USD_LIKE_QUOTES) {
    const direct = lookup(`${quote}/${usd}`);
    if (direct && new Decimal(direct).gt(0)) return new Decimal(direct);
    const inverse = lookup(`${usd}/${quote}`);
    if (inverse && new Decimal(inverse).gt(0)) return new Decimal(1).div(inverse);
  }
  return null;
}

/**
 * Builds the view of one ticker for the display currency and language. `quoteInUsdt` is the
 * worth of one unit of the quote currency in USDT (`quoteWorth`); the fiat line is left out only
 * when it is unknown. A pair quoted in the display currency itself shows its price as it is.
 */
export function buildTickerView(
  t: Ticker,
  fiat: FiatRate,
  lang: Lang = DEFAULT_LANG,
  quoteInUsdt: DecimalValue | null = USD_LIKE_QUOTES.has(t.quote) ? 1 : null,
): TickerView {
  const fiatValue =
    fiat.currency_code === t.quote
      ? new Decimal(t.price)
      : quoteInUsdt === null
        ? null
        : new Decimal(t.price).mul(quoteInUsdt).mul(fiat.rate);
  return {
    ...t,
    tone: selectTone(t.change),
    changeText: formatPercent(t.change, lang),
    priceText: formatPrice(t.price, t.price_decimals, lang),
    turnoverText: formatCompact(t.turnover, lang),
    volumeText: formatCompact(t.volume, lang),
    fiatText: fiatValue === null ? '' : `≈ ${formatFiatPrice(fiatValue, fiat.currency_code, lang)}`,
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
