/**
 * The spot order form's preview: for a market order the average price and total from
 * the worker's own book (the page never passes a price), for a limit order the figures at its
 * price — or, when the last price already crosses it, what it fills at now (the book's levels
 * within the limit, else the last price: `marketableLimitFills`) — and a limit outside
 * the price band around the last price (`checkBand`); the fee and what arrives; the 25–100 %
 * buttons' amounts. The same domain formulas as the server's settlement
 * (domain/spot/formulas.ts, domain/market/priceBand.ts), so the preview is what the server will
 * do when the price and the book have not moved.
 */
import { Decimal } from '../../domain/decimal';
import { displayDecimals, formatAmount, formatPrice } from '../../domain/format';
import { normaliseAmount } from '../../domain/funds/amounts';
import type { Lang } from '../../domain/i18n';
import { checkBand } from '../../domain/market/priceBand';
import type { DepthBook } from '../../domain/market/types';
import {
  buyAmountFor,
  limitCrossed,
  limitFill,
  limitFreeze,
  marketableLimitFills,
  marketOrder,
  sellAmountFor,
  settleFills,
  type Settlement,
} from '../../domain/spot/formulas';
import type { SpotKind, SpotSettings, SpotSide } from '../../domain/spot/types';

export interface SpotPreviewInput {
  match_id: number;
  side: SpotSide;
  kind: SpotKind;
  /** Base quantity as typed. */
  amount: string;
  /** The limit price as typed (ignored for a market order). */
  price?: string;
}

/** Why the server would refuse the order (`spot.problem.*` in the UI). */
export type SpotProblem =
  | 'loading'
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountDecimals'
  | 'amountMin'
  | 'amountMax'
  | 'priceRequired'
  | 'priceInvalid'
  | 'priceDecimals'
  /** The limit lies outside the price band around the last price (params min, max, band). */
  | 'outsideBand'
  | 'totalMin'
  | 'bookThin'
  | 'insufficient';

export interface SpotFigures {
  /**
   * A limit the last price already crosses: it fills at once, at `avgPrice` (price improvement:
   * never worse than the limit), not at the limit.
   */
  fillsNow: boolean;
  /** Average price of the fills (market, or a limit that fills now) or the limit price. */
  avgPrice: string;
  avgPriceText: string;
  /** Quote value (buy: what it spends, rounded up; sell: what it gives before the fee, rounded down). */
  total: string;
  totalText: string;
  fee: string;
  feeText: string;
  /** What arrives, net of the fee, in `receiveCurrency`. */
  receive: string;
  receiveText: string;
  receiveCurrency: string;
  feeCurrency: string;
  /** What the order needs available (a limit buy's frozen quote, of which a fill now returns the excess; a sell's base). */
  spend: string;
  spendText: string;
  spendCurrency: string;
}

export interface SpotPreview {
  problem: SpotProblem | null;
  params: Record<string, string | number>;
  figures: SpotFigures | null;
}

