/**
 * Funds: account names and the money formulas of withdrawals, exchanges and valuations. The
 * server settles with these and the app previews with the same ones; how a typed amount is read
 * is `amounts.ts`.
 */
import { Decimal, type DecimalValue } from '../decimal';

/** Asset accounts: 1 legal (fiat), 2 change (coins), 3 lever (futures), 4 micro (options). */
export const ACCOUNTS = { legal: 1, change: 2, lever: 3, micro: 4 } as const;
export type AccountName = keyof typeof ACCOUNTS;
export type AccountId = (typeof ACCOUNTS)[AccountName];
export const ACCOUNT_NAMES = Object.keys(ACCOUNTS) as AccountName[];

/** The account an API value names: its name or its number 1–4; null for anything else. */
export function parseAccount(value: string): AccountId | null {
  if (value in ACCOUNTS) return ACCOUNTS[value as AccountName];
  const n = Number(value);
  return /^[1-4]$/.test(value) ? (n as AccountId) : null;
}

/** The name of account `id`. */
export function accountName(id: AccountId): AccountName {
  return ACCOUNT_NAMES.find((name) => ACCOUNTS[name] === id)!;
}

/** What a withdrawal of `amount` delivers after the network fee; not positive when the fee eats it. */
export function calculateArrival(amount: DecimalValue, fee: DecimalValue): Decimal {
  return new Decimal(amount).minus(fee);
}

/** The value of `amount` of a coin in another unit, given both prices in USDT. */
export function convertValue(amount: DecimalValue, priceUsdt: DecimalValue, unitPriceUsdt: DecimalValue): Decimal {
  return new Decimal(amount).mul(priceUsdt).div(unitPriceUsdt);
}

export interface ExchangeQuote {
  /** Units of the target currency per unit of the source, before the fee. */
  rate: Decimal;
  /** The fee, in the target currency. */
  fee: Decimal;
  /** What the user receives, rounded down to the target's decimals. */
  receive: Decimal;
}

/**
 * Exchange at the market rate (`/user/Transfer`): `amount × fromPrice / toPrice`, less
 * `feeRate` of it, rounded down to the target currency's decimals so the platform never pays
 * out a fraction it does not have.
 */
export function calculateExchange(
  amount: DecimalValue,
  fromPriceUsdt: DecimalValue,
  toPriceUsdt: DecimalValue,
  feeRate: DecimalValue,
  toDecimals: number,
): ExchangeQuote {
  const rate = new Decimal(fromPriceUsdt).div(toPriceUsdt);
  const gross = new Decimal(amount).mul(rate);
  const receive = gross.mul(new Decimal(1).minus(feeRate)).toDecimalPlaces(toDecimals, Decimal.ROUND_DOWN);
  return { rate, fee: gross.minus(receive).toDecimalPlaces(toDecimals, Decimal.ROUND_DOWN), receive };
}

/**
 * An exchange against a firm quote the server gave a moment ago (Convert's "quote valid for 10 s"):
 * the user receives what the quote promised, or what the live price gives if that is more. The
 * quote holds only while paying it costs the platform no more than the amount is worth at the live
 * price (the live amount before the fee): the fee absorbs a move against the platform, and a
 * larger move refuses the quote (`null`, "the price moved"), so no quote pays beyond what the
 * market did. `live` is `calculateExchange` at the live prices; the fee is what the platform keeps.
 */
export function fillAtQuote(
  live: ExchangeQuote,
  amount: DecimalValue,
  quotedReceive: DecimalValue,
  toDecimals: number,
): ExchangeQuote | null {
  const worth = new Decimal(amount).mul(live.rate).toDecimalPlaces(toDecimals, Decimal.ROUND_DOWN);
  const quoted = new Decimal(quotedReceive);
  if (quoted.gt(worth)) return null;
  const receive = Decimal.max(quoted, live.receive);
  return { rate: live.rate, receive, fee: worth.minus(receive) };
}
