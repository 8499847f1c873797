/**
 * The dual purchase preview: the cost of the shares as typed, what they pay at
 * maturity on either side of the linked price, and the payoff picture — the position's worth in
 * the quote coin across settlement prices — all from the domain formula the server settles with
 * (domain/invest/formulas.ts `dualPayout`), and why the server would refuse the quantity.
 * Display strings in the interface language; the server decides.
 */
import { Decimal } from '../../domain/decimal';
import { formatAmount } from '../../domain/format';
import type { Lang } from '../../domain/i18n';
import { dualPayout, dualPayoutValue, type DualPayout, type DualType } from '../../domain/invest/formulas';

export interface DualPreviewInput {
  /** The quantity as typed: whole shares. */
  num: string;
  type: DualType;
  share_price: string;
  apr: string;
  linked_price: string;
  days: number;
  currency_decimals: number;
  quote_decimals: number;
  invest_decimals: number;
  remaining_shares: number;
  /** The invest coin's available balance in the coin account. */
  available: string;
  /** Today's market price (the picture marks it), or null when unknown. */
  market_price: string | null;
  /** How many points the picture's line has (at least 8). */
  points?: number;
}

export type DualProblem = 'sharesRequired' | 'sharesInteger' | 'sharesPositive' | 'sharesLeft' | 'insufficient';

export interface PayoffPoint {
  /** A settlement price and what the position is then worth in the quote coin (decimal strings). */
  price: string;
  value: string;
  /** The picture's coordinates, 0…1 (x from the lowest price, y from the lowest value): drawing only. */
  x: number;
  y: number;
}

export interface DualPreview {
  problem: DualProblem | null;
  params: Record<string, string | number>;
  /** The shares the figures are for: the quantity typed, or 1 while it is not valid. */
  shares: number;
  /** num × share price, in the invest coin. */
  cost: string;
  costText: string;
  /** Settled at or above (call) / above (put) the linked price, and the other side. */
  high: { coin: 'base' | 'quote'; amount: string; text: string };
  low: { coin: 'base' | 'quote'; amount: string; text: string };
  /** The payoff picture: the line, and where the linked price and today's price fall on it (x, 0…1). */
  line: PayoffPoint[];
  linkedX: number;
  marketX: number | null;
  minPrice: string;
  maxPrice: string;
  minValue: string;
  maxValue: string;
}

/** Whole shares as the server reads them (domain/invest/contract.ts): digits only, 1 … 999 999 999. */
export function readShares(text: string): { ok: true; num: number } | { ok: false; problem: DualProblem } {
  const v = text.trim();
  if (!v) return { ok: false, problem: 'sharesRequired' };
  if (!/^\d+$/.test(v)) return { ok: false, problem: 'sharesInteger' };
  if (!/^0*[1-9]\d{0,8}$/.test(v)) return { ok: false, problem: 'sharesPositive' };
  return { ok: true, num: Number(v) };
}

/** What `shares` of the product pay settled at `price`: the server's settlement, to the digit. */
export function payoutAt(input: DualPreviewInput, shares: number, price: string): DualPayout {
  const amount = new Decimal(input.share_price).mul(shares);
  return dualPayout(input.type, amount, input.linked_price, price, input.days, input.apr, {
    base: input.currency_decimals,
    quote: input.quote_decimals,
  });
}

export function previewDual(input: DualPreviewInput, lang: Lang): DualPreview {
  const read = readShares(input.num);
  let problem: DualProblem | null = read.ok ? null : read.problem;
  const params: Record<string, string | number> = {};
  const shares = read.ok ? read.num : 1;
  const cost = new Decimal(input.share_price).mul(shares);
  if (read.ok && shares > input.remaining_shares) {
    problem = 'sharesLeft';
    params.left = input.remaining_shares;
  } else if (read.ok && cost.gt(input.available)) problem = 'insufficient';

  const linked = new Decimal(input.linked_price);
  const market = input.market_price && new Decimal(input.market_price).gt(0) ? new Decimal(input.market_price) : null;
  const decimalsOf = (coin: 'base' | 'quote') => (coin === 'base' ? input.currency_decimals : input.quote_decimals);
  const side = (p: DualPayout) => ({ coin: p.coin, amount: p.amount.toFixed(), text: formatAmount(p.amount, decimalsOf(p.coin), lang) });
  // Above the linked price (a call's "at" is paid like above, a put's like below).
  const above = payoutAt(input, shares, linked.mul('1.01').toFixed());
  const below = payoutAt(input, shares, linked.mul('0.99').toFixed());

  // The range: the linked price and today's price, with room either side, at round prices
  // (three significant digits of the linked price: 56 000 … 85 600 around 71 300).
  const step = new Decimal(10).pow(Math.max(0, linked.truncated().toFixed().length - 3));
  const lo = Decimal.min(linked, market ?? linked)
    .mul('0.8')
    .div(step)
    .floor()
    .mul(step);
  const hi = Decimal.max(linked, market ?? linked)
    .mul('1.2')
    .div(step)
    .ceil()
    .mul(step);
  const n = Math.max(8, input.points ?? 48);
  const prices: Decimal[] = [];
  // Each point a price the market could print (the quote coin's decimals), with the linked price itself.
  for (let i = 0; i <= n; i++) prices.push(lo.plus(hi.minus(lo).mul(i).div(n)).toDecimalPlaces(input.quote_decimals));
  prices.push(linked);
  prices.sort((a, b) => a.cmp(b));
  const values = prices.map((p) => dualPayoutValue(payoutAt(input, shares, p.toFixed()), p));
  const minValue = Decimal.min(...values);
  const maxValue = Decimal.max(...values);
  const span = hi.minus(lo);
  const vspan = maxValue.minus(minValue);
  const xOf = (p: Decimal) => p.minus(lo).div(span).toNumber();
  const quote = input.quote_decimals;
  const line = prices.map((p, i) => ({
    price: p.toFixed(),
    value: values[i]!.toDecimalPlaces(quote, Decimal.ROUND_DOWN).toFixed(),
    x: xOf(p),
    y: vspan.isZero() ? 0.5 : values[i]!.minus(minValue).div(vspan).toNumber(),
  }));
  return {
    problem,
    params,
    shares,
    cost: cost.toFixed(),
    costText: formatAmount(cost, input.invest_decimals, lang),
    high: side(above),
    low: side(below),
    line,
    linkedX: xOf(linked),
    marketX: market ? xOf(market) : null,
    minPrice: lo.toDecimalPlaces(quote).toFixed(),
    maxPrice: hi.toDecimalPlaces(quote).toFixed(),
    minValue: minValue.toDecimalPlaces(quote, Decimal.ROUND_DOWN).toFixed(),
    maxValue: maxValue.toDecimalPlaces(quote, Decimal.ROUND_DOWN).toFixed(),
  };
}

/** "Max": the whole shares the balance buys, no more than are left. */
export function maxShares(available: string, sharePrice: string, remaining: number): number {
  const affordable = new Decimal(available).div(sharePrice).floor();
  return Decimal.max(0, Decimal.min(affordable, remaining)).toNumber();
}
