/**
 * Previews of money movements with the same formulas the server settles with
 * (`domain/funds/formulas.ts`) and the same amount rule (`domain/funds/amounts.ts`), so the UI
 * never shows a figure the server would not honour, nor one for an amount it would refuse.
 */
import { Decimal } from '../../domain/decimal';
import { parseAmount, type AmountCurrency, type AmountIssue } from '../../domain/funds/amounts';
import { calculateArrival, calculateExchange } from '../../domain/funds/formulas';

/** Why the server would refuse an amount before moving anything: a rule of `parseAmount`, or below the minimum. */
export type AmountProblem = AmountIssue | 'belowMin';

/**
 * The server's own amount rules for `currency` (`parseAmount`, which `readAmount` applies: its
 * decimals and per-request maximum), and `min` when the endpoint has one; null when it passes.
 */
export function checkAmount(amount: string, currency: AmountCurrency, min?: string): AmountProblem | null {
  const parsed = parseAmount(amount, currency);
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
 * What `amount` of the source currency `from` buys at these prices, less the fee; null for an
 * amount the server would refuse (unreadable, too many decimals for `from`, over its maximum).
 */
export function previewExchange(
  amount: string,
  fromPriceUsdt: string,
  toPriceUsdt: string,
  feeRate: string,
  toDecimals: number,
  from: AmountCurrency,
): ExchangePreview | null {
  const parsed = parseAmount(amount, from);
  if (!parsed.ok || new Decimal(toPriceUsdt).lte(0)) return null;
  const q = calculateExchange(parsed.amount, fromPriceUsdt, toPriceUsdt, feeRate, toDecimals);
  return { rate: q.rate.toSignificantDigits(10).toFixed(), fee: q.fee.toFixed(), receive: q.receive.toFixed() };
}

/** What arrives of a withdrawal of `currency` after the fee; null for an amount the server would refuse. */
export function previewArrival(amount: string, fee: string, currency: AmountCurrency): string | null {
  const parsed = parseAmount(amount, currency);
  return parsed.ok ? calculateArrival(parsed.amount, fee).toFixed() : null;
}
