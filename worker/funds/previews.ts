/**
 * Previews of money movements with the same formulas the server settles with
 * (`domain/funds/formulas.ts`), so the UI never shows a figure the server would not honour.
 */
import { Decimal } from '../../domain/decimal';
import { calculateArrival, calculateExchange, parseAmount } from '../../domain/funds/formulas';

/** An exchange preview in decimal strings. */
export interface ExchangePreview {
  rate: string;
  fee: string;
  receive: string;
}

/** What `amount` of the source buys at these prices, less the fee; null for an unreadable amount. */
export function previewExchange(
  amount: string,
  fromPriceUsdt: string,
  toPriceUsdt: string,
  feeRate: string,
  toDecimals: number,
): ExchangePreview | null {
  const parsed = parseAmount(amount, 18);
  if (!parsed.ok || new Decimal(toPriceUsdt).lte(0)) return null;
  const q = calculateExchange(parsed.amount, fromPriceUsdt, toPriceUsdt, feeRate, toDecimals);
  return { rate: q.rate.toSignificantDigits(10).toFixed(), fee: q.fee.toFixed(), receive: q.receive.toFixed() };
}

/** What arrives of a withdrawal after the fee; null for an unreadable amount. */
export function previewArrival(amount: string, fee: string, decimals: number): string | null {
  const parsed = parseAmount(amount, decimals);
  return parsed.ok ? calculateArrival(parsed.amount, fee).toFixed() : null;
}
