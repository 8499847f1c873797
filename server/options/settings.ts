/**
 * Seconds options settings (docs/OPTIONS.md), in code. Every listed pair may be traded
 * (crypto, stocks, forex, metals). The stake is paid in USDT (catalogue id 3) from the options
 * account (`micro`): the one stable, USD-like currency every user can fund by a transfer, so the
 * stake limits mean the same everywhere.
 */
import type { OptionExpiry } from '../../domain/options/types';

/** The payable currency: USDT (domain catalogue id 3, the spec's fixed deposit coin). */
export const OPTIONS_CURRENCY_ID = 3;
export const MIN_STAKE = '10';
export const MAX_STAKE = '50000';
/** A stake has at most this many decimal places. */
export const STAKE_DECIMALS = 2;

/** Expiries on offer, shortest first: a win pays stake × (1 + ratio). */
export const OPTION_EXPIRIES: readonly OptionExpiry[] = [
  { seconds: 30, ratio: '0.8', min_stake: MIN_STAKE, max_stake: MAX_STAKE },
  { seconds: 60, ratio: '0.82', min_stake: MIN_STAKE, max_stake: MAX_STAKE },
  { seconds: 120, ratio: '0.85', min_stake: MIN_STAKE, max_stake: MAX_STAKE },
  { seconds: 300, ratio: '0.88', min_stake: MIN_STAKE, max_stake: MAX_STAKE },
];

export function expiryOf(seconds: number): OptionExpiry | undefined {
  return OPTION_EXPIRIES.find((e) => e.seconds === seconds);
}

/**
 * How late after its expiry a tick may still decide an option. A tick-decided option settles at
 * the first recorded price at or after expiry; the engine's timer also checks, so a later tick
 * than this means the engine was not running: the auditor flags it unless decided by the record.
 */
export const TICK_GRACE_MS = 5_000;
