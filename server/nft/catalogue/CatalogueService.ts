/**
 * The NFT catalogue as users read it (docs/NFT.md): the market list and an artwork's page with
 * its open sale and latest bids, artists and collections, the coins and terms, the caller's own
 * and liked artworks, liking, and the market's messages. Nothing here moves money.
 */
import type { Page } from '../../../domain/api/envelope';
import type { Currency } from '../../../domain/market/types';
import type { NftArtist, NftArtistDetail, NftArtwork, NftArtworkDetail, NftCollection, NftCurrency } from '../../../domain/nft/types';
import type { NotificationItem } from '../../../domain/notifications/types';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { AppError } from '../../http/AppError';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { MarketSource } from '../../market/MarketSource';
import type { Notifications } from '../../notifications/Notifications';
import type { SaleRepository } from '../sales/SaleRepository';
import type { NftTerms } from '../shared/money';
import { mediaUrl, type NftViews } from '../shared/views';
import type { ArtistRepository, ArtistRow, CollectionRow } from './ArtistRepository';
import type { ArtworkFilter, ArtworkRepository } from './ArtworkRepository';

export class CatalogueService {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      market: MarketSource;
      notifications: Notifications;
      artists: ArtistRepository;
      artworks: ArtworkRepository;
      sales: SaleRepository;
      views: NftViews;
      terms: NftTerms;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  async list(userId: number | null, filter: ArtworkFilter, page: { page: number; limit: number }): Promise<Page<NftArtwork>> {
    return this.deps.views.artworkPage(userId, await this.deps.artworks.artworks(filter, this.deps.clock.now(), page));
  }

  async detail(userId: number | null, id: number): Promise<NftArtworkDetail> {
    const { views, artworks, sales } = this.deps;
    const w = await artworks.artwork(id);
    if (!w || w.template) throw new AppError('errors.nftUnknown');
    const sale = w.sale_id ? await sales.sale(w.sale_id) : null;
    const bids = sale?.mode === 'auction' ? (await sales.bids(sale.id, { page: 1, limit: 10 })).data : [];
    const ctx = await views.context(
      userId,
      [w.owner_id, sale?.seller_id ?? null, sale?.bidder_id ?? null, ...bids.map((b) => b.user_id)],
      sale ? [sale.id] : [],
      [w.id],
    );
    return { ...views.toArtwork(w, sale, ctx), bids: bids.map((b) => views.toBid(b, ctx)) };
  }

  private toArtist(a: ArtistRow): NftArtist {
    return { id: a.id, name: a.name, avatar: mediaUrl(a.avatar), bio: a.bio, works: a.works, collections: a.collections };
  }

  private toCollection(c: CollectionRow): NftCollection {
    return { ...c, cover: mediaUrl(c.cover) };
  }

  async artists(q: string | undefined, page: { page: number; limit: number }): Promise<Page<NftArtist>> {
    const rows = await this.deps.artists.artists(q, page);
    return { ...rows, data: rows.data.map((a) => this.toArtist(a)) };
  }

  async artist(id: number): Promise<NftArtistDetail> {
    const a = await this.deps.artists.artist(id);
    if (!a) throw new AppError('errors.nftUnknown');
    const collections = await this.deps.artists.collections({ artist_id: id }, { page: 1, limit: 50 });
    return { ...this.toArtist(a), collection_list: collections.data.map((c) => this.toCollection(c)) };
  }

  async collections(filter: { artist_id?: number; q?: string }, page: { page: number; limit: number }): Promise<Page<NftCollection>> {
    const rows = await this.deps.artists.collections(filter, page);
    return { ...rows, data: rows.data.map((c) => this.toCollection(c)) };
  }

  async collection(id: number): Promise<NftCollection> {
    const c = await this.deps.artists.collection(id);
    if (!c) throw new AppError('errors.nftUnknown');
    return this.toCollection(c);
  }

  currencies(): NftCurrency[] {
    return this.deps.terms.currencies
      .map((name) => this.deps.market.currencies.find((c) => c.name === name))
      .filter((c): c is Currency => !!c)
      .map((c) => ({
        currency_id: c.id,
        currency: c.name,
        decimals: c.decimals,
        fee_rate: this.deps.terms.feeRate,
        forfeit_seller_share: this.deps.terms.forfeitSellerShare,
      }));
  }

  async mine(userId: number, kind: 'owned' | 'collected', page: { page: number; limit: number }): Promise<Page<NftArtwork>> {
    const rows = kind === 'owned' ? await this.deps.artworks.ownedBy(userId, page) : await this.deps.artworks.collectedBy(userId, page);
    return this.deps.views.artworkPage(userId, rows);
  }

  async collect(userId: number, id: number, on: boolean): Promise<{ id: number; collected: boolean; collects: number }> {
    const w = await this.deps.artworks.artwork(id);
    if (!w || w.template) throw new AppError('errors.nftUnknown');
    const collects = await this.tx((q) => this.deps.artworks.setCollected(q, userId, id, on, this.deps.clock.now()));
    return { id, collected: on, collects };
  }

  async messages(userId: number, page: { page: number; limit: number }): Promise<Page<NotificationItem> & { unread: number }> {
    const [rows, unread] = await Promise.all([
      this.deps.notifications.page(userId, page.page, page.limit, 'nft'),
      this.deps.notifications.count(userId, true, 'nft'),
    ]);
    return { ...rows, unread };
  }

  readMessages(userId: number, id: number | undefined): Promise<number> {
    return this.deps.notifications.markRead(userId, id, 'nft');
  }
}
