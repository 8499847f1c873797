/**
 * The owner of the blind boxes (migration 015): `nft_boxes` (with its secret seed and published
 * commitment), `nft_box_odds` (each rarity's weight and pool piece) and `nft_box_orders` (a box
 * bought, and what its opening drew). Amounts are written as decimal strings and read back
 * through checked row readers (server/db/rows.ts), normalised; times are epoch milliseconds.
 */
import type { Page } from '../../../domain/api/envelope';
import type { NftBoxOrderStatus, NftRarity } from '../../../domain/nft/types';
import { onlyRows } from '../../audit/scope';
import type { Queryable, SqlValue } from '../../db/db';
import { paginate } from '../../db/paginate';
import { rowReader } from '../../db/rows';

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

const BOX_COLUMNS = `b.id, b.name, b.description, b.cover, b.artist_id, a.name AS artist, b.seller_id, b.currency_id, b.price,
  b.fee_rate, b.total, b.sold, b.starts_at, b.ends_at, b.on_sale, b.seed, b.commitment, b.revealed_at, b.created_at,
  (SELECT COUNT(*)::int FROM nft_box_orders o WHERE o.box_id = b.id AND o.status = 'opened') AS opened`;
const BOX_FROM = 'FROM nft_boxes b LEFT JOIN nft_artists a ON a.id = b.artist_id';

const BOX_ORDER_COLUMNS = `id, box_id, user_id, price, status, draw, rarity, artwork_id, created_at, opened_at`;

const boxRows = rowReader<BoxRow>('nft_boxes', {
  id: 'int',
  name: 'text',
  description: 'text',
  cover: 'text',
  artist_id: 'int?',
  artist: 'text?',
  seller_id: 'int?',
  currency_id: 'int',
  price: 'decimal',
  fee_rate: 'decimal',
  total: 'int',
  sold: 'int',
  starts_at: 'int',
  ends_at: 'int',
  on_sale: 'bool',
  seed: 'text',
  commitment: 'text',
  revealed_at: 'int?',
  opened: 'int',
  created_at: 'int',
});

const oddsRows = rowReader<OddsRow>('nft_box_odds', { box_id: 'int', position: 'int', rarity: 'text', weight: 'int', template_id: 'int' });

const boxOrderRows = rowReader<BoxOrderRow>('nft_box_orders', {
  id: 'int',
  box_id: 'int',
  user_id: 'int',
  price: 'decimal',
  status: 'text',
  draw: 'int?',
  rarity: 'text?',
  artwork_id: 'int?',
  created_at: 'int',
  opened_at: 'int?',
});

export class BoxRepository {
  constructor(private readonly db: Queryable) {}

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
    const id = row!.id;
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
      boxRows.check,
    );
  }

  async allBoxes(): Promise<BoxRow[]> {
    return await boxRows.all(this.db, `SELECT ${BOX_COLUMNS} ${BOX_FROM} ORDER BY b.id`);
  }

  async box(id: number, q: Queryable = this.db): Promise<BoxRow | null> {
    const r = await boxRows.one(q, `SELECT ${BOX_COLUMNS} ${BOX_FROM} WHERE b.id = $1`, [id]);
    return r ?? null;
  }

  async lockBox(q: Queryable, id: number): Promise<BoxRow | null> {
    await q.query('SELECT id FROM nft_boxes WHERE id = $1 FOR UPDATE', [id]);
    return this.box(id, q);
  }

  async odds(boxId: number, q: Queryable = this.db): Promise<OddsRow[]> {
    return await oddsRows.all(
      q,
      'SELECT box_id, position, rarity, weight, template_id FROM nft_box_odds WHERE box_id = $1 ORDER BY position',
      [boxId],
    );
  }

  async addSold(q: Queryable, boxId: number, n: number): Promise<void> {
    await q.query('UPDATE nft_boxes SET sold = sold + $2 WHERE id = $1', [boxId, n]);
  }

  async boxesToReveal(now: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>('SELECT id FROM nft_boxes WHERE revealed_at IS NULL AND ends_at <= $1 ORDER BY id', [
      now,
    ]);
    return rows.map((r) => r.id);
  }

  async reveal(id: number, now: number): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE nft_boxes SET revealed_at = $2 WHERE id = $1 AND revealed_at IS NULL AND ends_at <= $2 RETURNING id',
      [id, now],
    );
    return rows.length > 0;
  }

  async insertBoxOrder(q: Queryable, o: { box_id: number; user_id: number; price: string; created_at: number }): Promise<BoxOrderRow> {
    const r = await boxOrderRows.one(
      q,
      `INSERT INTO nft_box_orders (box_id, user_id, price, status, created_at) VALUES ($1, $2, $3, 'unopened', $4) RETURNING ${BOX_ORDER_COLUMNS}`,
      [o.box_id, o.user_id, o.price, o.created_at],
    );
    return r!;
  }

  async boxOrder(id: number, q: Queryable = this.db): Promise<BoxOrderRow | null> {
    const r = await boxOrderRows.one(q, `SELECT ${BOX_ORDER_COLUMNS} FROM nft_box_orders WHERE id = $1`, [id]);
    return r ?? null;
  }

  async lockBoxOrder(q: Queryable, id: number): Promise<BoxOrderRow | null> {
    const r = await boxOrderRows.one(q, `SELECT ${BOX_ORDER_COLUMNS} FROM nft_box_orders WHERE id = $1 FOR UPDATE`, [id]);
    return r ?? null;
  }

  async openBoxOrder(
    q: Queryable,
    id: number,
    o: { draw: number; rarity: NftRarity; artwork_id: number; opened_at: number },
  ): Promise<BoxOrderRow> {
    const r = await boxOrderRows.one(
      q,
      `UPDATE nft_box_orders SET status = 'opened', draw = $2, rarity = $3, artwork_id = $4, opened_at = $5 WHERE id = $1 RETURNING ${BOX_ORDER_COLUMNS}`,
      [id, o.draw, o.rarity, o.artwork_id, o.opened_at],
    );
    return r!;
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
      boxOrderRows.check,
    );
  }

  async unopenedCount(userId: number, boxId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM nft_box_orders WHERE user_id = $1 AND box_id = $2 AND status = 'unopened'",
      [userId, boxId],
    );
    return row?.n ?? 0;
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
      boxOrderRows.check,
    );
  }

  async boxOrdersAfter(after: number, limit: number, only: readonly number[] | null = null): Promise<BoxOrderRow[]> {
    const params: SqlValue[] = [after, limit];
    const among = onlyRows('id', only, params);
    return boxOrderRows.all(this.db, `SELECT ${BOX_ORDER_COLUMNS} FROM nft_box_orders WHERE id > $1${among} ORDER BY id LIMIT $2`, params);
  }

  async recentBoxOrders(limit: number): Promise<BoxOrderRow[]> {
    return await boxOrderRows.all(this.db, `SELECT ${BOX_ORDER_COLUMNS} FROM nft_box_orders ORDER BY id DESC LIMIT $1`, [limit]);
  }

  /** The earliest future end of a box whose seed is not revealed yet. */
  async nextReveal(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ t: number | null }>(
      'SELECT MIN(ends_at) AS t FROM nft_boxes WHERE revealed_at IS NULL AND ends_at > $1',
      [now],
    );
    return row?.t ?? null;
  }
}
