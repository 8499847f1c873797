/**
 * The OTC order preview (docs/OTC.md): the other amount of an order as the user
 * types one (fiat or USDT) with the rule the server applies (domain/otc/formulas.ts `otcQuote`:
 * USDT rounded down, fiat rounded against the user), and why the server would refuse it: the
 * shared amount rule at the typed currency's decimals, the advert's fiat bounds, the per-trade
 * limit, the USDT the merchant offers, and (selling) the coin account's balance. Also the order
 * page's countdown. Display strings in the interface language; the server decides.
 */
import { Decimal, type DecimalValue } from '../../domain/decimal';
import { formatAmount } from '../../domain/format';
import { parseAmount } from '../../domain/funds/amounts';
import type { Lang } from '../../domain/i18n';
import { otcProblem, otcQuote, otcSecondsLeft } from '../../domain/otc/formulas';
import type { OtcSide } from '../../domain/otc/types';

export interface OtcPreviewInput {
  side: OtcSide;
  /** Which amount the user types. */
  by: 'fiat' | 'usdt';
  amount: string;
  fiat: string;
  fiat_decimals: number;
  usdt_decimals: number;
  price: string;
  min_fiat: string;
  max_fiat: string;
  /** USDT the merchant still offers (buy adverts), or null. */
  available: string | null;
  /** The caller's per-trade limit in USDT (null: not signed in or level 0, not checked here). */
  limit: string | null;
  /** Selling: the USDT in the coin account; null when not known. */
  balance: string | null;
}

export type OtcPreviewProblem =
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountPositive'
  | 'amountDecimals'
  | 'amountMax'
  | 'amountZero'
  | 'belowMin'
  | 'aboveMax'
  | 'aboveLimit'
  | 'aboveAvailable'
  | 'insufficient';

export interface OtcPreview {
  problem: OtcPreviewProblem | null;
  params: Record<string, string | number>;
  /** The two amounts as the server would store them ('' while the amount is not a number). */
  fiat: string;
  usdt: string;
  /** The same, formatted in the interface language. */
  fiatText: string;
  usdtText: string;
}

export function previewOtc(input: OtcPreviewInput, lang: Lang): OtcPreview {
  const fmtFiat = (v: DecimalValue) => formatAmount(v, input.fiat_decimals, lang);
  const fmtUsdt = (v: DecimalValue) => formatAmount(v, input.usdt_decimals, lang);
  const empty = (problem: OtcPreviewProblem, params: Record<string, string | number> = {}): OtcPreview => ({
    problem,
    params,
    fiat: '',
    usdt: '',
    fiatText: '',
    usdtText: '',
  });
  const typedCurrency =
    input.by === 'fiat' ? { name: input.fiat, decimals: input.fiat_decimals } : { name: 'USDT', decimals: input.usdt_decimals };
  const parsed = parseAmount(input.amount, typedCurrency);
  if (!parsed.ok) {
    const { decimals, max } = parsed.params;
    return empty(parsed.issue, { decimals, max: `${max} ${typedCurrency.name}` });
  }
  const quote = otcQuote(input.side, input.by, parsed.amount, input.price, input.fiat_decimals, input.usdt_decimals);
  const out = (problem: OtcPreviewProblem | null, params: Record<string, string | number> = {}): OtcPreview => ({
    problem,
    params,
    fiat: quote.fiat.toFixed(),
    usdt: quote.usdt.toFixed(),
    fiatText: fmtFiat(quote.fiat),
    usdtText: fmtUsdt(quote.usdt),
  });
  const refusal = otcProblem(quote, input, input.limit);
  if (refusal) {
    const inFiat = refusal.problem === 'belowMin' || refusal.problem === 'aboveMax';
    return out(refusal.problem, { bound: inFiat ? `${fmtFiat(refusal.bound)} ${input.fiat}` : `${fmtUsdt(refusal.bound)} USDT` });
  }
  if (input.side === 'sell' && input.balance !== null && quote.usdt.gt(input.balance))
    return out('insufficient', { balance: `${fmtUsdt(input.balance)} USDT` });
  return out(null);
}

/**
 * The "Max" of an order form, in the typed currency: the most the advert, the limit, the
 * merchant's USDT and (selling) the balance allow, converted at the price with the server's
 * rounding, never below 0.
 */
export function maxOtc(input: Omit<OtcPreviewInput, 'amount'>): string {
  const price = new Decimal(input.price);
  let usdtCap = new Decimal(input.max_fiat).div(price).toDecimalPlaces(input.usdt_decimals, Decimal.ROUND_DOWN);
  for (const cap of [input.limit, input.available, input.side === 'sell' ? input.balance : null])
    if (cap !== null) usdtCap = Decimal.min(usdtCap, cap);
  usdtCap = Decimal.max(usdtCap, 0);
  if (input.by === 'usdt') return usdtCap.toFixed();
  // The fiat paying for at most that USDT, within the advert's maximum.
  const fiat = usdtCap.mul(price).toDecimalPlaces(input.fiat_decimals, Decimal.ROUND_DOWN);
  return Decimal.max(Decimal.min(fiat, input.max_fiat), 0).toFixed();
}

/** The countdown to a pay deadline: minutes and seconds left at `now`, and whether it is over. */
export function otcCountdown(deadline: number, now: number): { minutes: number; seconds: number; over: boolean; text: string } {
  const left = otcSecondsLeft(deadline, now);
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  return { minutes, seconds, over: left === 0, text: `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}` };
}
