import { proxy, ref } from 'valtio';
import type { AuctionView } from '../../worker/nft/AuctionSlice';

/**
 * The live NFT auctions the worker watches (`auction:<saleId>`, worker/nft/AuctionSlice.ts), by
 * sale id; each held by `ref()`, so the artwork page re-renders when its own auction moves.
 */
export const auctionState = proxy({
  live: {} as Record<number, AuctionView>,
});

/** Merges the worker's auction changes. */
export function applyAuctions(changes: Record<number, AuctionView>): void {
  for (const [id, live] of Object.entries(changes)) auctionState.live[Number(id)] = ref(live);
}
