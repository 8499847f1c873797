/**
 * Copy trading (docs/COPYTRADE.md): traders whose futures positions
 * their followers copy. A copied position is a real futures position of the follower, opened and
 * closed through the futures engine. Wire types, shared by the server, the worker and the app.
 */
import type { FuturesSide } from '../futures/types';

/** How a follower sizes a copy: 1 a fixed multiple of the trader's lots, 2 a fixed number of lots. */
export const FOLLOW_TYPES = [1, 2] as const;
export type FollowType = (typeof FOLLOW_TYPES)[number];

/** The largest multiple a follower may choose (errors.copyMultipleMax). */
export const FOLLOW_MAX_MULTIPLE = 100;

/** following → cancelled. */
export const FOLLOW_STATUSES = ['following', 'cancelled'] as const;
export type FollowStatus = (typeof FOLLOW_STATUSES)[number];

/** How the trader list sorts. */
export const TRADER_SORTS = ['ror30', 'ror7', 'pnl', 'accuracy', 'followers'] as const;
export type TraderSort = (typeof TRADER_SORTS)[number];

/** What followers see of a trader's open positions: as they are, an hour late, or not at all. */
export const POSITION_VISIBILITY = ['live', 'delayed', 'hidden'] as const;
export type PositionVisibility = (typeof POSITION_VISIBILITY)[number];

/** A trader's figures, computed every hour from their real closed futures positions. */
export interface TraderStats {
  /** Followers following now. */
  followers: number;
  /** Σ realised P&L (after fees) of every closed position, USDT. */
  total_pnl: string;
  /** Winning closed positions ÷ closed positions, a fraction; null before the first close. */
  accuracy: string | null;
  closed_trades: number;
  /** Rate of return over 7 and 30 days: Σ P&L ÷ Σ margin of the positions closed in the window; null without any. */
  ror_7d: string | null;
  ror_30d: string | null;
  /** When these figures were computed (epoch ms). */
  computed_at: number;
}

/** A row of `GET /follow/index`. */
export interface TraderSummary extends TraderStats {
  user_id: number;
  nickname: string;
  avatar: string | null;
  /** Whether the trader takes new followers. */
  accepting: boolean;
  /** With a session: the caller's follow of this trader while following, else null. */
  my_follow_id: number | null;
}

/** One point of a trader's equity curve: cumulative realised P&L at the end of a UTC day. */
export interface EquityPoint {
  t: number;
  pnl: string;
}

/** A trader's open position as followers see it. */
export interface TraderPosition {
  id: number;
  symbol: string;
  side: FuturesSide;
  share: string;
  multiple: number;
  open_price: string;
  opened_at: number;
}

/** `GET /follow/traderDetail`. */
export interface TraderDetail extends TraderSummary {
  signature: string | null;
  trader_since: number;
  visibility: PositionVisibility;
  /** The open positions per `visibility` (delayed: opened more than an hour ago; hidden: none). */
  positions: TraderPosition[];
  /** Daily cumulative P&L over the last 30 days. */
  equity: EquityPoint[];
}

/** A closed position of a trader (`GET /follow/historyTrade`). */
export interface TraderTrade {
  id: number;
  symbol: string;
  side: FuturesSide;
  share: string;
  multiple: number;
  open_price: string;
  close_price: string;
  /** Realised P&L after fees, USDT. */
  pnl: string;
  opened_at: number;
  closed_at: number;
}

/** A follow (`POST /follow/follow`, `GET /follow/my`). Amounts are USDT decimal strings. */
export interface FollowItem {
  id: number;
  trader_user_id: number;
  trader_nickname: string;
  type: FollowType;
  /** The multiple (type 1) or the lots (type 2). */
  number: string;
  /** Risk controls: the most margin one copy may take; stop following when the copies' P&L reaches −stop_loss; copies a UTC day. Null: none. */
  max_margin: string | null;
  stop_loss: string | null;
  daily_limit: number | null;
  status: FollowStatus;
  /** Why it was cancelled: by the follower, or the copy stop-loss. */
  cancel_reason: 'user' | 'stop_loss' | null;
  /** Σ P&L of the copies (closed: realised after fees; open: unrealised at the last price), USDT. */
  copy_pnl: string;
  open_copies: number;
  created_at: number;
  cancelled_at: number | null;
}

/** What happened to one trader order for one follower. */
export const COPY_OUTCOMES = ['copied', 'skipped'] as const;
export type CopyOutcome = (typeof COPY_OUTCOMES)[number];
/**
 * Why a copy was skipped (an i18n key under `copytrade.skip`). `limits`: the futures trading rules
 * refused the follower's order (leverage bracket, position limit, the pair's exposure cap, a
 * leverage the pair no longer offers).
 */
export const COPY_SKIP_REASONS = ['margin', 'maxMargin', 'dailyLimit', 'lots', 'price', 'limits'] as const;
export type CopySkipReason = (typeof COPY_SKIP_REASONS)[number];

/** A copied position (`GET /follow/copies`): the follower's futures trade and the trader's order that caused it. */
export interface CopyItem {
  id: number;
  follow_id: number;
  trader_user_id: number;
  trader_nickname: string;
  /** The trader's futures trade this copies. */
  trader_trade_id: number;
  outcome: CopyOutcome;
  skip_reason: CopySkipReason | null;
  /** The follower's futures trade (null when skipped). */
  trade_id: number | null;
  symbol: string;
  side: FuturesSide;
  share: string | null;
  multiple: number;
  open_price: string | null;
  close_price: string | null;
  /** Realised P&L after fees once closed, USDT. */
  pnl: string | null;
  /** Taken out of copying by the follower: the trader's close no longer touches it. */
  self_held: boolean;
  status: 'open' | 'closed' | 'skipped';
  created_at: number;
  closed_at: number | null;
}

/** A "become a trader" application (`GET /follow/application`). */
export interface TraderApplication {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  reason: string | null;
  /** The conditions and whether the caller meets each now. */
  conditions: { identity: boolean; balance: boolean; min_balance: string };
  accepting: boolean;
  visibility: PositionVisibility;
}
