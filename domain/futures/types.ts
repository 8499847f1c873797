/**
 * Payload types of the futures area (`/lever/*`). Every amount is a decimal string; money
 * is in USDT, the futures (lever) account's currency; prices are in the pair's quote currency.
 */
import type { Page } from '../api/envelope';
import type { OrderItem, PositionItem } from '../protocol';

export type FuturesSide = 'long' | 'short';
/** `type` on the wire (spec): 1 long, 2 short. */
export const SIDE_OF_TYPE = { 1: 'long', 2: 'short' } as const satisfies Record<1 | 2, FuturesSide>;

/**
 * A trade's life: `entrusted` (a limit order waiting for the market to cross its price, margin and
 * fee frozen), `open` (a position), `closed` (settled), `cancelled` (a limit order withdrawn or
 * refused at fill time: nothing was spent).
 */
export type FuturesStatus = 'entrusted' | 'open' | 'closed' | 'cancelled';

/** Why a position closed. */
export type CloseReason = 'manual' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation';

/** A pair's futures settings (`GET /lever/deal`), the same for every user. */
export interface FuturesSettings {
  match_id: number;
  symbol: string;
  price_decimals: number;
  /** Units of the base per lot: number = lots × contract_size. */
  contract_size: string;
  /** Relative spread: a long opens at price × (1 + spread), a short at price × (1 − spread). */
  spread: string;
  /** Handling fee rate, of the position's value at open. */
  fee_rate: string;
  /** Overnight fee rate per day, of the position's value at open. */
  overnight_rate: string;
  /** The leverage multiples offered, ascending. */
  multiples: number[];
  /** Lots: the least and most per order, and the decimals a lot count may have. */
  min_lots: string;
  max_lots: string;
  lot_decimals: number;
  /** The account's risk rate (percent) at or below which every open position is liquidated. */
  liquidation_risk: string;
  /**
   * Price band: a limit, take-profit or stop-loss price must lie within this fraction
   * either side of the mark (domain/market/priceBand.ts).
   */
  price_band: string;
  /** Liquidation fee, of the position's value at the mark: to the insurance fund, from what the account has left. */
  liquidation_fee_rate: string;
  /** Leverage brackets, by ascending notional: the most a user's position on the pair may be worth at each leverage. */
  brackets: LeverageBracket[];
  /** The most lots one user may hold on the pair (open and entrusted, both sides). */
  max_position_lots: string;
}

/**
 * One leverage bracket (Binance's notional tiers): up to `max_notional` USDT of position value
 * on one side of a pair, leverage up to `max_multiple`. `maintenance_rate` is the maintenance
 * margin of the tier's highest leverage as a fraction of the value: the liquidation threshold
 * (half the initial margin at 50 %) over `max_multiple`.
 */
export interface LeverageBracket {
  max_notional: string;
  max_multiple: number;
  maintenance_rate: string;
}

/** A futures order or position: one row through its whole life. */
export interface FuturesTrade extends PositionItem, Omit<OrderItem, 'status' | 'open'> {
  product: 'futures';
  match_id: number;
  side: FuturesSide;
  /** `market` opened at once; `limit` waited (or waits) for `target_price`. */
  kind: 'market' | 'limit';
  status: FuturesStatus;
  /** Lots, and the contract's size in the base currency (lots × contract_size). */
  share: string;
  number: string;
  multiple: number;
  /** The limit price of a limit order; null for a market order. */
  target_price: string | null;
  /** Price the position opened at (spread included); null while entrusted. */
  open_price: string | null;
  /** USDT per unit of the pair's quote currency, fixed when the trade was placed (1 for USDT pairs). */
  quote_usdt: string;
  /** USDT held against the position (frozen while entrusted or open). */
  margin: string;
  /** The handling fee charged at open (frozen with the margin while entrusted). */
  fee: string;
  /** Overnight fees charged so far. */
  overnight_fee: string;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  /** Settled result, USDT: realised P&L (before fees); null until closed. */
  profit: string | null;
  close_price: string | null;
  close_reason: CloseReason | null;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
  updated_at: number;
  /**
   * The market tick time of the price that decided the open (the fill) and the close
   * (`close_price`, for `close_reason`): the settlement audit checks those prices against the
   * recorded market at these times. Null until the trade filled / closed.
   */
  open_ts?: number | null;
  close_ts?: number | null;
}

/** `GET /lever/deal`: a pair's settings and this user's own state on it. */
export interface LeverDeal extends FuturesSettings {
  /** Available USDT in the user's futures account. */
  available: string;
  /**
   * USDT per unit of the pair's quote currency that a trade placed now would record (1 for USDT
   * pairs; USD and JPY pairs have no `…/USDT` ticker in the worker): the preview's `quoteUsdt`.
   * Null when there is no rate right now.
   */
  quote_usdt: string | null;
  /** The user's open positions and entrusted orders on this pair. */
  positions: FuturesTrade[];
  orders: FuturesTrade[];
}

/** Totals of the futures account as the server reckons them at the recorded last prices. */
export interface FuturesAccount {
  available: string;
  frozen: string;
  /** Σ margin of open positions. */
  margin: string;
  /** Σ unrealised P&L of open positions. */
  profit: string;
  /** (available + margin + profit) / margin × 100, 2 decimals; null with no open position. */
  risk_rate: string | null;
}

/** `GET /lever/dealall`: the account's totals and one page of its trades of a status. */
export interface LeverDealAll extends FuturesAccount {
  trades: Page<FuturesTrade>;
}

/** The lot rules every pair shares: the least and most lots per order, and their decimals. */
export const LOT_RULES = { min_lots: '0.01', max_lots: '1000', lot_decimals: 2 } as const;
