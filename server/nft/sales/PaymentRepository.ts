/**
 * The owner of an auction's money records (migration 015): `nft_margins` (each bidder's margin in
 * escrow and how it was settled) and `nft_pay_orders` (the winner's payment, due a day after the
 * end). Amounts are written as decimal strings computed by the domain formulas and read back
 * through checked row readers (server/db/rows.ts), normalised; times are epoch milliseconds.
 */
import type { Page } from '../../../domain/api/envelope';
import type { NftMarginState, NftPayOrderStatus } from '../../../domain/nft/types';
import { rowReader } from '../../db/rows';
import { onlyRows } from '../../audit/scope';
import type { Queryable, SqlValue } from '../../db/db';
import { paginate } from '../../db/paginate';

export interface MarginRow {
  sale_id: number;
  user_id: number;
  amount: string;
  status: Exclude<NftMarginState, 'none'>;
  created_at: number;
  settled_at: number | null;
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

const MARGIN_COLUMNS = `sale_id, user_id, amount, status, created_at, settled_at`;

const PAY_COLUMNS = `id, sale_id, user_id, price, margin, due, status, pay_by, paid_at, expired_at, created_at`;

const marginRows = rowReader<MarginRow>('nft_margins', {
  sale_id: 'int',
  user_id: 'int',
  amount: 'decimal',
  status: 'text',
  created_at: 'int',
  settled_at: 'int?',
});

const payRows = rowReader<PayOrderRow>('nft_pay_orders', {
  id: 'int',
  sale_id: 'int',
  user_id: 'int',
  price: 'decimal',
  margin: 'decimal',
  due: 'decimal',
  status: 'text',
  pay_by: 'int',
  paid_at: 'int?',
  expired_at: 'int?',
  created_at: 'int',
});

export class PaymentRepository {
  constructor(private readonly db: Queryable) {}

  // ---- margins -------------------------------------------------------------------------------

  async margin(saleId: number, userId: number, q: Queryable = this.db): Promise<MarginRow | null> {
    const r = await marginRows.one(q, `SELECT ${MARGIN_COLUMNS} FROM nft_margins WHERE sale_id = $1 AND user_id = $2`, [saleId, userId]);
    return r ?? null;
  }

  async lockMargin(q: Queryable, saleId: number, userId: number): Promise<MarginRow | null> {
    const r = await marginRows.one(
      q,
      `SELECT ${MARGIN_COLUMNS} FROM nft_margins
       WHERE sale_id = $1 AND user_id = $2 FOR UPDATE`,
      [saleId, userId],
    );
    return r ?? null;
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
    return marginRows.all(this.db, `SELECT ${MARGIN_COLUMNS} FROM nft_margins WHERE user_id = $1 AND status = 'held' ORDER BY sale_id`, [
      userId,
    ]);
  }

  async heldMargins(saleId: number): Promise<MarginRow[]> {
    return marginRows.all(this.db, `SELECT ${MARGIN_COLUMNS} FROM nft_margins WHERE sale_id = $1 AND status = 'held'`, [saleId]);
  }

  async marginsOf(userId: number, saleIds: readonly number[], q: Queryable = this.db): Promise<Map<number, MarginRow>> {
    if (!saleIds.length) return new Map();
    const rows = await marginRows.all(
      q,
      `SELECT ${MARGIN_COLUMNS} FROM nft_margins
       WHERE user_id = $1 AND sale_id = ANY(string_to_array($2, ',')::bigint[])`,
      [userId, [...new Set(saleIds)].join(',')],
    );
    return new Map(rows.map((r) => [r.sale_id, r]));
  }

  /** The sales these pay orders settle (an incremental audit's sales, by the pay orders the ledger names). */
  async salesOfPayOrders(orderIds: readonly number[]): Promise<number[]> {
    if (!orderIds.length) return [];
    const rows = await this.db.query<{ sale_id: number | string }>(
      `SELECT sale_id FROM nft_pay_orders WHERE id = ANY(string_to_array($1, ',')::bigint[])`,
      [orderIds.join(',')],
    );
    return rows.map((r) => Number(r.sale_id));
  }

