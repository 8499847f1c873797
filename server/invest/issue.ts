/**
 * What the server issues each UTC day (docs/FINANCE.md "Dual investment"): for BTC and ETH
 * against USDT, a call and a put at 1, 3 and 7 holding days, each at two linked prices a few
 * percent from the market price at issuance (calls above it, puts below it), with an APR from a
 * small fixed table: higher for the nearer linked price, which is likelier to be reached.
 *
 * The sale of day D's issue closes at 08:00 UTC on day D + 1; a product of `days` matures at
 * 08:00 UTC `days` days later, so it earns exactly days × APR / 365 (dualFactor). Pure: the
 * engine calls it with the clock's now and the market's price.
 */
import { Decimal } from '../../domain/decimal';
import type { DualType } from '../../domain/invest/types';
import { DAY_MS } from '../../domain/time';

/** The coins of the issue (each against the quote coin). */
export const DUAL_COINS = ['BTC', 'ETH'] as const;
export const DUAL_QUOTE = 'USDT';
export const DUAL_DAYS = [1, 3, 7] as const;
/** The sale closes at this hour (UTC) of the day after the issue; maturities are at the same hour. */
export const SALE_CLOSE_HOUR_MS = 8 * 3_600_000;
export const TOTAL_SHARES = 500;

/** Per-share price, in the invest coin: the base coin for a call, the quote coin for a put. */
const SHARE_PRICE: Record<string, { call: string; put: string }> = {
  BTC: { call: '0.01', put: '100' },
  ETH: { call: '0.1', put: '100' },
};

/** By holding days: [distance from the market price, APR] for the near and the far linked price. */
const TABLE: Record<(typeof DUAL_DAYS)[number], readonly [[string, string], [string, string]]> = {
  1: [
    ['0.02', '1.2'],
    ['0.04', '0.6'],
  ],
  3: [
    ['0.03', '0.8'],
    ['0.06', '0.4'],
  ],
  7: [
    ['0.05', '0.5'],
    ['0.1', '0.25'],
  ],
};

export interface IssuedProduct {
  type: DualType;
  tier: number;
  share_price: string;
  apr: string;
  linked_price: string;
  issue_price: string;
  days: number;
  total_shares: number;
  sale_ends_at: number;
  maturity_at: number;
}

/** When the sale of the issue made at `now` closes: 08:00 UTC of the next day. */
export function saleEndsAt(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS + DAY_MS + SALE_CLOSE_HOUR_MS;
}

/** A round linked-price step for `price`: three significant digits (67 250 → 100, 3 480 → 10). */
export function priceStep(price: Decimal): Decimal {
  const digits = Math.max(1, price.truncated().toFixed().length);
  return new Decimal(10).pow(digits - 3);
}

/** The day's set for one coin, from its market price at `now`. */
export function issueSet(coin: string, marketPrice: string, now: number): IssuedProduct[] {
  const shares = SHARE_PRICE[coin];
  if (!shares) return [];
  const price = new Decimal(marketPrice);
  const step = priceStep(price);
  const ends = saleEndsAt(now);
  const out: IssuedProduct[] = [];
  for (const type of ['call', 'put'] as const)
    for (const days of DUAL_DAYS)
      TABLE[days].forEach(([distance, apr], i) => {
        // Calls above the market, rounded up; puts below it, rounded down: never at the market price.
        const raw = type === 'call' ? price.mul(new Decimal(1).plus(distance)) : price.mul(new Decimal(1).minus(distance));
        const linked = raw
          .div(step)
          .toDecimalPlaces(0, type === 'call' ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR)
          .mul(step);
        out.push({
          type,
          tier: i + 1,
          share_price: shares[type],
          apr,
          linked_price: linked.toFixed(),
          issue_price: price.toFixed(),
          days,
          total_shares: TOTAL_SHARES,
          sale_ends_at: ends,
          maturity_at: ends + days * DAY_MS,
        });
      });
  return out;
}
