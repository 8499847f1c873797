/**
 * What every part of futures trading shares: the account it trades in (USDT in the lever
 * account), the mark it prices at, the listener a changed trade is told to, and the reading of a
 * lot count or a price as the contract gives them.
 */
import { Decimal } from '../../../domain/decimal';
import { ACCOUNTS, type AccountId } from '../../../domain/funds/formulas';
import type { FuturesSettings } from '../../../domain/futures/types';
import type { MarketPair } from '../../../domain/market/types';
import { AppError } from '../../http/AppError';
import type { TradeRow } from '../FuturesRepository';

/** The futures account: USDT in the lever account. */
export const LEVER: AccountId = ACCOUNTS.lever;
export const USDT_ID = 3;

/** A price the market source recorded, and the time of the tick it came from. */
export interface Mark {
  price: string;
  ts: number;
}

/** Told after commit that a trade changed (its status before, null for a new trade). */
export type TradeListener = (row: TradeRow, before: TradeRow['status'] | null) => void;

/** USDT per unit of a pair's quote currency, or null when there is none now. */
export type QuoteRate = (pair: MarketPair) => Promise<Decimal | null>;

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;
export const fixed = (d: Decimal) => d.toFixed();

/** Lots: a plain positive decimal (the contract's field), at most `lot_decimals` places, within min and max. */
export function readLots(share: string, s: FuturesSettings): string {
  if (decimalsOf(share) > s.lot_decimals) throw new AppError('errors.lotsDecimals', { decimals: s.lot_decimals });
  const lots = new Decimal(share);
  if (lots.lt(s.min_lots)) throw new AppError('errors.lotsMin', { min: s.min_lots });
  if (lots.gt(s.max_lots)) throw new AppError('errors.lotsMax', { max: s.max_lots });
  return lots.toFixed();
}

/** An optional price (already a normalised decimal from the contract): positive, at most the pair's decimals. */
export function readPrice(value: string | undefined, decimals: number): string | null {
  if (value === undefined) return null;
  if (decimalsOf(value) > decimals) throw new AppError('errors.priceDecimals', { decimals });
  const price = new Decimal(value);
  if (price.lte(0)) throw new AppError('errors.pricePositive');
  return price.toFixed();
}
