/**
 * The order form's preview (issue 9 item 3): what an order would cost and where it would be
 * liquidated, with the server's own formula (`openCost`) and the pair's settings, at the worker's
 * last price — or why the server would refuse it, so no preview is shown for such an order.
 */
import { Decimal } from '../../domain/decimal';
import { formatAmount, formatNumber, formatPrice } from '../../domain/format';
import { normaliseAmount } from '../../domain/funds/amounts';
import { liquidationPrice, openCost } from '../../domain/futures/formulas';
import type { FuturesSettings, FuturesSide } from '../../domain/futures/types';
import type { Lang } from '../../domain/i18n';
import type { FuturesSlice } from './FuturesSlice';

export interface PreviewInput {
  match_id: number;
  side: FuturesSide;
  /** True: opens at the market price (plus the spread); false: a limit order at `price`. */
  market: boolean;
  /** Lots as typed. */
  lots: string;
  multiple: number;
  /** The limit price as typed (ignored for a market order: the worker uses its own price). */
  price?: string;
}

/**
 * Why an order would be refused (`futures.problem.*` in the UI): no settings or price known yet,
 * the lots (required, not a number, too many decimals, under the least, over the most), a
 * multiple not offered, the limit price (required, not a number, too many decimals), or not
 * enough available.
 */
export type PreviewProblem =
  | 'loading'
  | 'lotsRequired'
  | 'lotsInvalid'
  | 'lotsDecimals'
  | 'lotsMin'
  | 'lotsMax'
  | 'multiple'
  | 'priceRequired'
  | 'priceInvalid'
  | 'priceDecimals'
  | 'insufficient';

export interface PreviewFigures {
  /** The price it opens at (spread included for a market order). */
  price: string;
  priceText: string;
  margin: string;
  marginText: string;
  fee: string;
  feeText: string;
  /** Margin + fee: what must be available. */
  total: string;
  totalText: string;
  /** Contract size in the base currency. */
  numberText: string;
  /** Estimated liquidation price with this position added; `--` when none. */
  liquidationText: string;
}

