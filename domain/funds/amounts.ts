/**
 * The one rule for an amount a user (or an operator) types: how it is read, how many decimals
 * it may carry and the most one request may move, per currency. Deposit requests, withdrawals,
 * transfers between accounts, exchanges and operator credits on the server, and the app's forms
 * and previews, all read amounts through `parseAmount`, so a figure the app accepts is one the
 * server accepts and the other way round.
 *
 * Reading: digits with an optional fraction; a bare leading or trailing point is accepted the
 * way most exchanges do (".5" is 0.5, "1." is 1) and leading zeros are dropped, so the server
 * stores the normalised form ("0.5", "1"). No sign, exponent, grouping, NaN, Infinity or hex.
 * Trailing zeros of the fraction do not count as decimals ("1.50" is fine with 1 decimal).
 */
import { Decimal } from '../decimal';

/**
 * The most one request may move, per currency (by ticker): roughly what a large exchange lets
 * one deposit or withdrawal request carry, about US$10–100 million at typical prices, and a
 * whole-number ceiling for everything else. Changing a figure here changes every form and
 * endpoint at once.
 */
export const AMOUNT_MAX: Readonly<Record<string, string>> = {
  BTC: '1000',
  ETH: '10000',
  USDT: '10000000',
  LTC: '100000',
  BNB: '50000',
  SOL: '200000',
  XRP: '20000000',
  ADA: '50000000',
  DOGE: '100000000',
  DOT: '2000000',
  AVAX: '500000',
  LINK: '1000000',
  TRX: '100000000',
  POL: '20000000',
  BCH: '50000',
  ETC: '500000',
  XLM: '100000000',
  ATOM: '2000000',
  UNI: '2000000',
  FIL: '2000000',
  NEAR: '2000000',
  APT: '2000000',
  SHIB: '1000000000000',
  TON: '2000000',
  AAPL: '100000',
  MSFT: '100000',
  NVDA: '100000',
  TSLA: '100000',
  AMZN: '100000',
  GOOGL: '100000',
  META: '100000',
  NFLX: '100000',
  AMD: '100000',
  JPM: '100000',
  USD: '10000000',
  EUR: '10000000',
  GBP: '10000000',
  JPY: '1000000000',
  AUD: '10000000',
  XAU: '10000',
  XAG: '500000',
};

/** The ceiling of a currency missing from `AMOUNT_MAX` (tests check the catalogue lists none). */
export const AMOUNT_MAX_DEFAULT = '1000000';

/** What the rule needs to know about a currency: its ticker and the decimals it carries. */
export interface AmountCurrency {
  name: string;
  decimals: number;
}

/** Why an amount string is refused, as an i18n key under `validation.`. */
export type AmountIssue = 'amountRequired' | 'amountInvalid' | 'amountPositive' | 'amountDecimals' | 'amountMax';

export type AmountResult =
  | { ok: true; amount: Decimal; text: string }
  | { ok: false; issue: AmountIssue; params: { decimals: number; max: string; currency: string } };

/** Digits with an optional point; ".5" and "1." included, "." alone not. */
const AMOUNT_TEXT = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * What an amount box keeps of a keystroke: full-width digits and points, which East Asian
 * keyboards type ("１２３．５", "１２３。５"), become the ASCII ones ("123.5"); everything else is
 * kept as typed, for the rule to refuse with its message. The boxes apply it as the user types,
 * so the box shows, and the server receives, what the rule reads; the rule itself stays ASCII.
 */
export function typedAmount(text: string): string {
  return text.replace(/[\uff10-\uff19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[\uff0e\u3002]/g, '.');
}

/** The most a single request may move in `currencyName`. */
export function maxAmount(currencyName: string): Decimal {
  return new Decimal(AMOUNT_MAX[currencyName.toUpperCase()] ?? AMOUNT_MAX_DEFAULT);
}

/**
 * The canonical spelling of a typed amount ("007.50" → "7.50", ".5" → "0.5", "1." → "1"), or
 * null when it is not a plain decimal. Surrounding whitespace is ignored.
 */
export function normaliseAmount(value: string): string | null {
  const text = value.trim();
  if (!AMOUNT_TEXT.test(text)) return null;
  const [whole = '', fraction = ''] = text.split('.');
  const intPart = whole.replace(/^0+(?=\d)/, '') || '0';
  return fraction ? `${intPart}.${fraction}` : intPart;
}

/**
 * Reads an amount of `currency` (the shared rule, see the file's comment): positive, at most
 * the currency's decimals, at most `maxAmount` of it. A refusal names its i18n key and the
 * parameters its message needs.
 */
export function parseAmount(value: string | undefined, currency: AmountCurrency): AmountResult {
  const max = maxAmount(currency.name);
  const params = { decimals: currency.decimals, max: max.toFixed(), currency: currency.name };
  const fail = (issue: AmountIssue): AmountResult => ({ ok: false, issue, params });
  if (!(value ?? '').trim()) return fail('amountRequired');
  const text = normaliseAmount(value!);
  if (text === null) return fail('amountInvalid');
  const [whole = '', fraction = ''] = text.split('.');
  // Judged on the text first, so a thousand-digit string never reaches the decimal library.
  if (whole.length > max.toFixed().length) return fail('amountMax');
  if (fraction.replace(/0+$/, '').length > currency.decimals) return fail('amountDecimals');
  const amount = new Decimal(text);
  if (amount.lte(0)) return fail('amountPositive');
  if (amount.gt(max)) return fail('amountMax');
  return { ok: true, amount, text };
}
