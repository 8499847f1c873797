/**
 * The views several NFT sub-domains answer with: an artwork with its open sale, a sale as its
 * caller sees it (their margin, whether they lead), a bid with its masked bidder. The catalogue
 * lists artworks, the sales answer a purchase, a margin or a bid with them, and the live auction
 * state names its leader the same way.
 */
import type { Page } from '../../../domain/api/envelope';
import type { Currency } from '../../../domain/market/types';
import { maskName, minimumBid, saleState, saleWindow } from '../../../domain/nft/formulas';
import type { NftArtwork, NftBid, NftSale } from '../../../domain/nft/types';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { MarketSource } from '../../market/MarketSource';
import type { UserRepository } from '../../users/UserRepository';
import type { ArtworkRepository, ArtworkRow } from '../catalogue/ArtworkRepository';
import type { MarginRow, PaymentRepository } from '../sales/PaymentRepository';
import type { BidRow, SaleRepository, SaleRow } from '../sales/SaleRepository';
import { fixed } from './money';

/** What a listing shows of its people: names by user id and the caller's margins. */
export interface ViewContext {
  userId: number | null;
  now: number;
  names: Map<number, string>;
  margins: Map<number, MarginRow>;
  collected: Set<number>;
}

/** The URL a stored media name is served at (server/nft/NftMedia.ts). */
export function mediaUrl(name: string): string {
  return `/nft-media/${encodeURIComponent(name)}`;
}

export class NftViews {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      market: MarketSource;
      users: UserRepository;
      artworks: ArtworkRepository;
      sales: SaleRepository;
      payments: PaymentRepository;
    },
  ) {}

  currency(id: number): Currency {
    const c = this.deps.market.currencies.find((x) => x.id === id);
    if (!c) throw new Error(`nft: unknown currency ${id}`);
    return c;
  }

  private usdt(): Currency {
    return this.deps.market.currencies.find((c) => c.name === 'USDT')!;
  }

  /** The coin an artwork trades in: its last sale's, USDT before any. */
  coinOf(w: ArtworkRow): Currency {
    return w.currency_id !== null ? this.currency(w.currency_id) : this.usdt();
  }

  /** Names, margins and likes for a view; inside a transaction pass its `q` (PGlite has one connection). */
  async context(
    userId: number | null,
    userIds: (number | null)[],
    saleIds: number[],
    artworkIds: number[],
    q: Queryable = this.deps.db,
  ): Promise<ViewContext> {
    const ids = userIds.filter((id): id is number => id !== null);
    const names = await this.deps.users.nicknames(ids, q);
    const margins = userId === null ? new Map<number, MarginRow>() : await this.deps.payments.marginsOf(userId, saleIds, q);
    const collected = userId === null ? new Set<number>() : await this.deps.artworks.collectedIds(userId, artworkIds, q);
    return { userId, now: this.deps.clock.now(), names, margins, collected };
  }

  name(ctx: ViewContext, id: number | null): string | null {
    return id === null ? null : maskName(ctx.names.get(id) || `user${id}`);
  }

  toSale(s: SaleRow, w: ArtworkRow, ctx: ViewContext): NftSale {
    const c = this.currency(s.currency_id);
    const open = s.status === 'listed';
    const auction = s.mode === 'auction';
    const margin = ctx.userId === null ? null : ctx.margins.get(s.id);
    return {
      id: s.id,
      mode: s.mode,
      resale: s.resale,
      seller: s.resale ? (this.name(ctx, s.seller_id) ?? w.artist) : w.artist,
      currency_id: c.id,
      currency: c.name,
      decimals: c.decimals,
      price: s.price,
      starts_at: s.starts_at,
      ends_at: s.ends_at,
      on_sale: s.on_sale,
      state: open ? saleState(s.starts_at, s.ends_at, ctx.now) : 'ended',
      window: open ? saleWindow(s.starts_at, s.ends_at, s.on_sale, ctx.now) : 0,
      status: s.status,
      fee_rate: s.fee_rate,
      margin: s.margin,
      increment: s.increment,
      bid: s.bid,
      bidder: this.name(ctx, s.bidder_id),
      bids: s.bids,
      min_bid: auction ? fixed(minimumBid(s.price, s.bid, s.increment!)) : null,
      extensions: s.extensions,
      my_margin: ctx.userId === null || !auction ? null : (margin?.status ?? 'none'),
      leading: ctx.userId === null || !auction ? null : s.bidder_id === ctx.userId,
      mine: ctx.userId === null ? null : s.seller_id === ctx.userId,
    };
  }

  toArtwork(w: ArtworkRow, sale: SaleRow | null, ctx: ViewContext): NftArtwork {
    const coin = this.coinOf(w);
    return {
      id: w.id,
      code: w.code,
      title: w.title,
      description: w.description,
      type: w.type,
      media: mediaUrl(w.media),
      poster: w.poster ? mediaUrl(w.poster) : null,
      rarity: w.rarity,
      artist_id: w.artist_id,
      artist: w.artist,
      artist_avatar: mediaUrl(w.artist_avatar),
      collection_id: w.collection_id,
      collection: w.collection,
      creator: w.creator,
      box_id: w.box_id,
      edition: w.edition,
      owner: this.name(ctx, w.owner_id),
      owned: ctx.userId === null ? null : w.owner_id === ctx.userId,
      collected: ctx.userId === null ? null : ctx.collected.has(w.id),
      collects: w.collects,
      currency_id: coin.id,
      currency: coin.name,
      decimals: coin.decimals,
      sale: sale ? this.toSale(sale, w, ctx) : null,
      created_at: w.created_at,
    };
  }

  async artworkPage(userId: number | null, rows: Page<ArtworkRow>): Promise<Page<NftArtwork>> {
    const sales = await this.deps.sales.salesByIds(rows.data.map((w) => w.sale_id).filter((id): id is number => id !== null));
    const ctx = await this.context(
      userId,
      [...rows.data.map((w) => w.owner_id), ...[...sales.values()].flatMap((s) => [s.seller_id, s.bidder_id])],
      [...sales.keys()],
      rows.data.map((w) => w.id),
    );
    return { ...rows, data: rows.data.map((w) => this.toArtwork(w, w.sale_id ? (sales.get(w.sale_id) ?? null) : null, ctx)) };
  }

  toBid(b: BidRow, ctx: ViewContext): NftBid {
    return {
      id: b.id,
      sale_id: b.sale_id,
      price: b.price,
      bidder: this.name(ctx, b.user_id)!,
      mine: ctx.userId === null ? null : b.user_id === ctx.userId,
      created_at: b.created_at,
    };
  }
}
