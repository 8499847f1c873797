/**
 * The OTC rules (docs/OTC.md), one copy for the server (which decides) and the
 * worker (which previews): the fiat ↔ USDT conversion at an advert's price, the per-trade limit
 * by identity level, the pay window, and why an order would be refused.
 */
import { Decimal, type DecimalValue } from '../decimal';
import { IDENTITY_LIMITS, selectFiatTradeLimit } from '../identity';
import { LANGS } from '../i18n';
import type { OtcSide } from './types';

/** A buy order not marked paid within this long of its creation expires. */
export const OTC_PAY_WINDOW_MS = 15 * 60_000;

/** The moment an unpaid buy order created at `createdAt` expires. */
export function otcPayDeadline(createdAt: number): number {
  return createdAt + OTC_PAY_WINDOW_MS;
}

export interface OtcQuote {
  fiat: Decimal;
  usdt: Decimal;
}

/**
 * An order's two amounts from the one the user typed, at `price` fiat per USDT. From a fiat
 * amount: USDT = fiat ÷ price rounded DOWN to USDT's decimals (the fiat stays as typed). From a
 * USDT amount: fiat = USDT × price rounded to the fiat's decimals, UP when the user pays the fiat
 * (buy) and DOWN when the user receives it (sell): the rounding never favours the user.
 */
export function otcQuote(
  side: OtcSide,
  by: 'fiat' | 'usdt',
  amount: DecimalValue,
  price: DecimalValue,
  fiatDecimals: number,
  usdtDecimals: number,
): OtcQuote {
  const a = new Decimal(amount);
  if (by === 'fiat') return { fiat: a, usdt: a.div(price).toDecimalPlaces(usdtDecimals, Decimal.ROUND_DOWN) };
  return { usdt: a, fiat: a.mul(price).toDecimalPlaces(fiatDecimals, side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN) };
}

/**
 * The USDT one order may carry at an identity level: none at level 0; level 1 2,000;
 * level 2 the lowest figure any language states (100,000 in the Japanese text), enforced for all.
 */
export function otcPerTradeLimit(level: number): Decimal | null {
  if (level < 1) return null;
  if (level < 2) return new Decimal(IDENTITY_LIMITS[1].fiatPerTrade);
  return LANGS.map((lang) => new Decimal(selectFiatTradeLimit(2, lang))).reduce((a, b) => Decimal.min(a, b));
}

export type OtcProblem = 'amountZero' | 'belowMin' | 'aboveMax' | 'aboveLimit' | 'aboveAvailable';

/**
 * Why an order of `quote` on an advert would be refused, or null: a USDT amount of zero after the
 * rounding, the advert's fiat minimum and maximum, the per-trade limit (USDT), and the USDT the
 * merchant still offers (buy adverts).
 */
export function otcProblem(
  quote: OtcQuote,
  advert: { min_fiat: DecimalValue; max_fiat: DecimalValue; available: DecimalValue | null },
  limit: DecimalValue | null,
): { problem: OtcProblem; bound: string } | null {
  if (quote.usdt.lte(0)) return { problem: 'amountZero', bound: '0' };
  if (quote.fiat.lt(advert.min_fiat)) return { problem: 'belowMin', bound: new Decimal(advert.min_fiat).toFixed() };
  if (quote.fiat.gt(advert.max_fiat)) return { problem: 'aboveMax', bound: new Decimal(advert.max_fiat).toFixed() };
  if (limit !== null && quote.usdt.gt(limit)) return { problem: 'aboveLimit', bound: new Decimal(limit).toFixed() };
  if (advert.available !== null && quote.usdt.gt(advert.available))
    return { problem: 'aboveAvailable', bound: new Decimal(advert.available).toFixed() };
  return null;
}

/** Whole seconds left until `deadline` at `now` (never negative): the order page's countdown. */
export function otcSecondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
