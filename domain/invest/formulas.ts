/**
 * Dual investment ("invest"), once: what a product pays at
 * maturity from the recorded market price at the maturity time. The server will settle with
 * these, the purchase page draws its payoff picture with them, and the audit recomputes with
 * them.
 *
 * A **call** ("Sell high" on Binance and OKX) invests the base coin (BTC) to sell
 * it above the market: settled below the linked price it pays the base coin,
 * amount × (1 + days × APR / 365); at or above it, the quote coin (USDT), amount × linked price ×
 * (1 + days × APR / 365). A **put** ("Buy low") is the mirror: it invests the quote
 * coin (USDT) to buy the base below the market; settled
 * above the linked price it pays the quote coin, amount × (1 + …); at or below it, the base coin
 * bought at the linked price, amount ÷ linked price × (1 + …). Payouts round down to the paid
 * coin's decimals.
 */
import { Decimal, type DecimalValue } from '../decimal';

export type DualType = 'call' | 'put';

/**
 * The coin a side invests: a call ("Sell high") the base coin, a put ("Buy low") the quote coin.
 * The server charges and refunds this coin, the worker previews it, the audit recomputes with it.
 */
export function dualInvestedCoin(type: DualType): 'base' | 'quote' {
  return type === 'call' ? 'base' : 'quote';
}

/** The sides in the order the app shows them: "Buy low" first, as Binance and OKX do. */
export const DUAL_TAB_ORDER = ['put', 'call'] as const satisfies readonly DualType[];

/** The growth factor of a holding: 1 + days × APR / 365. */
export function dualFactor(days: number, apr: DecimalValue): Decimal {
  return new Decimal(apr).mul(days).div(365).plus(1);
}

export interface DualPayout {
  /** Which coin is paid: the base coin (BTC) or the quote coin (USDT). */
  coin: 'base' | 'quote';
  amount: Decimal;
}

/**
 * What a dual position of `amount` (in the coin its type invests) pays when settled at
 * `settlement`, with the product's linked price, holding days and APR.
 */
export function dualPayout(
  type: DualType,
  amount: DecimalValue,
  linked: DecimalValue,
  settlement: DecimalValue,
  days: number,
  apr: DecimalValue,
  decimals: { base: number; quote: number },
): DualPayout {
  const grown = new Decimal(amount).mul(dualFactor(days, apr));
  const cmp = new Decimal(settlement).cmp(linked);
  if (type === 'call')
    return cmp < 0
      ? { coin: 'base', amount: grown.toDecimalPlaces(decimals.base, Decimal.ROUND_DOWN) }
      : { coin: 'quote', amount: grown.mul(linked).toDecimalPlaces(decimals.quote, Decimal.ROUND_DOWN) };
  return cmp > 0
    ? { coin: 'quote', amount: grown.toDecimalPlaces(decimals.quote, Decimal.ROUND_DOWN) }
    : { coin: 'base', amount: grown.div(linked).toDecimalPlaces(decimals.base, Decimal.ROUND_DOWN) };
}

/** The payout's worth in the quote coin at `settlement` (the payoff picture's y). */
export function dualPayoutValue(payout: DualPayout, settlement: DecimalValue): Decimal {
  return payout.coin === 'quote' ? payout.amount : payout.amount.mul(settlement);
}
