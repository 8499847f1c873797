/**
 * The one owner of the NFT tables (migration 015): artists, collections, artworks, collects,
 * sales, margins, bids, payment orders, blind boxes, their odds and orders. Every SQL string
 * naming them lives here. Amounts are written as decimal strings computed by the domain formulas
 * (domain/nft/formulas.ts) and read back as text; times are epoch milliseconds.
 */
import type { Page } from '../../domain/api/envelope';
import type {
  NftBoxOrderStatus,
  NftMarginState,
  NftPayOrderStatus,
  NftRarity,
  NftSaleStatus,
  NftSort,
  NftType,
} from '../../domain/nft/types';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import { norm, num } from '../db/columns';

export interface ArtistRow {
  id: number;
  name: string;
  bio: string;
  avatar: string;
  user_id: number | null;
  works: number;
  collections: number;
  created_at: number;
}

export interface CollectionRow {
  id: number;
  name: string;
  description: string;
  cover: string;
  artist_id: number | null;
  artist: string | null;
  works: number;
}

export interface ArtworkRow {
  id: number;
  code: string;
  title: string;
  description: string;
  type: NftType;
  media: string;
  poster: string | null;
  rarity: NftRarity;
  artist_id: number;
  artist: string;
  artist_avatar: string;
  artist_user_id: number | null;
  collection_id: number | null;
  collection: string | null;
  creator: string;
  owner_id: number | null;
  template: boolean;
  box_id: number | null;
  edition: number | null;
  sale_id: number | null;
  currency_id: number | null;
  collects: number;
  created_at: number;
}

