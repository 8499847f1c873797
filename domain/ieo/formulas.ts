/**
 * IEO allocation, once. Each subscriber paid price × the tokens
 * asked for. When the subscriptions exceed the issuance, each gets a pro-rata share (the "passed
 * amount"), rounded down to the token's decimals, and the rest of their payment back, rounded down
 * to the payment coin's decimals; the tokens left by the rounding go to the platform. What is
 * kept (the payment less the refund) plus the refund equals each payment exactly, the kept part
 * is never less than passed × price, and the allocations never exceed the issuance.
 */
import { Decimal, type DecimalValue } from '../decimal';

export interface Subscription {
  id: number;
  /** Tokens asked for. */
  amount: DecimalValue;
}

export interface Allocation {
  id: number;
  /** Tokens allocated ("passed amount"). */
  passed: Decimal;
  /** Payment returned: (asked − passed) × price, rounded down to the payment coin's decimals. */
  refund: Decimal;
  /** Payment kept for the tokens: the payment less the refund. */
  kept: Decimal;
}

/**
 * Allocates `issuance` tokens among `subscriptions` at `price`: in full when they fit, else pro
 * rata, rounded down to `tokenDecimals`, refunds rounded down to `payDecimals`. `remainder` is
 * the tokens the rounding left (the platform's).
 */
export function allocate(
  subscriptions: readonly Subscription[],
  issuance: DecimalValue,
  price: DecimalValue,
  tokenDecimals: number,
  payDecimals: number,
): { allocations: Allocation[]; remainder: Decimal } {
  const total = subscriptions.reduce((sum, s) => sum.plus(s.amount), new Decimal(0));
  const supply = new Decimal(issuance);
  const full = total.lte(supply);
  const allocations = subscriptions.map((s) => {
    const asked = new Decimal(s.amount);
    const passed = full ? asked : asked.mul(supply).div(total).toDecimalPlaces(tokenDecimals, Decimal.ROUND_DOWN);
    const payment = asked.mul(price);
    const refund = asked.minus(passed).mul(price).toDecimalPlaces(payDecimals, Decimal.ROUND_DOWN);
    return { id: s.id, passed, refund, kept: payment.minus(refund) };
  });
  const given = allocations.reduce((sum, a) => sum.plus(a.passed), new Decimal(0));
  return { allocations, remainder: full ? new Decimal(0) : supply.minus(given) };
}

/**
 * What a subscription of `amount` tokens pays into escrow: price × amount, rounded up to the pay
 * coin's decimals (the subscriber never pays less than the price). The allocation keeps the
 * payment less the refund, so the rounding is the platform's only when every token is passed.
 */
export function subscriptionCost(amount: DecimalValue, price: DecimalValue, payDecimals: number): Decimal {
  return new Decimal(amount).mul(price).toDecimalPlaces(payDecimals, Decimal.ROUND_UP);
}

/** The phase of a subscription window at `now`: preheating, in progress, finished. */
export function ieoPhase(startsAt: number, endsAt: number, now: number): 'preheating' | 'in_progress' | 'finished' {
  return now < startsAt ? 'preheating' : now < endsAt ? 'in_progress' : 'finished';
}
