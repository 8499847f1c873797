/**
 * The mini game's rules (docs/community/GAME.md): a price-prediction game played
 * with POINTS, never money. One formula for the server (which decides) and the worker (which
 * previews): the result from the open and close prices, the points a round returns, the day of
 * the daily allowance, the stake's checks and the masked nickname of the leaderboard.
 */
import { Decimal, type DecimalValue } from '../decimal';

export type GameDirection = 'up' | 'down';
export const GAME_DIRECTIONS = ['up', 'down'] as const satisfies readonly GameDirection[];
export type GameResult = 'win' | 'draw' | 'loss';

/** Points granted on the first visit of each UTC day. */
export const GAME_DAILY_ALLOWANCE = 1_000;
export const GAME_STAKE_MIN = 10;
export const GAME_STAKE_MAX = 500;
/** The stake chips the page offers. */
export const GAME_STAKE_CHIPS = [10, 50, 100, 200, 500] as const;
/** A round's length: it settles at the first recorded tick at or after open + this. */
export const GAME_ROUND_MS = 60_000;
/** A win returns the stake × this (the stake back plus as much again: net +stake). */
export const GAME_WIN_MULTIPLE = 2;

const DAY_MS = 86_400_000;

/** The UTC day number of `ts` (days since the epoch): the allowance is granted once per day. */
export function utcDay(ts: number): number {
  return Math.floor(ts / DAY_MS);
}

/** The start (epoch ms) of `ts`'s UTC day. */
export function dayStart(ts: number): number {
  return utcDay(ts) * DAY_MS;
}

/** Up wins when the close is above the open, down when below; an equal close is a draw. */
export function roundResult(direction: GameDirection, open: DecimalValue, close: DecimalValue): GameResult {
  const cmp = new Decimal(close).cmp(open);
  if (cmp === 0) return 'draw';
  return cmp > 0 === (direction === 'up') ? 'win' : 'loss';
}

/** The points a settled round gives back (the stake was taken at open) and the net change. */
export function roundPayout(result: GameResult, stake: number): { returned: number; net: number } {
  const returned = result === 'win' ? stake * GAME_WIN_MULTIPLE : result === 'draw' ? stake : 0;
  return { returned, net: returned - stake };
}

export type GameStakeProblem = 'stakeInvalid' | 'stakeMin' | 'stakeMax' | 'pointsInsufficient';

/** Why a stake would be refused (null when it would not): a whole number within min/max and the points. */
export function stakeProblem(stake: number, points: number): GameStakeProblem | null {
  if (!Number.isSafeInteger(stake) || stake <= 0) return 'stakeInvalid';
  if (stake < GAME_STAKE_MIN) return 'stakeMin';
  if (stake > GAME_STAKE_MAX) return 'stakeMax';
  if (stake > points) return 'pointsInsufficient';
  return null;
}

/** Seconds left of a round closing at `closesAt`, within 0 and the round's length. */
export function secondsLeft(closesAt: number, now: number, roundMs = GAME_ROUND_MS): number {
  return Math.min(Math.round(roundMs / 1000), Math.max(0, Math.ceil((closesAt - now) / 1000)));
}

/** A name shown to others: the first and last characters with the middle masked ("a***z"). */
export function maskNickname(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
