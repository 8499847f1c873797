/**
 * The owner of the catalogue's people and groups (migration 015): `nft_artists` and
 * `nft_collections`, each read with the count of its works. Times are epoch milliseconds.
 */
import type { Page } from '../../../domain/api/envelope';
import { num } from '../../db/columns';
import type { Queryable, SqlValue } from '../../db/db';
import { paginate } from '../../db/paginate';

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

/** A row as either driver answers it: BIGINT and counts may come back as text. */
type Raw<Row> = { [K in keyof Row]: Row[K] extends number | null ? number | string | null : Row[K] };

const toArtist = (r: Raw<ArtistRow>): ArtistRow => ({
  id: Number(r.id),
  name: r.name,
  bio: r.bio,
  avatar: r.avatar,
  user_id: num(r.user_id),
  works: Number(r.works),
  collections: Number(r.collections),
  created_at: Number(r.created_at),
});

const toCollection = (r: Raw<CollectionRow>): CollectionRow => ({
  id: Number(r.id),
  name: r.name,
  description: r.description,
  cover: r.cover,
  artist_id: num(r.artist_id),
  artist: r.artist,
  works: Number(r.works),
});

/** `%` and `_` in a search are literal. */
export const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ARTIST_SELECT = `a.id, a.name, a.bio, a.avatar, a.user_id, a.created_at,
    (SELECT COUNT(*)::int FROM nft_artworks w WHERE w.artist_id = a.id AND NOT w.template) AS works,
    (SELECT COUNT(*)::int FROM nft_collections c WHERE c.artist_id = a.id) AS collections`;

const COLLECTION_SELECT = `c.id, c.name, c.description, c.cover, c.artist_id, a.name AS artist,
    (SELECT COUNT(*)::int FROM nft_artworks w WHERE w.collection_id = c.id AND NOT w.template) AS works`;

export class ArtistRepository {
  constructor(private readonly db: Queryable) {}

  async insertArtist(
    q: Queryable,
    a: { name: string; bio: string; avatar: string; user_id: number | null; created_at: number },
  ): Promise<number | null> {
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

  async countArtists(q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM nft_artists');
    return Number(row?.n ?? 0);
  }

  async artists(q: string | undefined, page: { page: number; limit: number }): Promise<Page<ArtistRow>> {
    const params: SqlValue[] = [];
    let where = '';
    if (q) {
      params.push(like(q));
      where = 'WHERE a.name ILIKE $1';
    }
    return paginate(this.db, { select: ARTIST_SELECT, from: `FROM nft_artists a ${where}`, orderBy: 'a.id', params }, page, toArtist);
  }

  async artist(id: number, q: Queryable = this.db): Promise<ArtistRow | null> {
    const [r] = await q.query<Raw<ArtistRow>>(`SELECT ${ARTIST_SELECT} FROM nft_artists a WHERE a.id = $1`, [id]);
    return r ? toArtist(r) : null;
  }

  async collections(filter: { artist_id?: number; q?: string }, page: { page: number; limit: number }): Promise<Page<CollectionRow>> {
    const params: SqlValue[] = [];
    const where: string[] = [];
    if (filter.artist_id) where.push(`c.artist_id = $${params.push(filter.artist_id)}`);
    if (filter.q) where.push(`c.name ILIKE $${params.push(like(filter.q))}`);
    return paginate(
      this.db,
      {
        select: COLLECTION_SELECT,
        from: `FROM nft_collections c LEFT JOIN nft_artists a ON a.id = c.artist_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
        orderBy: 'c.id',
        params,
      },
      page,
      toCollection,
    );
  }

  async collection(id: number, q: Queryable = this.db): Promise<CollectionRow | null> {
    const [r] = await q.query<Raw<CollectionRow>>(
      `SELECT ${COLLECTION_SELECT} FROM nft_collections c LEFT JOIN nft_artists a ON a.id = c.artist_id WHERE c.id = $1`,
      [id],
    );
    return r ? toCollection(r) : null;
  }
}
