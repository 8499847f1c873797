/**
 * Previews of money movements with the same formulas the server settles with
 * (`domain/funds/formulas.ts`), so the UI never shows a figure the server would not honour.
 */
import { Decimal } from '../../domain/decimal';
import { calculateArrival, calculateExchange, parseAmount, type AmountIssue } from '../../domain/funds/formulas';

/** Why the server would refuse an amount before moving anything: a rule of `parseAmount`, or below the minimum. */
export type AmountProblem = AmountIssue | 'belowMin';

/**
 * The server's own amount rules for a currency with `decimals` places (`parseAmount`, which
 * `readAmount` applies), and `min` when the endpoint has one; null when the amount passes.
 */
export function checkAmount(amount: string, decimals: number, min?: string): AmountProblem | null {
  const parsed = parseAmount(amount, decimals);
  if (!parsed.ok) return parsed.issue;
  return min !== undefined && parsed.amount.lt(min) ? 'belowMin' : null;
}

/** An exchange preview in decimal strings. */
export interface ExchangePreview {
  rate: string;
  fee: string;
  receive: string;
}

/**
 * What `amount` of the source buys at these prices, less the fee; null for an amount the server
 * would refuse (unreadable, or more places than the source's `fromDecimals`), so no preview is
 * ever shown for it.
 */
export function previewExchange(
  amount: string,
  fromPriceUsdt: string,
  toPriceUsdt: string,
  feeRate: string,
  toDecimals: number,
  fromDecimals = 18,
): ExchangePreview | null {
  const parsed = parseAmount(amount, fromDecimals);
  if (!parsed.ok || new Decimal(toPriceUsdt).lte(0)) return null;
  const q = calculateExchange(parsed.amount, fromPriceUsdt, toPriceUsdt, feeRate, toDecimals);
  return { rate: q.rate.toSignificantDigits(10).toFixed(), fee: q.fee.toFixed(), receive: q.receive.toFixed() };
}

/** What arrives of a withdrawal after the fee; null for an unreadable amount. */
export function previewArrival(amount: string, fee: string, decimals: number): string | null {
  const parsed = parseAmount(amount, decimals);
  return parsed.ok ? calculateArrival(parsed.amount, fee).toFixed() : null;
}
