import { proxy, ref } from 'valtio';
import type { NftAuctionLive } from '../../domain/nft/types';

/**
 * The live NFT auctions the worker watches (`auction:<saleId>`, worker/nft/AuctionSlice.ts), by
 * sale id; each held by `ref()`, so the artwork page re-renders when its own auction moves.
 */
export const auctionState = proxy({
  live: {} as Record<number, NftAuctionLive>,
});

/** Merges the worker's auction changes. */
export function applyAuctions(changes: Record<number, NftAuctionLive>): void {
  for (const [id, live] of Object.entries(changes)) auctionState.live[Number(id)] = ref(live);
}
