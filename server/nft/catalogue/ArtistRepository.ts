/**
 * The owner of the catalogue's people and groups (migration 015): `nft_artists` and
 * `nft_collections`, each read with the count of its works through a checked row reader
 * (server/db/rows.ts). Times are epoch milliseconds.
 */
import type { Page } from '../../../domain/api/envelope';
import type { Queryable, SqlValue } from '../../db/db';
import { paginate } from '../../db/paginate';
import { rowReader } from '../../db/rows';

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

const artistRows = rowReader<ArtistRow>('nft_artists', {
  id: 'int',
  name: 'text',
  bio: 'text',
  avatar: 'text',
  user_id: 'int?',
  works: 'int',
  collections: 'int',
  created_at: 'int',
});

const collectionRows = rowReader<CollectionRow>('nft_collections', {
  id: 'int',
  name: 'text',
  description: 'text',
  cover: 'text',
  artist_id: 'int?',
  artist: 'text?',
  works: 'int',
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
    return row ? row.id : null;
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
    return row ? row.id : null;
  }

  async countArtists(q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM nft_artists');
    return row?.n ?? 0;
  }

  async artists(q: string | undefined, page: { page: number; limit: number }): Promise<Page<ArtistRow>> {
    const params: SqlValue[] = [];
    let where = '';
    if (q) {
      params.push(like(q));
      where = 'WHERE a.name ILIKE $1';
    }
    return paginate(
      this.db,
      { select: ARTIST_SELECT, from: `FROM nft_artists a ${where}`, orderBy: 'a.id', params },
      page,
      artistRows.check,
    );
  }

  async artist(id: number, q: Queryable = this.db): Promise<ArtistRow | null> {
    const r = await artistRows.one(q, `SELECT ${ARTIST_SELECT} FROM nft_artists a WHERE a.id = $1`, [id]);
    return r ?? null;
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
      collectionRows.check,
    );
  }

  async collection(id: number, q: Queryable = this.db): Promise<CollectionRow | null> {
    const r = await collectionRows.one(
      q,
      `SELECT ${COLLECTION_SELECT} FROM nft_collections c LEFT JOIN nft_artists a ON a.id = c.artist_id WHERE c.id = $1`,
      [id],
    );
    return r ?? null;
  }
}
