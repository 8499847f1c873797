/**
 * The mini game (docs/community/GAME.md): POINTS, never money — nothing here
 * touches the ledger or a balance. The daily allowance is granted on the first visit of each UTC
 * day of the injected clock (once: `game_grants`' key). A round opens at the pair's recorded
 * last price of the call (the market source, never the client), the stake leaving the points at
 * once; it settles once at the first recorded tick at or after open + 60 s (the options engine's
 * rule), with the domain formulas: win returns 2 × stake, draw the stake, loss nothing.
 * Locks: the points row, then the round.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import {
  GAME_DAILY_ALLOWANCE,
  GAME_ROUND_MS,
  GAME_STAKE_CHIPS,
  GAME_STAKE_MAX,
  GAME_STAKE_MIN,
  dayStart,
  maskNickname,
  roundPayout,
  roundResult,
  stakeProblem,
  utcDay,
} from '../../domain/game/formulas';
import type {
  GameBoardEntry,
  GameBoardPeriod,
  GameDecider,
  GameDirection,
  GameHome,
  GamePairOption,
  GameRound,
} from '../../domain/game/types';
import type { MarketPair } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { AppError } from '../http/AppError';
import { isJoined, txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import type { GameRepository, GameRoundRow } from './GameRepository';

export interface GameDeciderPrice {
  price: string;
  ts: number;
  by: GameDecider;
}

export interface PlayInput {
  match_id: number;
  direction: GameDirection;
  stake: number;
}

const BOARD_SIZE = 50;

export class GameService {
  private readonly listeners = new Set<(row: GameRoundRow) => void>();
  private readonly tx: TxRunner;
  readonly roundMs: number;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      market: MarketSource;
      users: UserRepository;
      repo: GameRepository;
      roundMs?: number;
    },
  ) {
    this.tx = txRunner(deps.db);
    this.roundMs = deps.roundMs ?? GAME_ROUND_MS;
  }

  onChange(listener: (row: GameRoundRow) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The pairs on offer: the market's USDT pairs. */
  pairs(): GamePairOption[] {
    return this.deps.market.pairs.filter((p) => p.quote === 'USDT').map((p) => ({ match_id: p.id, symbol: p.symbol }));
  }

  private pair(matchId: number): MarketPair {
    const pair = this.deps.market.pairs.find((p) => p.id === matchId && p.quote === 'USDT');
    if (!pair) throw new AppError('errors.symbolUnknown');
    return pair;
  }

  /** The caller's home: grants today's allowance on the first visit of the UTC day (once), then reads. */
  async home(userId: number): Promise<GameHome> {
    const now = this.deps.clock.now();
    const day = utcDay(now);
    const points = await this.tx(async (q) => {
      const current = await this.deps.repo.lockPoints(q, userId, now);
      if (!(await this.deps.repo.grant(q, userId, day, GAME_DAILY_ALLOWANCE, now))) return current;
      return this.deps.repo.addPoints(q, userId, GAME_DAILY_ALLOWANCE, now);
    });
    const open = await this.deps.repo.openOf(userId);
    return {
      points,
      granted_today: await this.deps.repo.grantedOn(userId, day),
      allowance: GAME_DAILY_ALLOWANCE,
      stake_min: GAME_STAKE_MIN,
      stake_max: GAME_STAKE_MAX,
      chips: [...GAME_STAKE_CHIPS],
      round_seconds: Math.round(this.roundMs / 1000),
      pairs: this.pairs(),
      open_round: open ? toRound(open) : null,
      now,
    };
  }

  /** Opens a round at the recorded price of now; the stake leaves the points. One open round at a time. */
  async play(userId: number, input: PlayInput, run: TxRunner = this.tx): Promise<GameRound> {
    const pair = this.pair(input.match_id);
    const ticker = this.deps.market.ticker(pair.symbol);
    if (!ticker || !new Decimal(ticker.price).gt(0)) throw new AppError('errors.priceUnavailable');
    if (ticker.stale) throw new AppError('errors.priceStale');
    if (!isJoined(run)) await this.deps.market.record();
    return run(async (q, afterCommit) => {
      const now = this.deps.clock.now();
      const points = await this.deps.repo.lockPoints(q, userId, now);
      const problem = stakeProblem(input.stake, points);
      if (problem === 'stakeMin') throw new AppError('errors.gameStakeMin', { min: GAME_STAKE_MIN });
      if (problem === 'stakeMax') throw new AppError('errors.gameStakeMax', { max: GAME_STAKE_MAX });
      if (problem === 'pointsInsufficient') throw new AppError('errors.gamePointsInsufficient', { points });
      if (problem) throw new AppError('validation.gameStakeInvalid');
      if (await this.deps.repo.openOf(userId, q)) throw new AppError('errors.gameRoundOpen');
      await this.deps.repo.addPoints(q, userId, -input.stake, now);
      const row = await this.deps.repo.insert(q, {
        userId,
        matchId: pair.id,
        symbol: pair.symbol,
        direction: input.direction,
        stake: input.stake,
        openPrice: new Decimal(ticker.price).toFixed(),
        openTs: ticker.ts,
        closesAt: ticker.ts + this.roundMs,
        now,
      });
      this.announce(afterCommit, row);
      return toRound(row);
    });
  }

  async rounds(userId: number, page: { page: number; limit: number }): Promise<Page<GameRound>> {
    const rows = await this.deps.repo.page(userId, page);
    return { ...rows, data: rows.data.map(toRound) };
  }

  async round(userId: number, id: number): Promise<GameRound> {
    const row = await this.deps.repo.byId(id);
    if (!row || row.user_id !== userId) throw new AppError('errors.gameRoundNotFound');
    return toRound(row);
  }

  /** Top 50 by net points of rounds settled today (UTC, injected clock) or ever; nicknames masked. */
  async leaderboard(userId: number, period: GameBoardPeriod): Promise<GameBoardEntry[]> {
    const since = period === 'today' ? dayStart(this.deps.clock.now()) : 0;
    const leaders = await this.deps.repo.leaders(since, BOARD_SIZE);
    const names = await this.deps.users.nicknames(leaders.map((l) => l.user_id));
    return leaders.map((l, i) => ({
      rank: i + 1,
      nickname: maskNickname(names.get(l.user_id) ?? ''),
      won: l.won,
      rounds: l.rounds,
      me: l.user_id === userId,
    }));
  }

  /** Settles an open round at `decider` (at or after its close): once, whoever tries. Null when already settled. */
  async settle(roundId: number, decider: GameDeciderPrice): Promise<GameRoundRow | null> {
    const first = await this.deps.repo.byId(roundId);
    if (!first || first.status !== 'open') return null;
    await this.deps.market.record();
    return this.tx(async (q, afterCommit) => {
      const now = this.deps.clock.now();
      await this.deps.repo.lockPoints(q, first.user_id, now);
      const row = await this.deps.repo.lock(q, roundId);
      if (!row || row.status !== 'open') return null;
      if (decider.by === 'tick' && decider.ts < row.closes_at) return null;
      const result = roundResult(row.direction, row.open_price, decider.price);
      const { returned, net } = roundPayout(result, row.stake);
      const settled = await this.deps.repo.settle(q, row.id, {
        closePrice: new Decimal(decider.price).toFixed(),
        closeTs: decider.ts,
        decidedBy: decider.by,
        result,
        returned,
        net,
        now,
      });
      if (!settled) return null;
      if (returned > 0) await this.deps.repo.addPoints(q, row.user_id, returned, now);
      this.announce(afterCommit, settled);
      return settled;
    });
  }

  private announce(afterCommit: AfterCommit, row: GameRoundRow): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener(row);
    });
  }
}

/** The wire form. */
export function toRound(row: GameRoundRow): GameRound {
  const { user_id: _user, ...rest } = row;
  return rest;
}