export interface FuturesPreview {
  problem: PreviewProblem | null;
  /** The message's parameters (`decimals`, `min`, `max`). */
  params: Record<string, string | number>;
  /** The figures, when the lots, multiple and price are readable (also when funds are short). */
  figures: PreviewFigures | null;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;

/** The lot rule: a plain positive decimal, at most `lot_decimals`, between min and max lots. */
export function checkLots(lots: string, s: FuturesSettings): { problem: PreviewProblem; params: Record<string, string | number> } | null {
  if (!lots.trim()) return { problem: 'lotsRequired', params: {} };
  const text = normaliseAmount(lots);
  if (text === null || text.length > 40) return { problem: 'lotsInvalid', params: {} };
  if (decimalsOf(text) > s.lot_decimals) return { problem: 'lotsDecimals', params: { decimals: s.lot_decimals } };
  const d = new Decimal(text);
  if (d.lte(0)) return { problem: 'lotsInvalid', params: {} };
  if (d.lt(s.min_lots)) return { problem: 'lotsMin', params: { min: s.min_lots } };
  if (d.gt(s.max_lots)) return { problem: 'lotsMax', params: { max: s.max_lots } };
  return null;
}

/** The limit price rule: a plain positive decimal with at most the pair's price decimals. */
function checkPrice(
  price: string | undefined,
  s: FuturesSettings,
): { problem: PreviewProblem; params: Record<string, string | number> } | null {
  if (!price?.trim()) return { problem: 'priceRequired', params: {} };
  const text = normaliseAmount(price);
  if (text === null || text.length > 40 || new Decimal(text).lte(0)) return { problem: 'priceInvalid', params: {} };
  if (decimalsOf(text) > s.price_decimals) return { problem: 'priceDecimals', params: { decimals: s.price_decimals } };
  return null;
}

interface Context {
  settings: FuturesSettings;
  /** The market price (market order) or the limit price. */
  price: string;
  quoteUsdt: Decimal;
}

/** The settings, price and quote rate of an order, or why they are not known. */
function context(slice: FuturesSlice, input: Omit<PreviewInput, 'lots'>): Context | FuturesPreview {
  const settings = slice.settingsOf(input.match_id);
  const none = (problem: PreviewProblem, params: Record<string, string | number> = {}): FuturesPreview => ({
    problem,
    params,
    figures: null,
  });
  if (!settings) return none('loading');
  if (!settings.multiples.includes(input.multiple)) return none('multiple');
  const quote = settings.symbol.split('/')[1] ?? 'USDT';
  const quoteUsdt = slice.tradeQuoteUsdt(input.match_id, quote);
  let price: string | undefined;
  if (input.market) price = slice.priceOf(settings.symbol);
  else {
    const issue = checkPrice(input.price, settings);
    if (issue) return none(issue.problem, issue.params);
    price = normaliseAmount(input.price!)!;
  }
  if (price === undefined || quoteUsdt === null) return none('loading');
  return { settings, price, quoteUsdt };
}

/** The preview of an order at the worker's prices, in `lang`. */
export function previewOrder(slice: FuturesSlice, input: PreviewInput, lang: Lang): FuturesPreview {
  const ctx = context(slice, input);
  if (!('settings' in ctx)) return ctx;
  const s = ctx.settings;
  const lotIssue = checkLots(input.lots, s);
  if (lotIssue) return { ...lotIssue, figures: null };
  const cost = openCost({
    side: input.side,
    price: ctx.price,
    market: input.market,
    lots: normaliseAmount(input.lots)!,
    multiple: input.multiple,
    quoteUsdt: ctx.quoteUsdt,
    settings: s,
  });
  const available = new Decimal(slice.available());
  const totals = slice.totals();
  const threshold = slice.liquidationThreshold() ?? s.liquidation_risk;
  const liq = liquidationPrice({
    side: input.side,
    open: cost.price,
    number: cost.number,
    quoteUsdt: ctx.quoteUsdt,
    available: available.minus(cost.total),
    totalMargin: totals.margin.plus(cost.margin),
    otherProfit: totals.profit,
    threshold,
    priceDecimals: s.price_decimals,
  });
  const money = (d: Decimal) => formatNumber(d, lang, { maxDecimals: 2 });
  const figures: PreviewFigures = {
    price: cost.price.toFixed(),
    priceText: formatPrice(cost.price, s.price_decimals, lang),
    margin: cost.margin.toFixed(),
    marginText: money(cost.margin),
    fee: cost.fee.toFixed(),
    feeText: money(cost.fee),
    total: cost.total.toFixed(),
    totalText: money(cost.total),
    numberText: formatAmount(cost.number, 8, lang),
    liquidationText: liq ? formatPrice(liq, s.price_decimals, lang) : '--',
  };
  if (cost.total.gt(available)) return { problem: 'insufficient', params: {}, figures };
  return { problem: null, params: {}, figures };
}

/**
 * The most lots `fraction` (0–1) of the available balance opens, at the worker's price: the
 * percentage buttons. Null when it is less than the pair's least lots (or nothing is known yet).
 */
export function lotsForFraction(slice: FuturesSlice, input: Omit<PreviewInput, 'lots'>, fraction: number): string | null {
  const ctx = context(slice, input);
  if (!('settings' in ctx)) return null;
  const s = ctx.settings;
  const budget = new Decimal(slice.available()).mul(fraction);
  const cost = (lots: Decimal) =>
    openCost({
      side: input.side,
      price: ctx.price,
      market: input.market,
      lots,
      multiple: input.multiple,
      quoteUsdt: ctx.quoteUsdt,
      settings: s,
    }).total;
  const perLot = cost(new Decimal(1));
  if (perLot.lte(0)) return null;
  const step = new Decimal(1).div(new Decimal(10).pow(s.lot_decimals));
  let lots = Decimal.min(budget.div(perLot).toDecimalPlaces(s.lot_decimals, Decimal.ROUND_DOWN), s.max_lots);
  // Rounding (margin and fee up) may cost a unit more than the linear estimate: step down until it fits.
  while (lots.gte(s.min_lots) && cost(lots).gt(budget)) lots = lots.minus(step);
  return lots.gte(s.min_lots) && lots.gt(0) ? lots.toFixed() : null;
}
