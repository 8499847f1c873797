/** How the simulation disturbs a money call (`MoneyCall.fault`). */
import { Decimal } from '../../domain/decimal';
import type { Rng } from './rng';
import type { Fault } from './types';

/** Most money calls go once; some are sent twice with one key; some are cut off mid-flight and retried. */
export function drawFault(rng: Rng): Fault {
  return rng.weighted([
    ['none', 80],
    ['retry', 10],
    ['abort', 10],
  ] as const);
}

/** `percent` % of `available`, rounded down to `decimals` (what a user types after tapping a share button). */
export function shareOf(available: string, percent: number, decimals: number): string {
  return new Decimal(available).mul(percent).div(100).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
}
