/**
 * The order form's preview: what an order would cost and where it would be
 * liquidated, with the server's own formula (`openCost`) and the pair's settings, at the worker's
 * last price — or why the server would refuse it, so no preview is shown for such an order.
 *
 * The trading rules (price band, price improvement, size limits), told before the user confirms, with the server's own functions
 * from domain/: a limit the mark already crosses is reckoned at its fill price (`marketable`,
 * `limitFillPrice`); a limit outside the price band (`checkBand`), a position above its leverage
 * bracket (`maxNotional`) or above the pair's position limit is refused; the take-profit and
 * stop-loss as typed are checked field by field (./stops.ts).
 */
import { Decimal } from '../../domain/decimal';
import { formatAmount, formatNumber, formatPrice } from '../../domain/format';
import { normaliseAmount } from '../../domain/funds/amounts';
import {
  limitFillPrice,
  liquidationPrice,
  marketable,
  maxNotional,
  openCost,
  openPrice,
  positionValue,
} from '../../domain/futures/formulas';
import type { FuturesSettings, FuturesSide } from '../../domain/futures/types';
import type { Lang } from '../../domain/i18n';
import { checkBand } from '../../domain/market/priceBand';
import type { FuturesSlice } from './FuturesSlice';
import { checkStopPrices, decimalsOf, NO_STOP_ISSUES, readStopPrice, type StopsCheck } from './stops';

export type { FieldIssue, StopKey, StopsCheck } from './stops';

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
  /** The take-profit and stop-loss as typed; empty or absent: none. */
  takeProfit?: string;
  stopLoss?: string;
}

/**
 * Why an order would be refused (`futures.problem.*` in the UI): no settings or price known yet,
 * the lots (required, not a number, too many decimals, under the least, over the most), a
 * multiple not offered, the limit price (required, not a number, too many decimals, outside the
 * band around the mark: `validation.limitOutsideBand` {min, max, band}), the position's value on
 * that side above the leverage bracket (`errors.leverageBracket` {multiple, max}), the lots held
 * on the pair above its limit (`errors.positionLimit` {max, held}), or not enough available.
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
  | 'priceBand'
  | 'leverageBracket'
  | 'positionLimit'
  | 'insufficient';

export interface PreviewFigures {
  /** The price it opens at (spread included for a market order; a marketable limit's fill price). */
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
  /** The message's parameters (`decimals`, `min`, `max`, `band`, `multiple`, `held`), display strings. */
  params: Record<string, string | number>;
  /**
   * The figures, when the lots, multiple and price are readable (also when the size limits or
   * the funds refuse it).
   */
  figures: PreviewFigures | null;
  /** A limit order the mark already crosses: it fills at once, at `figures.price` ("fills now at about …"). */
  marketable: boolean;
  /** …and that fill price is better than the limit. */
  improved: boolean;
  /** The fill price of a marketable limit as shown (also before the lots are typed); null otherwise. */
  fillText: string | null;
  /** The take-profit's and stop-loss's issues, each under its own field; they refuse the order too. */
  stops: StopsCheck;
}

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

/** The limit price rule: required, then the same reading as a take-profit or stop-loss (`readStopPrice`). */
function checkPrice(
  price: string | undefined,
  s: FuturesSettings,
): { problem: PreviewProblem; params: Record<string, string | number> } | null {
  const read = readStopPrice(price, s.price_decimals);
  if ('key' in read)
    return { problem: read.key === 'futures.problem.priceDecimals' ? 'priceDecimals' : 'priceInvalid', params: read.params };
  return read.value === null ? { problem: 'priceRequired', params: {} } : null;
}

interface Context {
  settings: FuturesSettings;
  /** The worker's last price of the pair. */
  mark: string;
  /** What `openCost` is asked for: the mark (a market order, which pays the spread) or the fill or limit price. */
  costPrice: string;
  costMarket: boolean;
  /** A limit order the mark already crosses: it fills at once, at `limitFillPrice`. */
  marketable: boolean;
  /** …at a price better than its limit. */
  improved: boolean;
  quoteUsdt: Decimal;
}

const none = (problem: PreviewProblem, params: Record<string, string | number> = {}): FuturesPreview => ({
  problem,
  params,
  figures: null,
  marketable: false,
  improved: false,
  fillText: null,
  stops: NO_STOP_ISSUES,
});

