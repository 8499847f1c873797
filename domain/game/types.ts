/** Payload types of the mini game (docs/community/GAME.md). Points are whole numbers; prices decimal strings. */
import type { GameDirection, GameResult } from './formulas';

export type { GameDirection, GameResult } from './formulas';

/** `open` until the first recorded tick at or after `closes_at`, then `settled`. */
export type GameRoundStatus = 'open' | 'settled';
/** `tick`: a live recorded tick at or after the close; `record`: the price record (no engine ran at the close). */
export type GameDecider = 'tick' | 'record';

export interface GameRound {
  id: number;
  match_id: number;
  symbol: string;
  direction: GameDirection;
  stake: number;
  status: GameRoundStatus;
  open_price: string;
  open_ts: number;
  closes_at: number;
  close_price: string | null;
  close_ts: number | null;
  decided_by: GameDecider | null;
  result: GameResult | null;
  /** Points returned at settlement (win 2 × stake, draw stake, loss 0). */
  returned: number | null;
  /** Net points of the round (returned − stake). */
  net: number | null;
  created_at: number;
  settled_at: number | null;
}

export interface GamePairOption {
  match_id: number;
  symbol: string;
}

/** `GET /game/home`: the caller's points (the day's allowance granted on the first visit), the rules and the open round. */
export interface GameHome {
  points: number;
  /** Points granted today (0 before the first visit of the day: never, since the visit grants it). */
  granted_today: number;
  allowance: number;
  stake_min: number;
  stake_max: number;
  chips: number[];
  round_seconds: number;
  pairs: GamePairOption[];
  open_round: GameRound | null;
  now: number;
}

export type GameBoardPeriod = 'today' | 'all';

export interface GameBoardEntry {
  rank: number;
  nickname: string;
  won: number;
  rounds: number;
  me: boolean;
}