/** What the preview reckons with: the pair's settings, the worker's book and the coin account's balances. */
export interface SpotContext {
  settings: SpotSettings | undefined;
  book: DepthBook | undefined;
  /** The pair's last price (the mark a limit's band and crossing are judged against); undefined until known. */
  mark: string | undefined;
  baseAvailable: string;
  quoteAvailable: string;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;
const none = (problem: SpotProblem, params: Record<string, string | number> = {}): SpotPreview => ({ problem, params, figures: null });

/** A positive decimal as typed, at most `decimals` places; or the problem with it. */
function readDecimal(text: string | undefined, decimals: number, kind: 'amount' | 'price'): string | SpotPreview {
  if (!text?.trim()) return none(kind === 'amount' ? 'amountRequired' : 'priceRequired');
  const value = normaliseAmount(text);
  if (value === null || value.length > 40 || new Decimal(value).lte(0)) return none(kind === 'amount' ? 'amountInvalid' : 'priceInvalid');
  if (decimalsOf(value) > decimals) return none(kind === 'amount' ? 'amountDecimals' : 'priceDecimals', { decimals });
  return value;
}

export function previewSpot(ctx: SpotContext, input: SpotPreviewInput, lang: Lang): SpotPreview {
  const s = ctx.settings;
  if (!s) return none('loading');
  const amount = readDecimal(input.amount, s.qty_decimals, 'amount');
  if (typeof amount !== 'string') return amount;
  if (new Decimal(amount).lt(s.min_amount)) return none('amountMin', { min: s.min_amount, base: s.base });
  if (new Decimal(amount).gt(s.max_amount)) return none('amountMax', { max: s.max_amount, base: s.base });
  let settlement: Settlement;
  let spend: Decimal;
  let fillsNow = false;
  if (input.kind === 'market') {
    if (!ctx.book) return none('loading');
    const order = marketOrder(input.side, input.side === 'buy' ? ctx.book.asks : ctx.book.bids, amount, s);
    if (!order) return none('bookThin');
    settlement = order.settlement;
    spend = settlement.spent;
  } else {
    const price = readDecimal(input.price, s.price_decimals, 'price');
    if (typeof price !== 'string') return price;
    if (ctx.mark !== undefined) {
      const issue = checkBand('limit', price, ctx.mark, s.price_band, s.price_decimals);
      if (issue) return none('outsideBand', issue.params);
      fillsNow = limitCrossed(input.side, price, ctx.mark);
    }
    if (fillsNow) {
      const levels = ctx.book && (input.side === 'buy' ? ctx.book.asks : ctx.book.bids);
      settlement = settleFills(input.side, marketableLimitFills(input.side, levels, amount, price, ctx.mark!), s);
    } else settlement = limitFill(input.side, amount, price, s);
    spend = limitFreeze(input.side, amount, price, s.quote_decimals);
  }
  const buy = input.side === 'buy';
  const figures: SpotFigures = {
    fillsNow,
    avgPrice: settlement.avgPrice.toFixed(),
    avgPriceText: formatPrice(settlement.avgPrice, s.price_decimals, lang),
    total: settlement.total.toFixed(),
    totalText: formatAmount(settlement.total, displayDecimals(s.quote, s.quote_decimals), lang),
    fee: settlement.fee.toFixed(),
    feeText: formatAmount(settlement.fee, buy ? s.base_decimals : s.quote_decimals, lang),
    receive: settlement.received.toFixed(),
    receiveText: formatAmount(settlement.received, buy ? s.base_decimals : s.quote_decimals, lang),
    receiveCurrency: buy ? s.base : s.quote,
    feeCurrency: buy ? s.base : s.quote,
    spend: spend.toFixed(),
    spendText: formatAmount(spend, buy ? s.quote_decimals : s.base_decimals, lang),
    spendCurrency: buy ? s.quote : s.base,
  };
  const value = input.kind === 'market' ? settlement.total : new Decimal(amount).mul(input.price ? normaliseAmount(input.price)! : 0);
  if (value.lt(s.min_total)) return { problem: 'totalMin', params: { min: s.min_total, quote: s.quote }, figures };
  if (spend.gt(buy ? ctx.quoteAvailable : ctx.baseAvailable)) return { problem: 'insufficient', params: {}, figures };
  return { problem: null, params: {}, figures };
}

/**
 * The amount `fraction` (0–1) of the available balance orders (the 25/50/75/100 % buttons): a buy
 * the most base the quote buys at the worker's book (market) or at the limit price, never costing
 * more than that share; a sell that share of the base. Null when nothing is known yet or it is
 * below the pair's least amount.
 */
export function amountForFraction(ctx: SpotContext, input: Omit<SpotPreviewInput, 'amount'>, fraction: number): string | null {
  const s = ctx.settings;
  if (!s) return null;
  let amount: Decimal;
  if (input.side === 'sell') amount = sellAmountFor(ctx.baseAvailable, fraction, s.qty_decimals);
  else {
    const budget = new Decimal(ctx.quoteAvailable).mul(fraction);
    if (input.kind === 'market') {
      if (!ctx.book) return null;
      amount = buyAmountFor(budget, s, { asks: ctx.book.asks });
    } else {
      const price = input.price ? normaliseAmount(input.price) : null;
      if (!price || new Decimal(price).lte(0)) return null;
      amount = buyAmountFor(budget, s, { price });
    }
  }
  amount = Decimal.min(amount, s.max_amount);
  return amount.gte(s.min_amount) ? amount.toFixed() : null;
}