export interface SaleRow {
  id: number;
  artwork_id: number;
  mode: 'normal' | 'auction';
  resale: boolean;
  seller_id: number | null;
  currency_id: number;
  price: string;
  fee_rate: string;
  forfeit_seller_share: string;
  margin: string | null;
  increment: string | null;
  bid: string | null;
  bidder_id: number | null;
  bids: number;
  extensions: number;
  starts_at: number;
  ends_at: number | null;
  /** The end set at listing (an auction's `ends_at` moves with anti-sniping). */
  scheduled_end: number | null;
  on_sale: boolean;
  status: NftSaleStatus;
  buyer_id: number | null;
  closed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface MarginRow {
  sale_id: number;
  user_id: number;
  amount: string;
  status: Exclude<NftMarginState, 'none'>;
  created_at: number;
  settled_at: number | null;
}

export interface BidRow {
  id: number;
  sale_id: number;
  user_id: number;
  price: string;
  ends_at: number;
  created_at: number;
}

export interface PayOrderRow {
  id: number;
  sale_id: number;
  user_id: number;
  price: string;
  margin: string;
  due: string;
  status: NftPayOrderStatus;
  pay_by: number;
  paid_at: number | null;
  expired_at: number | null;
  created_at: number;
}

export interface BoxRow {
  id: number;
  name: string;
  description: string;
  cover: string;
  artist_id: number | null;
  artist: string | null;
  seller_id: number | null;
  currency_id: number;
  price: string;
  fee_rate: string;
  total: number;
  sold: number;
  starts_at: number;
  ends_at: number;
  on_sale: boolean;
  seed: string;
  commitment: string;
  revealed_at: number | null;
  opened: number;
  created_at: number;
}

export interface OddsRow {
  box_id: number;
  position: number;
  rarity: NftRarity;
  weight: number;
  template_id: number;
}

export interface BoxOrderRow {
  id: number;
  box_id: number;
  user_id: number;
  price: string;
  status: NftBoxOrderStatus;
  draw: number | null;
  rarity: NftRarity | null;
  artwork_id: number | null;
  created_at: number;
  opened_at: number | null;
}

const ARTWORK_COLUMNS = `w.id, w.code, w.title, w.description, w.type, w.media, w.poster, w.rarity, w.artist_id, a.name AS artist,
  a.avatar AS artist_avatar, a.user_id AS artist_user_id, w.collection_id, c.name AS collection, w.creator, w.owner_id, w.template,
  w.box_id, w.edition, w.sale_id, w.currency_id, w.collects, w.created_at`;
const ARTWORK_FROM = `FROM nft_artworks w JOIN nft_artists a ON a.id = w.artist_id LEFT JOIN nft_collections c ON c.id = w.collection_id`;

const SALE_COLUMNS = `id, artwork_id, mode, resale, seller_id, currency_id, price::text AS price, fee_rate::text AS fee_rate,
  forfeit_seller_share::text AS forfeit_seller_share, margin::text AS margin, increment::text AS increment, bid::text AS bid, bidder_id,
  bids, extensions, starts_at, ends_at, scheduled_end, on_sale, status, buyer_id, closed_at, created_at, updated_at`;

const PAY_COLUMNS = `id, sale_id, user_id, price::text AS price, margin::text AS margin, due::text AS due, status, pay_by, paid_at, expired_at, created_at`;

const BOX_COLUMNS = `b.id, b.name, b.description, b.cover, b.artist_id, a.name AS artist, b.seller_id, b.currency_id, b.price::text AS price,
  b.fee_rate::text AS fee_rate, b.total, b.sold, b.starts_at, b.ends_at, b.on_sale, b.seed, b.commitment, b.revealed_at, b.created_at,
  (SELECT COUNT(*)::int FROM nft_box_orders o WHERE o.box_id = b.id AND o.status = 'opened') AS opened`;
const BOX_FROM = 'FROM nft_boxes b LEFT JOIN nft_artists a ON a.id = b.artist_id';

const MARGIN_COLUMNS = `sale_id, user_id, amount::text AS amount, status, created_at, settled_at`;

const BOX_ORDER_COLUMNS = `id, box_id, user_id, price::text AS price, status, draw, rarity, artwork_id, created_at, opened_at`;

/* eslint-disable @typescript-eslint/no-explicit-any -- rows come back loosely typed from two drivers; each mapper fixes the types */
const toArtwork = (r: any): ArtworkRow => ({
  ...r,
  id: Number(r.id),
  artist_id: Number(r.artist_id),
  artist_user_id: num(r.artist_user_id),
  collection_id: num(r.collection_id),
  owner_id: num(r.owner_id),
  box_id: num(r.box_id),
  edition: num(r.edition),
  sale_id: num(r.sale_id),
  currency_id: num(r.currency_id),
  collects: Number(r.collects),
  created_at: Number(r.created_at),
});
const toSale = (r: any): SaleRow => ({
  ...r,
  id: Number(r.id),
  artwork_id: Number(r.artwork_id),
  seller_id: num(r.seller_id),
  currency_id: Number(r.currency_id),
  price: norm(r.price)!,
  fee_rate: norm(r.fee_rate)!,
  forfeit_seller_share: norm(r.forfeit_seller_share)!,
  margin: norm(r.margin),
  increment: norm(r.increment),
  bid: norm(r.bid),
  bidder_id: num(r.bidder_id),
  bids: Number(r.bids),
  extensions: Number(r.extensions),
  starts_at: Number(r.starts_at),
  ends_at: num(r.ends_at),
  scheduled_end: num(r.scheduled_end),
  buyer_id: num(r.buyer_id),
  closed_at: num(r.closed_at),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});
const toMargin = (r: any): MarginRow => ({
  ...r,
  sale_id: Number(r.sale_id),
  user_id: Number(r.user_id),
  amount: norm(r.amount)!,
  created_at: Number(r.created_at),
  settled_at: num(r.settled_at),
});
const toBid = (r: any): BidRow => ({
  ...r,
  id: Number(r.id),
  sale_id: Number(r.sale_id),
  user_id: Number(r.user_id),
  price: norm(r.price)!,
  ends_at: Number(r.ends_at),
  created_at: Number(r.created_at),
});
const toPay = (r: any): PayOrderRow => ({
  ...r,
  id: Number(r.id),
  sale_id: Number(r.sale_id),
  user_id: Number(r.user_id),
  price: norm(r.price)!,
  margin: norm(r.margin)!,
  due: norm(r.due)!,
  pay_by: Number(r.pay_by),
  paid_at: num(r.paid_at),
  expired_at: num(r.expired_at),
  created_at: Number(r.created_at),
});
const toBox = (r: any): BoxRow => ({
  ...r,
  id: Number(r.id),
  artist_id: num(r.artist_id),
  seller_id: num(r.seller_id),
  currency_id: Number(r.currency_id),
  price: norm(r.price)!,
  fee_rate: norm(r.fee_rate)!,
  total: Number(r.total),
  sold: Number(r.sold),
  starts_at: Number(r.starts_at),
  ends_at: Number(r.ends_at),
  revealed_at: num(r.revealed_at),
  opened: Number(r.opened ?? 0),
  created_at: Number(r.created_at),
});
const toOdds = (r: any): OddsRow => ({
  box_id: Number(r.box_id),
  position: Number(r.position),
  rarity: r.rarity,
  weight: Number(r.weight),
  template_id: Number(r.template_id),
});
const toBoxOrder = (r: any): BoxOrderRow => ({
  ...r,
  id: Number(r.id),
  box_id: Number(r.box_id),
  user_id: Number(r.user_id),
  price: norm(r.price)!,
  draw: num(r.draw),
  artwork_id: num(r.artwork_id),
  created_at: Number(r.created_at),
  opened_at: num(r.opened_at),
});
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The market list's filters (getBoxList). */
export interface ArtworkFilter {
  mode?: 'normal' | 'auction';
  type?: NftType;
  rarity?: NftRarity;
  artist_id?: number;
  collection_id?: number;
  q?: string;
  sort: NftSort;
  /** Every artwork (not only those for sale now or soon). */
  all: boolean;
}

/** `%` and `_` in a search are literal. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class NftRepository {
  constructor(private readonly db: Queryable) {}

  // ---- catalogue -----------------------------------------------------------------------------

  async insertArtist(q: Queryable, a: { name: string; bio: string; avatar: string; user_id: number | null; created_at: number }) {
    const [row] = await q.query<{ id: number }>(
      'INSERT INTO nft_artists (name, bio, avatar, user_id, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING RETURNING id',
      [a.name, a.bio, a.avatar, a.user_id, a.created_at],
    );
    return row ? Number(row.id) : null;
  }

  async insertCollection(
    q: Queryable,
    c: { name: string; description: string; cover: string; artist_id: number | null; created_at: number },
  ): Promise<number | null> {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO nft_collections (name, description, cover, artist_id, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      [c.name, c.description, c.cover, c.artist_id, c.created_at],
    );
    return row ? Number(row.id) : null;
  }

  /** Inserts an artwork; its code is "KST-" and 100000 + its id. */
  async insertArtwork(
    q: Queryable,
    w: {
      title: string;
      description: string;
      type: NftType;
      media: string;
      poster: string | null;
      rarity: NftRarity;
      artist_id: number;
      collection_id: number | null;
      creator: string;
      owner_id: number | null;
      template: boolean;
      box_id: number | null;
      edition: number | null;
      currency_id: number | null;
      created_at: number;
    },
  ): Promise<number> {
    const [row] = await q.query<{ id: number }>(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('nft_artworks', 'id')) AS id)
       INSERT INTO nft_artworks (id, code, title, description, type, media, poster, rarity, artist_id, collection_id, creator, owner_id,
         template, box_id, edition, currency_id, created_at)
       SELECT n.id, 'KST-' || (100000 + n.id)::text, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15 FROM n RETURNING id`,
      [
        w.title,
        w.description,
        w.type,
        w.media,
        w.poster,
        w.rarity,
        w.artist_id,
        w.collection_id,
        w.creator,
        w.owner_id,
        w.template,
        w.box_id,
        w.edition,
        w.currency_id,
        w.created_at,
      ],
    );
    return Number(row!.id);
  }

  async countArtists(q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM nft_artists');
    return Number(row?.n ?? 0);
  }

  private readonly artistSelect = `a.id, a.name, a.bio, a.avatar, a.user_id, a.created_at,
    (SELECT COUNT(*)::int FROM nft_artworks w WHERE w.artist_id = a.id AND NOT w.template) AS works,
    (SELECT COUNT(*)::int FROM nft_collections c WHERE c.artist_id = a.id) AS collections`;

  async artists(q: string | undefined, page: { page: number; limit: number }): Promise<Page<ArtistRow>> {
    const params: SqlValue[] = [];
    let where = '';
    if (q) {
      params.push(like(q));
      where = 'WHERE a.name ILIKE $1';
    }
    return paginate(
      this.db,
      { select: this.artistSelect, from: `FROM nft_artists a ${where}`, orderBy: 'a.id', params },
      page,
      (r: ArtistRow) => ({
        ...r,
        id: Number(r.id),
        user_id: num(r.user_id),
        works: Number(r.works),
        collections: Number(r.collections),
        created_at: Number(r.created_at),
      }),
    );
  }

  async artist(id: number, q: Queryable = this.db): Promise<ArtistRow | null> {
    const [r] = await q.query<ArtistRow>(`SELECT ${this.artistSelect} FROM nft_artists a WHERE a.id = $1`, [id]);
    return r ? { ...r, id: Number(r.id), user_id: num(r.user_id), works: Number(r.works), collections: Number(r.collections) } : null;
  }

  private readonly collectionSelect = `c.id, c.name, c.description, c.cover, c.artist_id, a.name AS artist,
    (SELECT COUNT(*)::int FROM nft_artworks w WHERE w.collection_id = c.id AND NOT w.template) AS works`;
  private readonly toCollection = (r: CollectionRow): CollectionRow => ({
    ...r,
    id: Number(r.id),
    artist_id: num(r.artist_id),
    works: Number(r.works),
  });

  async collections(filter: { artist_id?: number; q?: string }, page: { page: number; limit: number }): Promise<Page<CollectionRow>> {
    const params: SqlValue[] = [];
    const where: string[] = [];
    if (filter.artist_id) where.push(`c.artist_id = $${params.push(filter.artist_id)}`);
    if (filter.q) where.push(`c.name ILIKE $${params.push(like(filter.q))}`);
    return paginate(
      this.db,
      {
        select: this.collectionSelect,
        from: `FROM nft_collections c LEFT JOIN nft_artists a ON a.id = c.artist_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
        orderBy: 'c.id',
        params,
      },
      page,
      this.toCollection,
    );
  }

  async collection(id: number, q: Queryable = this.db): Promise<CollectionRow | null> {
    const [r] = await q.query<CollectionRow>(
      `SELECT ${this.collectionSelect} FROM nft_collections c LEFT JOIN nft_artists a ON a.id = c.artist_id WHERE c.id = $1`,
      [id],
    );
    return r ? this.toCollection(r) : null;
  }

  async artwork(id: number, q: Queryable = this.db): Promise<ArtworkRow | null> {
    const [r] = await q.query(`SELECT ${ARTWORK_COLUMNS} ${ARTWORK_FROM} WHERE w.id = $1`, [id]);
    return r ? toArtwork(r) : null;
  }

  async artworkByCode(code: string, q: Queryable = this.db): Promise<ArtworkRow | null> {
    const [r] = await q.query(`SELECT ${ARTWORK_COLUMNS} ${ARTWORK_FROM} WHERE w.code = $1`, [code.toUpperCase()]);
    return r ? toArtwork(r) : null;
  }

  async lockArtwork(q: Queryable, id: number): Promise<ArtworkRow | null> {
    await q.query('SELECT id FROM nft_artworks WHERE id = $1 FOR UPDATE', [id]);
    return this.artwork(id, q);
  }

  async artworksByIds(ids: readonly number[], q: Queryable = this.db): Promise<Map<number, ArtworkRow>> {
    if (!ids.length) return new Map();
    const rows = await q.query(`SELECT ${ARTWORK_COLUMNS} ${ARTWORK_FROM} WHERE w.id = ANY(string_to_array($1, ',')::int[])`, [
      [...new Set(ids)].join(','),
    ]);
    return new Map(rows.map((r) => [Number((r as { id: number }).id), toArtwork(r)]));
  }

  /** The market list: artworks (not pool templates) with their open sale, filtered, searched and sorted. */
  async artworks(filter: ArtworkFilter, now: number, page: { page: number; limit: number }): Promise<Page<ArtworkRow>> {
    const params: SqlValue[] = [];
    const where = ['NOT w.template'];
    if (!filter.all || filter.mode) where.push(`s.id IS NOT NULL`);
    if (!filter.all) where.push(`(s.status = 'awaiting_payment' OR s.ends_at IS NULL OR s.ends_at > $${params.push(now)})`);
    if (filter.mode) where.push(`s.mode = $${params.push(filter.mode)}`);
    if (filter.type) where.push(`w.type = $${params.push(filter.type)}`);
    if (filter.rarity) where.push(`w.rarity = $${params.push(filter.rarity)}`);
    if (filter.artist_id) where.push(`w.artist_id = $${params.push(filter.artist_id)}`);
    if (filter.collection_id) where.push(`w.collection_id = $${params.push(filter.collection_id)}`);
    if (filter.q) {
      const n = params.push(like(filter.q));
      where.push(`(w.title ILIKE $${n} OR w.code ILIKE $${n} OR a.name ILIKE $${n} OR c.name ILIKE $${n})`);
    }
    const price = 'COALESCE(s.bid, s.price)';
    const orderBy = {
      newest: 'w.id DESC',
      price_asc: `${price} ASC NULLS LAST, w.id DESC`,
      price_desc: `${price} DESC NULLS LAST, w.id DESC`,
      ending: 's.ends_at ASC NULLS LAST, w.id DESC',
      popular: 'w.collects DESC, w.id DESC',
    }[filter.sort];
    return paginate(
      this.db,
      {
        select: ARTWORK_COLUMNS,
        from: `${ARTWORK_FROM} LEFT JOIN nft_sales s ON s.id = w.sale_id WHERE ${where.join(' AND ')}`,
        orderBy,
        params,
      },
      page,
      toArtwork,
    );
  }

  async ownedBy(userId: number, page: { page: number; limit: number }): Promise<Page<ArtworkRow>> {
    return paginate(
      this.db,
      { select: ARTWORK_COLUMNS, from: `${ARTWORK_FROM} WHERE w.owner_id = $1`, orderBy: 'w.id DESC', params: [userId] },
      page,
      toArtwork,
    );
  }

  async collectedBy(userId: number, page: { page: number; limit: number }): Promise<Page<ArtworkRow>> {
    return paginate(
      this.db,
      {
        select: ARTWORK_COLUMNS,
        from: `${ARTWORK_FROM} JOIN nft_collects k ON k.artwork_id = w.id AND k.user_id = $1`,
        orderBy: 'k.created_at DESC, w.id DESC',
        params: [userId],
      },
      page,
      toArtwork,
    );
  }

  async collectedIds(userId: number, ids: readonly number[], q: Queryable = this.db): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await q.query<{ artwork_id: number }>(
      "SELECT artwork_id FROM nft_collects WHERE user_id = $1 AND artwork_id = ANY(string_to_array($2, ',')::int[])",
      [userId, ids.join(',')],
    );
    return new Set(rows.map((r) => Number(r.artwork_id)));
  }

  /** Collects or un-collects; answers the artwork's count after. */
  async setCollected(q: Queryable, userId: number, artworkId: number, on: boolean, now: number): Promise<number> {
    const changed = on
      ? await q.query('INSERT INTO nft_collects (user_id, artwork_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1', [
          userId,
          artworkId,
          now,
        ])
      : await q.query('DELETE FROM nft_collects WHERE user_id = $1 AND artwork_id = $2 RETURNING 1', [userId, artworkId]);
    const [row] = await q.query<{ collects: number }>('UPDATE nft_artworks SET collects = collects + $2 WHERE id = $1 RETURNING collects', [
      artworkId,
      changed.length ? (on ? 1 : -1) : 0,
    ]);
    return Number(row?.collects ?? 0);
  }

  async setArtworkSale(q: Queryable, artworkId: number, saleId: number | null, currencyId?: number): Promise<void> {
    await q.query('UPDATE nft_artworks SET sale_id = $2, currency_id = COALESCE($3, currency_id) WHERE id = $1', [
      artworkId,
      saleId,
      currencyId ?? null,
    ]);
  }

  async setOwner(q: Queryable, artworkId: number, ownerId: number): Promise<void> {
    await q.query('UPDATE nft_artworks SET owner_id = $2, sale_id = NULL WHERE id = $1', [artworkId, ownerId]);
  }

  async markTemplate(q: Queryable, artworkId: number): Promise<void> {
    await q.query('UPDATE nft_artworks SET template = TRUE WHERE id = $1', [artworkId]);
  }

  /** The next edition number of a box's rarity (the box row is locked by the caller). */
  async nextEdition(q: Queryable, boxId: number, rarity: NftRarity): Promise<number> {
    const [row] = await q.query<{ n: number }>(
      'SELECT COALESCE(MAX(edition), 0)::int + 1 AS n FROM nft_artworks WHERE box_id = $1 AND rarity = $2',
      [boxId, rarity],
    );
    return Number(row!.n);
  }

  // ---- sales ---------------------------------------------------------------------------------

  async insertSale(
    q: Queryable,
    s: Omit<SaleRow, 'id' | 'bid' | 'bidder_id' | 'bids' | 'extensions' | 'status' | 'buyer_id' | 'closed_at' | 'scheduled_end'>,
  ): Promise<SaleRow> {
    const [row] = await q.query(
      `INSERT INTO nft_sales (artwork_id, mode, resale, seller_id, currency_id, price, fee_rate, forfeit_seller_share, margin, increment,
         starts_at, ends_at, scheduled_end, on_sale, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, 'listed', $14, $15) RETURNING ${SALE_COLUMNS}`,
      [
        s.artwork_id,
        s.mode,
        s.resale,
        s.seller_id,
        s.currency_id,
        s.price,
        s.fee_rate,
        s.forfeit_seller_share,
        s.margin,
        s.increment,
        s.starts_at,
        s.ends_at,
        s.on_sale,
        s.created_at,
        s.updated_at,
      ],
    );
    return toSale(row);
  }

  async sale(id: number, q: Queryable = this.db): Promise<SaleRow | null> {
    const [r] = await q.query(`SELECT ${SALE_COLUMNS} FROM nft_sales WHERE id = $1`, [id]);
    return r ? toSale(r) : null;
  }

  async lockSale(q: Queryable, id: number): Promise<SaleRow | null> {
    const [r] = await q.query(`SELECT ${SALE_COLUMNS} FROM nft_sales WHERE id = $1 FOR UPDATE`, [id]);
    return r ? toSale(r) : null;
  }

  async salesByIds(ids: readonly number[], q: Queryable = this.db): Promise<Map<number, SaleRow>> {
    if (!ids.length) return new Map();
    const rows = await q.query(`SELECT ${SALE_COLUMNS} FROM nft_sales WHERE id = ANY(string_to_array($1, ',')::bigint[])`, [
      [...new Set(ids)].join(','),
    ]);
    return new Map(rows.map((r) => [Number((r as { id: number }).id), toSale(r)]));
  }

  /** Auctions that are listed or awaiting payment (the live topic's cache). */
  async liveAuctions(): Promise<SaleRow[]> {
    const rows = await this.db.query(
      `SELECT ${SALE_COLUMNS} FROM nft_sales WHERE mode = 'auction' AND status IN ('listed', 'awaiting_payment')`,
    );
    return rows.map(toSale);
  }

  async updateBid(
    q: Queryable,
    saleId: number,
    bid: string,
    bidderId: number,
    endsAt: number,
    extended: boolean,
    now: number,
  ): Promise<SaleRow> {
    const [r] = await q.query(
      `UPDATE nft_sales SET bid = $2, bidder_id = $3, bids = bids + 1, ends_at = $4, extensions = extensions + $5, updated_at = $6
       WHERE id = $1 RETURNING ${SALE_COLUMNS}`,
      [saleId, bid, bidderId, endsAt, extended ? 1 : 0, now],
    );
    return toSale(r);
  }

  async setSaleStatus(q: Queryable, saleId: number, status: NftSaleStatus, now: number, buyerId?: number): Promise<SaleRow> {
    const [r] = await q.query(
      `UPDATE nft_sales SET status = $2, buyer_id = COALESCE($4, buyer_id), closed_at = COALESCE(closed_at, $3), updated_at = $3
       WHERE id = $1 RETURNING ${SALE_COLUMNS}`,
      [saleId, status, now, buyerId ?? null],
    );
    return toSale(r);
  }

  /** Listed sales whose end has passed (auctions to close, fixed prices to take off). */
  async endedSales(now: number, limit: number): Promise<SaleRow[]> {
    const rows = await this.db.query(
      `SELECT ${SALE_COLUMNS} FROM nft_sales WHERE status = 'listed' AND ends_at IS NOT NULL AND ends_at <= $1 ORDER BY ends_at, id LIMIT $2`,
      [now, limit],
    );
    return rows.map(toSale);
  }

  /** Sales whose auction has ended but some margin is still held (refunds left to pay). */
  async salesWithHeldMargins(limit: number): Promise<number[]> {
    const rows = await this.db.query<{ sale_id: number }>(
      `SELECT DISTINCT m.sale_id FROM nft_margins m JOIN nft_sales s ON s.id = m.sale_id
       WHERE m.status = 'held' AND s.status <> 'listed' AND (s.bidder_id IS NULL OR m.user_id <> s.bidder_id OR s.status <> 'awaiting_payment')
       ORDER BY m.sale_id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => Number(r.sale_id));
  }

  /** The earliest future moment something is due: an end, a payment deadline or a box's end. */
  async nextDue(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ t: string | null }>(
      `SELECT LEAST(
         (SELECT MIN(ends_at) FROM nft_sales WHERE status = 'listed' AND ends_at > $1),
         (SELECT MIN(pay_by) FROM nft_pay_orders WHERE status = 'pending' AND pay_by > $1),
         (SELECT MIN(ends_at) FROM nft_boxes WHERE revealed_at IS NULL AND ends_at > $1))::text AS t`,
      [now],
    );
    return row?.t ? Number(row.t) : null;
  }

  // ---- margins and bids ----------------------------------------------------------------------

  async margin(saleId: number, userId: number, q: Queryable = this.db): Promise<MarginRow | null> {
    const [r] = await q.query(`SELECT ${MARGIN_COLUMNS} FROM nft_margins WHERE sale_id = $1 AND user_id = $2`, [saleId, userId]);
    return r ? toMargin(r) : null;
  }

  async lockMargin(q: Queryable, saleId: number, userId: number): Promise<MarginRow | null> {
    const [r] = await q.query(
      `SELECT ${MARGIN_COLUMNS} FROM nft_margins
       WHERE sale_id = $1 AND user_id = $2 FOR UPDATE`,
      [saleId, userId],
    );
    return r ? toMargin(r) : null;
  }

  async insertMargin(q: Queryable, saleId: number, userId: number, amount: string, now: number): Promise<boolean> {
    const rows = await q.query(
      `INSERT INTO nft_margins (sale_id, user_id, amount, status, created_at) VALUES ($1, $2, $3, 'held', $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [saleId, userId, amount, now],
    );
    return rows.length > 0;
  }

  async settleMargin(
    q: Queryable,
    saleId: number,
    userId: number,
    status: 'refunded' | 'applied' | 'forfeited',
    now: number,
  ): Promise<void> {
    await q.query("UPDATE nft_margins SET status = $3, settled_at = $4 WHERE sale_id = $1 AND user_id = $2 AND status = 'held'", [
      saleId,
      userId,
      status,
      now,
    ]);
  }

  /** A user's margins still held (the assets page's NFT line), by sale. */
  async heldMarginsOf(userId: number): Promise<MarginRow[]> {
    const rows = await this.db.query(`SELECT ${MARGIN_COLUMNS} FROM nft_margins WHERE user_id = $1 AND status = 'held' ORDER BY sale_id`, [
      userId,
    ]);
    return rows.map(toMargin);
  }

  async heldMargins(saleId: number): Promise<MarginRow[]> {
    const rows = await this.db.query(`SELECT ${MARGIN_COLUMNS} FROM nft_margins WHERE sale_id = $1 AND status = 'held'`, [saleId]);
    return rows.map(toMargin);
  }

  async marginsOf(userId: number, saleIds: readonly number[], q: Queryable = this.db): Promise<Map<number, MarginRow>> {
    if (!saleIds.length) return new Map();
    const rows = await q.query(
      `SELECT ${MARGIN_COLUMNS} FROM nft_margins
       WHERE user_id = $1 AND sale_id = ANY(string_to_array($2, ',')::bigint[])`,
      [userId, [...new Set(saleIds)].join(',')],
    );
    return new Map(rows.map((r) => [Number((r as { sale_id: number }).sale_id), toMargin(r)]));
  }

  async marginsAfter(after: { sale: number; user: number }, limit: number): Promise<MarginRow[]> {
    const rows = await this.db.query(
      `SELECT ${MARGIN_COLUMNS} FROM nft_margins
       WHERE (sale_id, user_id) > ($1, $2) ORDER BY sale_id, user_id LIMIT $3`,
      [after.sale, after.user, limit],
    );
    return rows.map(toMargin);
  }

  async insertBid(q: Queryable, b: Omit<BidRow, 'id'>): Promise<BidRow> {
    const [r] = await q.query(
      'INSERT INTO nft_bids (sale_id, user_id, price, ends_at, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id, sale_id, user_id, price::text AS price, ends_at, created_at',
      [b.sale_id, b.user_id, b.price, b.ends_at, b.created_at],
    );
    return toBid(r);
  }

  async bids(saleId: number, page: { page: number; limit: number }): Promise<Page<BidRow>> {
    return paginate(
      this.db,
      {
        select: 'id, sale_id, user_id, price::text AS price, ends_at, created_at',
        from: 'FROM nft_bids WHERE sale_id = $1',
        orderBy: 'id DESC',
        params: [saleId],
      },
      page,
      toBid,
    );
  }

  async allBids(saleId: number, q: Queryable = this.db): Promise<BidRow[]> {
    const rows = await q.query(
      'SELECT id, sale_id, user_id, price::text AS price, ends_at, created_at FROM nft_bids WHERE sale_id = $1 ORDER BY id',
      [saleId],
    );
    return rows.map(toBid);
  }

  /** A sale's latest bid (the leader's, when there is one). */
  async lastBid(q: Queryable, saleId: number): Promise<BidRow | null> {
    const [r] = await q.query(
      'SELECT id, sale_id, user_id, price::text AS price, ends_at, created_at FROM nft_bids WHERE sale_id = $1 ORDER BY id DESC LIMIT 1',
      [saleId],
    );
    return r ? toBid(r) : null;
  }

  /** One user's bids on a sale, oldest first. */
  async bidsOf(saleId: number, userId: number, q: Queryable = this.db): Promise<BidRow[]> {
    const rows = await q.query(
      'SELECT id, sale_id, user_id, price::text AS price, ends_at, created_at FROM nft_bids WHERE sale_id = $1 AND user_id = $2 ORDER BY id',
      [saleId, userId],
    );
    return rows.map(toBid);
  }

  /** The caller's auctions (sales they bid on), newest bid first, with their highest bid. */
  async myBids(userId: number, page: { page: number; limit: number }): Promise<Page<{ sale_id: number; my_bid: string }>> {
    return paginate(
      this.db,
      {
        select: 'sale_id, MAX(price)::text AS my_bid, MAX(id) AS last',
        from: 'FROM nft_bids WHERE user_id = $1 GROUP BY sale_id',
        orderBy: 'last DESC',
        params: [userId],
      },
      page,
      (r: { sale_id: number; my_bid: string }) => ({ sale_id: Number(r.sale_id), my_bid: norm(r.my_bid)! }),
    );
  }

  async salesAfter(after: number, limit: number): Promise<SaleRow[]> {
    const rows = await this.db.query(`SELECT ${SALE_COLUMNS} FROM nft_sales WHERE id > $1 ORDER BY id LIMIT $2`, [after, limit]);
    return rows.map(toSale);
  }

  // ---- payment orders ------------------------------------------------------------------------

  async insertPayOrder(q: Queryable, o: Omit<PayOrderRow, 'id' | 'status' | 'paid_at' | 'expired_at'>): Promise<PayOrderRow> {
    const [r] = await q.query(
      `INSERT INTO nft_pay_orders (sale_id, user_id, price, margin, due, status, pay_by, created_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7) RETURNING ${PAY_COLUMNS}`,
      [o.sale_id, o.user_id, o.price, o.margin, o.due, o.pay_by, o.created_at],
    );
    return toPay(r);
  }

  async payOrder(id: number, q: Queryable = this.db): Promise<PayOrderRow | null> {
    const [r] = await q.query(`SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE id = $1`, [id]);
    return r ? toPay(r) : null;
  }

  async lockPayOrder(q: Queryable, id: number): Promise<PayOrderRow | null> {
    const [r] = await q.query(`SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE id = $1 FOR UPDATE`, [id]);
    return r ? toPay(r) : null;
  }

  async setPayOrderStatus(q: Queryable, id: number, status: 'paid' | 'expired', now: number): Promise<PayOrderRow> {
    const [r] = await q.query(
      `UPDATE nft_pay_orders SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN $3::bigint END,
         expired_at = CASE WHEN $2 = 'expired' THEN $3::bigint END WHERE id = $1 RETURNING ${PAY_COLUMNS}`,
      [id, status, now],
    );
    return toPay(r);
  }

  async payOrdersOf(userId: number, page: { page: number; limit: number }): Promise<Page<PayOrderRow>> {
    return paginate(
      this.db,
      {
        select: PAY_COLUMNS,
        from: 'FROM nft_pay_orders WHERE user_id = $1',
        orderBy: "CASE WHEN status = 'pending' THEN 0 ELSE 1 END, id DESC",
        params: [userId],
      },
      page,
      toPay,
    );
  }

  async expiredPayOrders(now: number, limit: number): Promise<PayOrderRow[]> {
    const rows = await this.db.query(
      `SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE status = 'pending' AND pay_by <= $1 ORDER BY pay_by, id LIMIT $2`,
      [now, limit],
    );
    return rows.map(toPay);
  }

  async payOrdersAfter(after: number, limit: number): Promise<PayOrderRow[]> {
    const rows = await this.db.query(`SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE id > $1 ORDER BY id LIMIT $2`, [after, limit]);
    return rows.map(toPay);
  }

  async payOrderForSale(saleId: number, q: Queryable = this.db): Promise<PayOrderRow | null> {
    const [r] = await q.query(`SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE sale_id = $1`, [saleId]);
    return r ? toPay(r) : null;
  }

  // ---- blind boxes ---------------------------------------------------------------------------

  async insertBox(
    q: Queryable,
    b: Omit<BoxRow, 'id' | 'artist' | 'sold' | 'revealed_at' | 'opened'>,
    odds: readonly Omit<OddsRow, 'box_id'>[],
  ): Promise<number> {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO nft_boxes (name, description, cover, artist_id, seller_id, currency_id, price, fee_rate, total, starts_at, ends_at, on_sale,
         seed, commitment, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        b.name,
        b.description,
        b.cover,
        b.artist_id,
        b.seller_id,
        b.currency_id,
        b.price,
        b.fee_rate,
        b.total,
        b.starts_at,
        b.ends_at,
        b.on_sale,
        b.seed,
        b.commitment,
        b.created_at,
      ],
    );
    const id = Number(row!.id);
    for (const o of odds)
      await q.query('INSERT INTO nft_box_odds (box_id, position, rarity, weight, template_id) VALUES ($1, $2, $3, $4, $5)', [
        id,
        o.position,
        o.rarity,
        o.weight,
        o.template_id,
      ]);
    return id;
  }

  async boxes(now: number, page: { page: number; limit: number }): Promise<Page<BoxRow>> {
    return paginate(
      this.db,
      {
        select: BOX_COLUMNS,
        from: BOX_FROM,
        // On sale first (ending soonest), then coming (starting soonest), then ended (latest first).
        orderBy: `CASE WHEN b.starts_at <= $1 AND b.ends_at > $1 THEN 0 WHEN b.starts_at > $1 THEN 1 ELSE 2 END,
          CASE WHEN b.ends_at > $1 THEN b.ends_at ELSE -b.ends_at END, b.id`,
        params: [now],
      },
      page,
      toBox,
    );
  }

  async allBoxes(): Promise<BoxRow[]> {
    return (await this.db.query(`SELECT ${BOX_COLUMNS} ${BOX_FROM} ORDER BY b.id`)).map(toBox);
  }

  async box(id: number, q: Queryable = this.db): Promise<BoxRow | null> {
    const [r] = await q.query(`SELECT ${BOX_COLUMNS} ${BOX_FROM} WHERE b.id = $1`, [id]);
    return r ? toBox(r) : null;
  }

  async lockBox(q: Queryable, id: number): Promise<BoxRow | null> {
    await q.query('SELECT id FROM nft_boxes WHERE id = $1 FOR UPDATE', [id]);
    return this.box(id, q);
  }

  async odds(boxId: number, q: Queryable = this.db): Promise<OddsRow[]> {
    return (
      await q.query('SELECT box_id, position, rarity, weight, template_id FROM nft_box_odds WHERE box_id = $1 ORDER BY position', [boxId])
    ).map(toOdds);
  }

  async addSold(q: Queryable, boxId: number, n: number): Promise<void> {
    await q.query('UPDATE nft_boxes SET sold = sold + $2 WHERE id = $1', [boxId, n]);
  }

  async boxesToReveal(now: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>('SELECT id FROM nft_boxes WHERE revealed_at IS NULL AND ends_at <= $1 ORDER BY id', [
      now,
    ]);
    return rows.map((r) => Number(r.id));
  }

  async reveal(id: number, now: number): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE nft_boxes SET revealed_at = $2 WHERE id = $1 AND revealed_at IS NULL AND ends_at <= $2 RETURNING id',
      [id, now],
    );
    return rows.length > 0;
  }

  async insertBoxOrder(q: Queryable, o: { box_id: number; user_id: number; price: string; created_at: number }): Promise<BoxOrderRow> {
    const [r] = await q.query(
      `INSERT INTO nft_box_orders (box_id, user_id, price, status, created_at) VALUES ($1, $2, $3, 'unopened', $4) RETURNING ${BOX_ORDER_COLUMNS}`,
      [o.box_id, o.user_id, o.price, o.created_at],
    );
    return toBoxOrder(r);
  }

  async boxOrder(id: number, q: Queryable = this.db): Promise<BoxOrderRow | null> {
    const [r] = await q.query(`SELECT ${BOX_ORDER_COLUMNS} FROM nft_box_orders WHERE id = $1`, [id]);
    return r ? toBoxOrder(r) : null;
  }

  async lockBoxOrder(q: Queryable, id: number): Promise<BoxOrderRow | null> {
    const [r] = await q.query(`SELECT ${BOX_ORDER_COLUMNS} FROM nft_box_orders WHERE id = $1 FOR UPDATE`, [id]);
    return r ? toBoxOrder(r) : null;
  }

  async openBoxOrder(
    q: Queryable,
    id: number,
    o: { draw: number; rarity: NftRarity; artwork_id: number; opened_at: number },
  ): Promise<BoxOrderRow> {
    const [r] = await q.query(
      `UPDATE nft_box_orders SET status = 'opened', draw = $2, rarity = $3, artwork_id = $4, opened_at = $5 WHERE id = $1 RETURNING ${BOX_ORDER_COLUMNS}`,
      [id, o.draw, o.rarity, o.artwork_id, o.opened_at],
    );
    return toBoxOrder(r);
  }

  async boxOrdersOf(userId: number, page: { page: number; limit: number }): Promise<Page<BoxOrderRow>> {
    return paginate(
      this.db,
      {
        select: BOX_ORDER_COLUMNS,
        from: 'FROM nft_box_orders WHERE user_id = $1',
        orderBy: "CASE WHEN status = 'unopened' THEN 0 ELSE 1 END, id DESC",
        params: [userId],
      },
      page,
      toBoxOrder,
    );
  }

  async unopenedCount(userId: number, boxId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM nft_box_orders WHERE user_id = $1 AND box_id = $2 AND status = 'unopened'",
      [userId, boxId],
    );
    return Number(row?.n ?? 0);
  }

  async openings(boxId: number, page: { page: number; limit: number }): Promise<Page<BoxOrderRow>> {
    return paginate(
      this.db,
      {
        select: BOX_ORDER_COLUMNS,
        from: "FROM nft_box_orders WHERE box_id = $1 AND status = 'opened'",
        orderBy: 'id DESC',
        params: [boxId],
      },
      page,
      toBoxOrder,
    );
  }

  async boxOrdersAfter(after: number, limit: number): Promise<BoxOrderRow[]> {
    const rows = await this.db.query(`SELECT ${BOX_ORDER_COLUMNS} FROM nft_box_orders WHERE id > $1 ORDER BY id LIMIT $2`, [after, limit]);
    return rows.map(toBoxOrder);
  }

  // ---- operator lists ------------------------------------------------------------------------

  async recentSales(limit: number): Promise<SaleRow[]> {
    return (await this.db.query(`SELECT ${SALE_COLUMNS} FROM nft_sales ORDER BY id DESC LIMIT $1`, [limit])).map(toSale);
  }

  async recentPayOrders(limit: number): Promise<PayOrderRow[]> {
    return (await this.db.query(`SELECT ${PAY_COLUMNS} FROM nft_pay_orders ORDER BY id DESC LIMIT $1`, [limit])).map(toPay);
  }

  async recentBoxOrders(limit: number): Promise<BoxOrderRow[]> {
    return (await this.db.query(`SELECT ${BOX_ORDER_COLUMNS} FROM nft_box_orders ORDER BY id DESC LIMIT $1`, [limit])).map(toBoxOrder);
  }
}