  async marginsAfter(
    after: { sale: number; user: number },
    limit: number,
    onlySales: readonly number[] | null = null,
  ): Promise<MarginRow[]> {
    const params: SqlValue[] = [after.sale, after.user, limit];
    const among = onlyRows('sale_id', onlySales, params);
    return marginRows.all(
      this.db,
      `SELECT ${MARGIN_COLUMNS} FROM nft_margins
       WHERE (sale_id, user_id) > ($1, $2)${among} ORDER BY sale_id, user_id LIMIT $3`,
      params,
    );
  }

  /** Sales whose auction has ended but some margin is still held (refunds left to pay). */
  async salesWithHeldMargins(limit: number): Promise<number[]> {
    const rows = await this.db.query<{ sale_id: number }>(
      `SELECT DISTINCT m.sale_id FROM nft_margins m JOIN nft_sales s ON s.id = m.sale_id
       WHERE m.status = 'held' AND s.status <> 'listed' AND (s.bidder_id IS NULL OR m.user_id <> s.bidder_id OR s.status <> 'awaiting_payment')
       ORDER BY m.sale_id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.sale_id);
  }

  // ---- payment orders ------------------------------------------------------------------------

  async insertPayOrder(q: Queryable, o: Omit<PayOrderRow, 'id' | 'status' | 'paid_at' | 'expired_at'>): Promise<PayOrderRow> {
    const r = await payRows.one(
      q,
      `INSERT INTO nft_pay_orders (sale_id, user_id, price, margin, due, status, pay_by, created_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7) RETURNING ${PAY_COLUMNS}`,
      [o.sale_id, o.user_id, o.price, o.margin, o.due, o.pay_by, o.created_at],
    );
    return r!;
  }

  async payOrder(id: number, q: Queryable = this.db): Promise<PayOrderRow | null> {
    const r = await payRows.one(q, `SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE id = $1`, [id]);
    return r ?? null;
  }

  async lockPayOrder(q: Queryable, id: number): Promise<PayOrderRow | null> {
    const r = await payRows.one(q, `SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE id = $1 FOR UPDATE`, [id]);
    return r ?? null;
  }

  async setPayOrderStatus(q: Queryable, id: number, status: 'paid' | 'expired', now: number): Promise<PayOrderRow> {
    const r = await payRows.one(
      q,
      `UPDATE nft_pay_orders SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN $3::bigint END,
         expired_at = CASE WHEN $2 = 'expired' THEN $3::bigint END WHERE id = $1 RETURNING ${PAY_COLUMNS}`,
      [id, status, now],
    );
    return r!;
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
      payRows.check,
    );
  }

  async expiredPayOrders(now: number, limit: number): Promise<PayOrderRow[]> {
    return payRows.all(
      this.db,
      `SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE status = 'pending' AND pay_by <= $1 ORDER BY pay_by, id LIMIT $2`,
      [now, limit],
    );
  }

  async payOrdersAfter(after: number, limit: number): Promise<PayOrderRow[]> {
    return payRows.all(this.db, `SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE id > $1 ORDER BY id LIMIT $2`, [after, limit]);
  }

  async payOrderForSale(saleId: number, q: Queryable = this.db): Promise<PayOrderRow | null> {
    const r = await payRows.one(q, `SELECT ${PAY_COLUMNS} FROM nft_pay_orders WHERE sale_id = $1`, [saleId]);
    return r ?? null;
  }

  async recentPayOrders(limit: number): Promise<PayOrderRow[]> {
    return payRows.all(this.db, `SELECT ${PAY_COLUMNS} FROM nft_pay_orders ORDER BY id DESC LIMIT $1`, [limit]);
  }

  /** The earliest future deadline of a pending payment order. */
  async nextPayBy(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ t: number | null }>(
      "SELECT MIN(pay_by) AS t FROM nft_pay_orders WHERE status = 'pending' AND pay_by > $1",
      [now],
    );
    return row?.t ?? null;
  }
}
