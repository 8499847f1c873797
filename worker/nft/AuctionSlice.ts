/**
 * Live NFT auctions (issue 14): the state of each watched `auction:<saleId>` topic (the current
 * bid and bidder, the least next bid, the end after anti-sniping extensions, and the bid that
 * caused the message), handed to the UI whole when it changes. The artwork's page watches its
 * sale's topic while it is open.
 */
import type { NftAuctionLive } from '../../domain/nft/types';
import { parseTopic, type TopicMessage, type TopicSnapshot } from '../../domain/protocol';
import type { Slice } from '../slice';

export interface AuctionChanges {
  /** The auctions whose state changed, by sale id. */
  auctions?: Record<number, NftAuctionLive>;
}

export class AuctionSlice implements Slice<AuctionChanges> {
  private readonly live = new Map<number, NftAuctionLive>();
  private dirty = new Set<number>();

  /** A snapshot or a message of an `auction:` topic; anything else is ignored. */
  apply(m: TopicSnapshot | TopicMessage): void {
    if (m.kind !== 'auction') return;
    const parsed = parseTopic(m.topic);
    if (parsed?.kind !== 'auction') return;
    this.live.set(parsed.saleId, m.data);
    this.dirty.add(parsed.saleId);
  }

  /** Forgets an auction nobody watches any more. */
  drop(topic: string): void {
    const parsed = parseTopic(topic);
    if (parsed?.kind === 'auction') this.live.delete(parsed.saleId);
  }

  /** The last state of a watched auction. */
  get(saleId: number): NftAuctionLive | undefined {
    return this.live.get(saleId);
  }

  get isDirty(): boolean {
    return this.dirty.size > 0;
  }

  take(): AuctionChanges {
    const auctions: Record<number, NftAuctionLive> = {};
    for (const id of this.dirty) {
      const state = this.live.get(id);
      if (state) auctions[id] = state;
    }
    this.dirty = new Set();
    return Object.keys(auctions).length ? { auctions } : {};
  }
}
