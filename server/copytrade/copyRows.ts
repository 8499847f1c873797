/**
 * The rows of `traders`, `follows`, `copies` and `trader_stats` (migration 014) as
 * CopyRepository reads them: their shapes, column lists and checked row readers
 * (server/db/rows.ts). NUMERIC columns come back normalised by the drivers' parser; a trader's
 * equity curve is stored as JSON text and read through a `::json` cast, so the driver parses it.
 */
import type { CopySkipReason, EquityPoint, FollowStatus, FollowType, PositionVisibility } from '../../domain/copytrade/types';
import type { FuturesSide } from '../../domain/futures/types';
import { rowReader } from '../db/rows';

export interface TraderRow {
  user_id: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  accepting: boolean;
  visibility: PositionVisibility;
  applied_at: number;
  decided_at: number | null;
}

export interface FollowRow {
  id: number;
  follower_id: number;
  trader_id: number;
  type: FollowType;
  number: string;
  max_margin: string | null;
  stop_loss: string | null;
  daily_limit: number | null;
  status: FollowStatus;
  cancel_reason: 'user' | 'stop_loss' | null;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
}

export interface CopyRow {
  id: number;
  follow_id: number;
  follower_id: number;
  trader_id: number;
  trader_trade_id: number;
  outcome: 'copied' | 'skipped';
  skip_reason: CopySkipReason | null;
  trade_id: number | null;
  symbol: string;
  side: FuturesSide;
  multiple: number;
  self_held: boolean;
  created_at: number;
}

export interface StatsRow {
  user_id: number;
  followers: number;
  total_pnl: string;
  accuracy: string | null;
  closed_trades: number;
  ror_7d: string | null;
  ror_30d: string | null;
  equity: EquityPoint[];
  computed_at: number;
}

export const TRADER_COLUMNS = 'user_id, status, reason, accepting, visibility, applied_at, decided_at';
export const FOLLOW_COLUMNS = `id, follower_id, trader_id, type, number, max_margin, stop_loss, daily_limit, status, cancel_reason,
  created_at, updated_at, cancelled_at`;
export const COPY_COLUMNS = `id, follow_id, follower_id, trader_id, trader_trade_id, outcome, skip_reason, trade_id, symbol, side, multiple,
  self_held, created_at`;
export const STATS_COLUMNS = 'user_id, followers, total_pnl, accuracy, closed_trades, ror_7d, ror_30d, equity::json AS equity, computed_at';

export const traderRows = rowReader<TraderRow>('traders', {
  user_id: 'int',
  status: 'text',
  reason: 'text?',
  accepting: 'bool',
  visibility: 'text',
  applied_at: 'int',
  decided_at: 'int?',
});

export const followRows = rowReader<FollowRow>('follows', {
  id: 'int',
  follower_id: 'int',
  trader_id: 'int',
  type: 'int',
  number: 'decimal',
  max_margin: 'decimal?',
  stop_loss: 'decimal?',
  daily_limit: 'int?',
  status: 'text',
  cancel_reason: 'text?',
  created_at: 'int',
  updated_at: 'int',
  cancelled_at: 'int?',
});

export const copyRows = rowReader<CopyRow>('copies', {
  id: 'int',
  follow_id: 'int',
  follower_id: 'int',
  trader_id: 'int',
  trader_trade_id: 'int',
  outcome: 'text',
  skip_reason: 'text?',
  trade_id: 'int?',
  symbol: 'text',
  side: 'text',
  multiple: 'int',
  self_held: 'bool',
  created_at: 'int',
});

export const statsRows = rowReader<StatsRow>('trader_stats', {
  user_id: 'int',
  followers: 'int',
  total_pnl: 'decimal',
  accuracy: 'decimal?',
  closed_trades: 'int',
  ror_7d: 'decimal?',
  ror_30d: 'decimal?',
  equity: 'json',
  computed_at: 'int',
});
