/**
 * The mini game's endpoints (docs/community/GAME.md). Points only, never money:
 * no ledger, no balance. `/game/play` takes an `Idempotency-Key` (a retried call opens one round).
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { pageFields, positiveIntParam } from '../api/fields';
import { GAME_DIRECTIONS } from './formulas';
import type { GameBoardEntry, GameHome, GameRound } from './types';

export const gameEndpoints = defineEndpoints({
  /** The caller's points (granting the day's allowance on the first visit of the UTC day), rules, pairs, open round. */
  '/game/home': endpoint<GameHome>()({ method: 'GET', access: 'user', input: z.object({}) }),
  /** Opens a round at the pair's recorded price of now; the stake leaves the points at once. */
  '/game/play': endpoint<GameRound>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      match_id: positiveIntParam('validation.pairRequired'),
      direction: z.enum(GAME_DIRECTIONS, { error: 'validation.directionInvalid' }),
      stake: positiveIntParam('validation.gameStakeInvalid'),
    }),
  }),
  /** The caller's rounds, newest first. */
  '/game/rounds': endpoint<Page<GameRound>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ ...pageFields }),
  }),
  /** One of the caller's rounds. */
  '/game/round': endpoint<GameRound>()({
    method: 'GET',
    access: 'user',
    input: z.object({ id: positiveIntParam('validation.orderRequired') }),
  }),
  /** Top 50 by net points won today (UTC) or of all time; nicknames masked. */
  '/game/leaderboard': endpoint<GameBoardEntry[]>()({
    method: 'GET',
    access: 'user',
    input: z.object({ period: z.enum(['today', 'all'], { error: 'validation.invalid' }).default('today') }),
  }),
});
