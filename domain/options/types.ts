/**
 * Payload types of the seconds options area (`/microtrade/*`). A stake is
 * taken from the options account (`micro`) in a payable currency. The open price is the
 * recorded market price when the order is placed; the result is decided only by the recorded
 * market price at expiry (domain/options/formulas.ts). Every amount is a decimal string.
 */
import type { PositionItem } from '../protocol';

/** `type` on the wire: the direction the user bets the price moves. */
export type OptionDirection = 'up' | 'down';
export const OPTION_DIRECTIONS = ['up', 'down'] as const satisfies readonly OptionDirection[];

/** `pending` until expiry, then `settled` with a result. */
export type OptionStatus = 'pending' | 'settled';
export const OPTION_STATUSES = ['pending', 'settled'] as const satisfies readonly OptionStatus[];

/**
 * Which rule decided a settled option: `tick`, the first live recorded tick at or after its expiry;
 * `record`, the price record (the open of the one-minute bar of its expiry) when no live tick
 * could decide it (the server was down or not leading at expiry).
 */
export type OptionDecider = 'tick' | 'record';

/** win: stake × (1 + ratio) paid back; draw: the stake refunded; loss: the stake kept. */
export type OptionResult = 'win' | 'draw' | 'loss';

/** One expiry on offer (`GET /microtrade/seconds`). */
export interface OptionExpiry {
  seconds: number;
  /** Profit ratio of a win: a win pays stake × (1 + ratio). */
  ratio: string;
  /** Least and most stake, in the payable currency's units (the same for every payable currency, which are USD-like). */
  min_stake: string;
  max_stake: string;
}

/** A currency a stake may be paid in (`GET /microtrade/payable_currencies`), with the caller's options-account balance. */
export interface PayableCurrency {
  currency_id: number;
  name: string;
  decimals: number;
  /** The caller's available balance in the options account. */
  available: string;
}

/** A seconds option order (the private channel's `positions` with product `options`). */
export interface OptionOrder extends PositionItem {
  product: 'options';
  match_id: number;
  /** The stake's currency. */
  currency_id: number;
  currency: string;
  direction: OptionDirection;
  seconds: number;
  ratio: string;
  /** The stake. */
  number: string;
  status: OptionStatus;
  /** The recorded market price when placed, and that tick's time. */
  open_price: string;
  open_ts: number;
  /** open_ts + seconds × 1000: the moment whose recorded price decides the result. */
  expires_at: number;
  /** What a win would pay back in all (stake × (1 + ratio)) and its profit (stake × ratio). */
  expected_payout: string;
  expected_profit: string;
  /** Set when settled: the recorded price that decided, its tick time, the result, what was paid back and the profit (negative on a loss). */
  close_price: string | null;
  close_ts: number | null;
  /** Which rule chose that price (null while pending). */
  decided_by: OptionDecider | null;
  result: OptionResult | null;
  payout: string | null;
  profit: string | null;
  settled_at: number | null;
  created_at: number;
  updated_at: number;
}
