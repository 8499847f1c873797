/**
 * Live NFT auctions: the state of each watched `auction:<saleId>` topic (the current
 * bid and bidder, the least next bid, the end after anti-sniping extensions, and the bid that
 * caused the message, gathered newest first), handed to the UI whole when it changes. The artwork's page watches its
 * sale's topic while it is open.
 */
import type { NftAuctionLive, NftBid } from '../../domain/nft/types';
import { parseTopic, type TopicMessage, type TopicSnapshot } from '../../domain/protocol';
import type { Slice, SliceHooks } from '../slice';

/** Bids kept per auction from the live messages (the page shows them above the ones it fetched). */
export const LIVE_BIDS_KEPT = 30;

/** An auction's live state and the bids that arrived while it was watched, newest first. */
export interface AuctionView extends NftAuctionLive {
  recent: NftBid[];
}

export interface AuctionChanges {
  /** The auctions whose state changed, by sale id. */
  auctions?: Record<number, AuctionView>;
}

export class AuctionSlice implements Slice<AuctionChanges> {
  private readonly live = new Map<number, AuctionView>();
  private dirty = new Set<number>();

  readonly hooks: SliceHooks = {
    applySnapshot: (snap) => this.apply(snap),
    applyMessage: (msg) => this.apply(msg),
    drop: (topic) => this.drop(topic),
  };

  /** A snapshot or a message of an `auction:` topic; anything else is ignored. */
  apply(m: TopicSnapshot | TopicMessage): void {
    if (m.kind !== 'auction') return;
    const parsed = parseTopic(m.topic);
    if (parsed?.kind !== 'auction') return;
    const recent = this.live.get(parsed.saleId)?.recent ?? [];
    const last = m.data.last;
    const bids = last && !recent.some((b) => b.id === last.id) ? [last, ...recent].slice(0, LIVE_BIDS_KEPT) : recent;
    this.live.set(parsed.saleId, { ...m.data, recent: bids });
    this.dirty.add(parsed.saleId);
  }

  /** Forgets an auction nobody watches any more. */
  drop(topic: string): void {
    const parsed = parseTopic(topic);
    if (parsed?.kind === 'auction') this.live.delete(parsed.saleId);
  }

  /** The last state of a watched auction. */
  get(saleId: number): AuctionView | undefined {
    return this.live.get(saleId);
  }

  get isDirty(): boolean {
    return this.dirty.size > 0;
  }

  take(): AuctionChanges {
    const auctions: Record<number, AuctionView> = {};
    for (const id of this.dirty) {
      const state = this.live.get(id);
      if (state) auctions[id] = state;
    }
    this.dirty = new Set();
    return Object.keys(auctions).length ? { auctions } : {};
  }
}