/** The settings, prices and quote rate of an order, or why they are not known. */
function context(slice: FuturesSlice, input: Omit<PreviewInput, 'lots'>): Context | FuturesPreview {
  const settings = slice.settingsOf(input.match_id);
  if (!settings) return none('loading');
  if (!settings.multiples.includes(input.multiple)) return none('multiple');
  const quote = settings.symbol.split('/')[1] ?? 'USDT';
  const quoteUsdt = slice.tradeQuoteUsdt(input.match_id, quote);
  const mark = slice.priceOf(settings.symbol);
  let limit: string | null = null;
  if (!input.market) {
    const issue = checkPrice(input.price, settings);
    if (issue) return none(issue.problem, issue.params);
    limit = normaliseAmount(input.price!)!;
  }
  if (mark === undefined || quoteUsdt === null) return none('loading');
  if (limit === null) return { settings, mark, costPrice: mark, costMarket: true, marketable: false, improved: false, quoteUsdt };
  // A limit the market already crosses fills now, at the better of its limit and the market.
  if (!marketable(input.side, limit, mark))
    return { settings, mark, costPrice: limit, costMarket: false, marketable: false, improved: false, quoteUsdt };
  const fill = limitFillPrice(input.side, limit, mark, settings.spread, settings.price_decimals);
  return { settings, mark, costPrice: fill.toFixed(), costMarket: false, marketable: true, improved: !fill.eq(limit), quoteUsdt };
}

/** The order's take-profit and stop-loss as typed, checked against `entry` and the estimated liquidation. */
function stopsOf(
  slice: FuturesSlice,
  input: PreviewInput,
  lang: Lang,
  entry: Decimal | string | null,
  liquidation: Decimal | null,
): StopsCheck {
  const s = slice.settingsOf(input.match_id);
  if (!s || (!input.takeProfit?.trim() && !input.stopLoss?.trim())) return NO_STOP_ISSUES;
  return checkStopPrices({
    side: input.side,
    entry,
    mark: slice.priceOf(s.symbol) ?? null,
    liquidation,
    takeProfit: input.takeProfit,
    stopLoss: input.stopLoss,
    priceDecimals: s.price_decimals,
    band: s.price_band,
    lang,
  });
}

/** The preview of an order at the worker's prices, in `lang`. */
export function previewOrder(slice: FuturesSlice, input: PreviewInput, lang: Lang): FuturesPreview {
  const ctx = context(slice, input);
  // Before a price is readable the stops are still checked, against the mark (the rule's other half).
  if (!('settings' in ctx)) return { ...ctx, stops: stopsOf(slice, input, lang, null, null) };
  const s = ctx.settings;
  const entryNow = ctx.costMarket ? openPrice(input.side, ctx.mark, s.spread, s.price_decimals) : ctx.costPrice;
  const flags = {
    marketable: ctx.marketable,
    improved: ctx.improved,
    fillText: ctx.marketable ? formatPrice(ctx.costPrice, s.price_decimals, lang) : null,
  };
  // The price band around the mark: the limit as typed.
  if (!input.market) {
    const band = checkBand('limit', normaliseAmount(input.price!)!, ctx.mark, s.price_band, s.price_decimals);
    if (band)
      return {
        problem: 'priceBand',
        params: {
          min: formatPrice(band.params.min, s.price_decimals, lang),
          max: formatPrice(band.params.max, s.price_decimals, lang),
          band: formatNumber(band.params.band, lang),
        },
        figures: null,
        // An order the server refuses fills nowhere: no "fills now" line beside the band's message.
        ...flags,
        fillText: null,
        stops: stopsOf(slice, input, lang, entryNow, null),
      };
  }
  const lotIssue = checkLots(input.lots, s);
  if (lotIssue) return { ...lotIssue, figures: null, ...flags, stops: stopsOf(slice, input, lang, entryNow, null) };
  const lots = normaliseAmount(input.lots)!;
  const cost = openCost({
    side: input.side,
    price: ctx.costPrice,
    market: ctx.costMarket,
    lots,
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
  const answer = (problem: PreviewProblem | null, params: Record<string, string | number> = {}): FuturesPreview => ({
    problem,
    params,
    figures,
    ...flags,
    stops: stopsOf(slice, input, lang, cost.price, liq),
  });
  // Size limits: the leverage bracket of this side's value, the lots held on the pair.
  const held = slice.exposure(input.match_id, input.side);
  const cap = maxNotional(s.brackets, input.multiple);
  const value = positionValue(cost.price, cost.number, ctx.quoteUsdt);
  if (cap !== null && held.value.plus(value).gt(cap))
    return answer('leverageBracket', { multiple: input.multiple, max: formatAmount(cap, 2, lang) });
  if (held.lots.plus(lots).gt(s.max_position_lots))
    return answer('positionLimit', {
      max: formatAmount(s.max_position_lots, s.lot_decimals, lang),
      held: formatAmount(held.lots, s.lot_decimals, lang),
    });
  if (cost.total.gt(available)) return answer('insufficient');
  return answer(null);
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
      price: ctx.costPrice,
      market: ctx.costMarket,
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
