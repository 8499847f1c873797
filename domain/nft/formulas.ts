/**
 * NFT market rules, once for the server, the worker's previews and
 * the pages: the sale window, the least acceptable bid, the anti-sniping extension, the seller's
 * proceeds after the platform fee, what an auction winner still owes, and the split of a
 * forfeited margin.
 */
import { Decimal, type DecimalValue } from '../decimal';
import { NFT_ANTI_SNIPE_MS, type NftSaleState, type NftWindow } from './types';

/** The sale window's state at `now`; an open-ended sale (`endsAt` null) never ends. */
export function saleState(startsAt: number, endsAt: number | null, now: number): NftSaleState {
  if (now < startsAt) return 'not_started';
  return endsAt !== null && now >= endsAt ? 'ended' : 'started';
}

/**
 * The spec's window helper: 2 before the start, 0 after the end; within the window 0
 * when the on-sale flag is off, else 1. Only 1 may be bought or bid on.
 */
export function saleWindow(startsAt: number, endsAt: number | null, onSale: boolean, now: number): NftWindow {
  const state = saleState(startsAt, endsAt, now);
  if (state === 'not_started') return 2;
  if (state === 'ended') return 0;
  return onSale ? 1 : 0;
}

/** The least the next bid may be: the starting price, or the current bid plus the increment. */
export function minimumBid(startPrice: DecimalValue, currentBid: DecimalValue | null, increment: DecimalValue): Decimal {
  return currentBid === null ? new Decimal(startPrice) : new Decimal(currentBid).plus(increment);
}

/**
 * The end after a bid at `now` (anti-sniping): a bid in the auction's last minute moves the end
 * one minute later; any earlier bid leaves it.
 */
export function extendedEnd(endsAt: number, now: number): number {
  return endsAt - now <= NFT_ANTI_SNIPE_MS ? endsAt + NFT_ANTI_SNIPE_MS : endsAt;
}

/**
 * A sale's split: the platform's fee (price × rate, rounded down to the coin's decimals: the
 * seller is never charged more than the rate) and the seller's proceeds, which sum to the price.
 */
export function saleSplit(price: DecimalValue, feeRate: DecimalValue, decimals: number): { fee: Decimal; proceeds: Decimal } {
  const fee = new Decimal(price).mul(feeRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return { fee, proceeds: new Decimal(price).minus(fee) };
}

/** What an auction winner still pays: the winning bid less the margin already held. */
export function amountDue(price: DecimalValue, margin: DecimalValue): Decimal {
  return Decimal.max(0, new Decimal(price).minus(margin));
}

/**
 * A forfeited margin's split (the winner did not pay within a day): the seller's share
 * rounded down to the coin's decimals, the rest to the platform; they sum to the margin.
 */
export function forfeitSplit(margin: DecimalValue, sellerShare: DecimalValue, decimals: number): { seller: Decimal; platform: Decimal } {
  const seller = new Decimal(margin).mul(sellerShare).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return { seller, platform: new Decimal(margin).minus(seller) };
}

/** A name shown to others: the first and last characters with the middle masked ("a***z"). */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
