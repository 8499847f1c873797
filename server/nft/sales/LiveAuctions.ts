/**
 * The live auction states of the public `auction:<sale>` topic: kept per sale for snapshots,
 * published after a bid or a close commits, and reloaded from the database at start and on each
 * engine sweep (another node's bids reach this node through the hub's relay or that reload).
 */
import { minimumBid } from '../../../domain/nft/formulas';
import type { NftAuctionLive, NftBid } from '../../../domain/nft/types';
import { topics } from '../../../domain/protocol';
import type { RealtimeHub } from '../../realtime/RealtimeHub';
import { fixed } from '../shared/money';
import type { NftViews, ViewContext } from '../shared/views';
import type { SaleRepository, SaleRow } from './SaleRepository';

export class LiveAuctions {
  /** Live auction states by sale id (the `auction:<id>` topic's snapshots). */
  private readonly live = new Map<number, NftAuctionLive>();

  constructor(private readonly deps: { hub: RealtimeHub; sales: SaleRepository; views: NftViews }) {
    // `auction:<sale>`: a live auction's state; another node's change is remembered for later snapshots.
    deps.hub.provideTopic('auction', {
      snapshot: ({ saleId }) => this.live.get(saleId) ?? null,
      received: (state) => this.remember(state),
    });
  }

  state(s: SaleRow, last: NftBid | null, ctx: ViewContext): NftAuctionLive {
    return {
      sale_id: s.id,
      status: s.status,
      bid: s.bid,
      bidder: this.deps.views.name(ctx, s.bidder_id),
      bids: s.bids,
      min_bid: fixed(minimumBid(s.price, s.bid, s.increment!)),
      ends_at: s.ends_at!,
      extensions: s.extensions,
      last,
    };
  }

  publish(state: NftAuctionLive): void {
    this.remember(state);
    this.deps.hub.publishTopic(topics.auction(state.sale_id), 'auction', state);
  }

  /** Keeps a live auction's state for snapshots (this node's change, or another node's relayed by the hub). */
  private remember(state: NftAuctionLive): void {
    if (state.status === 'listed' || state.status === 'awaiting_payment') this.live.set(state.sale_id, state);
    else this.live.delete(state.sale_id);
  }

  forget(saleId: number): void {
    this.live.delete(saleId);
  }

  /** Loads the live auctions' states (at start, and each engine sweep: another node's bids). */
  async load(): Promise<void> {
    const sales = await this.deps.sales.liveAuctions();
    const ctx = await this.deps.views.context(
      null,
      sales.map((s) => s.bidder_id),
      [],
      [],
    );
    const open = new Set(sales.map((s) => s.id));
    for (const id of this.live.keys()) if (!open.has(id)) this.live.delete(id);
    for (const s of sales) this.live.set(s.id, { ...this.state(s, null, ctx), last: this.live.get(s.id)?.last ?? null });
  }
}
