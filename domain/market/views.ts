/**
 * Display-ready views of market data, computed off the UI thread (in the worker) so that
 * components only render strings. All arithmetic is decimal.
 */
import { Decimal, type DecimalValue } from '../decimal';
import { USD_LIKE_QUOTES, type FiatRate } from '../fiat';
import { formatCompact, formatFiatPrice, formatPercent, formatPrice, selectTone, type Tone } from '../format';
import { DEFAULT_LANG, type Lang } from '../i18n';
import type { Ticker } from './types';

export interface TickerView extends Omit<Ticker, 'stale'> {
  /** Always present, so a patch of the view can turn it off (`Ticker.stale`). */
  stale: boolean;
  tone: Tone;
  /** `"+1.23%"` (in the language's format, as every text here) */
  changeText: string;
  /** Price at the pair's tick precision: `"67,250.10"`, in Vietnamese `"67.250,10"`. */
  priceText: string;
  /** 24 h turnover in the quote currency, compact: `"327.89M"`, `"3.28亿"`. */
  turnoverText: string;
  /** 24 h volume in the base currency, compact. */
  volumeText: string;
  /** 24 h high and low at the pair's tick precision. */
  highText: string;
  lowText: string;
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
    stale: t.stale === true,
    tone: selectTone(t.change),
    changeText: formatPercent(t.change, lang),
    priceText: formatPrice(t.price, t.price_decimals, lang),
    turnoverText: formatCompact(t.turnover, lang),
    volumeText: formatCompact(t.volume, lang),
    highText: formatPrice(t.high, t.price_decimals, lang),
    lowText: formatPrice(t.low, t.price_decimals, lang),
    fiatText: fiatValue === null ? '' : `≈ ${formatFiatPrice(fiatValue, fiat.currency_code, lang)}`,
  };
}
