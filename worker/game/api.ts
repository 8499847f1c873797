/**
 * The mini game namespace of the worker's comlink API (`api.game…`): the stake preview and the
 * would-be result of an open round against the live price, with the domain formulas the server
 * decides with (domain/game/formulas.ts). Points only; the server decides.
 */
import {
  roundPayout,
  roundResult,
  secondsLeft,
  stakeProblem,
  type GameDirection,
  type GameResult,
  type GameStakeProblem,
} from '../../domain/game/formulas';

export interface GameStakePreview {
  problem: GameStakeProblem | null;
  /** Points a win would add (net). */
  winNet: number;
}

export function gameApi() {
  return {
    preview(stake: number, points: number): GameStakePreview {
      return { problem: stakeProblem(stake, points), winNet: roundPayout('win', stake).net };
    },
    /** The result the round would have if it closed at `live`; null without a live price. */
    wouldBe(direction: GameDirection, open: string, live: string | null): GameResult | null {
      return live ? roundResult(direction, open, live) : null;
    },
    secondsLeft(closesAt: number, now: number, roundMs: number): number {
      return secondsLeft(closesAt, now, roundMs);
    },
  };
}
