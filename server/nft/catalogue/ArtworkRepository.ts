/**
 * The owner of the artworks (migration 015): `nft_artworks` (with their artist and collection
 * joined for reading) and `nft_collects`. A sale, an opening or a resale changes an artwork's
 * owner and open sale through here; the market list joins the open sale (`nft_sales`) only to
 * filter and sort by it. Rows are read through checked row readers (server/db/rows.ts); times are
 * epoch milliseconds.
 */
import type { Page } from '../../../domain/api/envelope';
import type { NftRarity, NftSort, NftType } from '../../../domain/nft/types';
import type { Queryable, SqlValue } from '../../db/db';
import { paginate } from '../../db/paginate';
import { rowReader } from '../../db/rows';
import { like } from './ArtistRepository';

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

/** What a new artwork is made of (its id and code are given by the insert). */
export type NewArtwork = Omit<
  ArtworkRow,
  'id' | 'code' | 'artist' | 'artist_avatar' | 'artist_user_id' | 'collection' | 'sale_id' | 'collects'
>;

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

const ARTWORK_COLUMNS = `w.id, w.code, w.title, w.description, w.type, w.media, w.poster, w.rarity, w.artist_id, a.name AS artist,
  a.avatar AS artist_avatar, a.user_id AS artist_user_id, w.collection_id, c.name AS collection, w.creator, w.owner_id, w.template,
  w.box_id, w.edition, w.sale_id, w.currency_id, w.collects, w.created_at`;
const ARTWORK_FROM = `FROM nft_artworks w JOIN nft_artists a ON a.id = w.artist_id LEFT JOIN nft_collections c ON c.id = w.collection_id`;

const artworkRows = rowReader<ArtworkRow>('nft_artworks', {
  id: 'int',
  code: 'text',
  title: 'text',
  description: 'text',
  type: 'text',
  media: 'text',
  poster: 'text?',
  rarity: 'text',
  artist_id: 'int',
  artist: 'text',
  artist_avatar: 'text',
  artist_user_id: 'int?',
  collection_id: 'int?',
  collection: 'text?',
  creator: 'text',
  owner_id: 'int?',
  template: 'bool',
  box_id: 'int?',
  edition: 'int?',
  sale_id: 'int?',
  currency_id: 'int?',
  collects: 'int',
  created_at: 'int',
});

export class ArtworkRepository {
  constructor(private readonly db: Queryable) {}

  async insertArtwork(q: Queryable, w: NewArtwork): Promise<number> {
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
    return row!.id;
  }

  async artwork(id: number, q: Queryable = this.db): Promise<ArtworkRow | null> {
    const row = await artworkRows.one(q, `SELECT ${ARTWORK_COLUMNS} ${ARTWORK_FROM} WHERE w.id = $1`, [id]);
    return row ?? null;
  }

  async artworkByCode(code: string, q: Queryable = this.db): Promise<ArtworkRow | null> {
    const row = await artworkRows.one(q, `SELECT ${ARTWORK_COLUMNS} ${ARTWORK_FROM} WHERE w.code = $1`, [code.toUpperCase()]);
    return row ?? null;
  }

  async lockArtwork(q: Queryable, id: number): Promise<ArtworkRow | null> {
    await q.query('SELECT id FROM nft_artworks WHERE id = $1 FOR UPDATE', [id]);
    return this.artwork(id, q);
  }

  async artworksByIds(ids: readonly number[], q: Queryable = this.db): Promise<Map<number, ArtworkRow>> {
    if (!ids.length) return new Map();
    const rows = await artworkRows.all(q, `SELECT ${ARTWORK_COLUMNS} ${ARTWORK_FROM} WHERE w.id = ANY(string_to_array($1, ',')::int[])`, [
      [...new Set(ids)].join(','),
    ]);
    return new Map(rows.map((r) => [r.id, r]));
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
      artworkRows.check,
    );
  }

  async ownedBy(userId: number, page: { page: number; limit: number }): Promise<Page<ArtworkRow>> {
    return paginate(
      this.db,
      { select: ARTWORK_COLUMNS, from: `${ARTWORK_FROM} WHERE w.owner_id = $1`, orderBy: 'w.id DESC', params: [userId] },
      page,
      artworkRows.check,
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
      artworkRows.check,
    );
  }

  async collectedIds(userId: number, ids: readonly number[], q: Queryable = this.db): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await q.query<{ artwork_id: number }>(
      "SELECT artwork_id FROM nft_collects WHERE user_id = $1 AND artwork_id = ANY(string_to_array($2, ',')::int[])",
      [userId, ids.join(',')],
    );
    return new Set(rows.map((r) => r.artwork_id));
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
    return row?.collects ?? 0;
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
    return row!.n;
  }
}
