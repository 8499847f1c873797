/**
 * The owner of the sales and their bid logs (migration 015): `nft_sales` (a fixed price or an
 * auction of one artwork, with the current bid) and `nft_bids`. Amounts are written as decimal
 * strings computed by the domain formulas (domain/nft/formulas.ts) and read back through checked
 * row readers (server/db/rows.ts), normalised; times are epoch milliseconds.
 */
import type { Page } from '../../../domain/api/envelope';
import type { NftSaleStatus } from '../../../domain/nft/types';
import { rowReader } from '../../db/rows';
import { onlyRows } from '../../audit/scope';
import type { Queryable, SqlValue } from '../../db/db';
import { paginate } from '../../db/paginate';

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

export interface BidRow {
  id: number;
  sale_id: number;
  user_id: number;
  price: string;
  ends_at: number;
  created_at: number;
}

/** What a new listing is made of (the bid, status and closing columns start empty). */
export type NewSale = Omit<
  SaleRow,
  'id' | 'bid' | 'bidder_id' | 'bids' | 'extensions' | 'status' | 'buyer_id' | 'closed_at' | 'scheduled_end'
>;

const SALE_COLUMNS = `id, artwork_id, mode, resale, seller_id, currency_id, price, fee_rate,
  forfeit_seller_share, margin, increment, bid, bidder_id,
  bids, extensions, starts_at, ends_at, scheduled_end, on_sale, status, buyer_id, closed_at, created_at, updated_at`;

const BID_COLUMNS = 'id, sale_id, user_id, price, ends_at, created_at';

const saleRows = rowReader<SaleRow>('nft_sales', {
  id: 'int',
  artwork_id: 'int',
  mode: 'text',
  resale: 'bool',
  seller_id: 'int?',
  currency_id: 'int',
  price: 'decimal',
  fee_rate: 'decimal',
  forfeit_seller_share: 'decimal',
  margin: 'decimal?',
  increment: 'decimal?',
  bid: 'decimal?',
  bidder_id: 'int?',
  bids: 'int',
  extensions: 'int',
  starts_at: 'int',
  ends_at: 'int?',
  scheduled_end: 'int?',
  on_sale: 'bool',
  status: 'text',
  buyer_id: 'int?',
  closed_at: 'int?',
  created_at: 'int',
  updated_at: 'int',
});

const bidRows = rowReader<BidRow>('nft_bids', {
  id: 'int',
  sale_id: 'int',
  user_id: 'int',
  price: 'decimal',
  ends_at: 'int',
  created_at: 'int',
});

export class SaleRepository {
  constructor(private readonly db: Queryable) {}

  async insertSale(q: Queryable, s: NewSale): Promise<SaleRow> {
    const row = await saleRows.one(
      q,
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
    return row!;
  }

  async sale(id: number, q: Queryable = this.db): Promise<SaleRow | null> {
    const r = await saleRows.one(q, `SELECT ${SALE_COLUMNS} FROM nft_sales WHERE id = $1`, [id]);
    return r ?? null;
  }

  async lockSale(q: Queryable, id: number): Promise<SaleRow | null> {
    const r = await saleRows.one(q, `SELECT ${SALE_COLUMNS} FROM nft_sales WHERE id = $1 FOR UPDATE`, [id]);
    return r ?? null;
  }

  async salesByIds(ids: readonly number[], q: Queryable = this.db): Promise<Map<number, SaleRow>> {
    if (!ids.length) return new Map();
    const rows = await saleRows.all(q, `SELECT ${SALE_COLUMNS} FROM nft_sales WHERE id = ANY(string_to_array($1, ',')::bigint[])`, [
      [...new Set(ids)].join(','),
    ]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Auctions that are listed or awaiting payment (the live topic's cache). */
  async liveAuctions(): Promise<SaleRow[]> {
    return saleRows.all(
      this.db,
      `SELECT ${SALE_COLUMNS} FROM nft_sales WHERE mode = 'auction' AND status IN ('listed', 'awaiting_payment')`,
    );
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
    const r = await saleRows.one(
      q,
      `UPDATE nft_sales SET bid = $2, bidder_id = $3, bids = bids + 1, ends_at = $4, extensions = extensions + $5, updated_at = $6
       WHERE id = $1 RETURNING ${SALE_COLUMNS}`,
      [saleId, bid, bidderId, endsAt, extended ? 1 : 0, now],
    );
    return r!;
  }

  async setSaleStatus(q: Queryable, saleId: number, status: NftSaleStatus, now: number, buyerId?: number): Promise<SaleRow> {
    const r = await saleRows.one(
      q,
      `UPDATE nft_sales SET status = $2, buyer_id = COALESCE($4, buyer_id), closed_at = COALESCE(closed_at, $3), updated_at = $3
       WHERE id = $1 RETURNING ${SALE_COLUMNS}`,
      [saleId, status, now, buyerId ?? null],
    );
    return r!;
  }

  /** Listed sales whose end has passed (auctions to close, fixed prices to take off). */
  async endedSales(now: number, limit: number): Promise<SaleRow[]> {
    return saleRows.all(
      this.db,
      `SELECT ${SALE_COLUMNS} FROM nft_sales WHERE status = 'listed' AND ends_at IS NOT NULL AND ends_at <= $1 ORDER BY ends_at, id LIMIT $2`,
      [now, limit],
    );
  }

  /** The earliest future end of a listed sale. */
  async nextEnd(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ t: number | null }>(
      "SELECT MIN(ends_at) AS t FROM nft_sales WHERE status = 'listed' AND ends_at > $1",
      [now],
    );
    return row?.t ?? null;
  }

  async salesAfter(after: number, limit: number, only: readonly number[] | null = null): Promise<SaleRow[]> {
    const params: SqlValue[] = [after, limit];
    const among = onlyRows('id', only, params);
    return saleRows.all(this.db, `SELECT ${SALE_COLUMNS} FROM nft_sales WHERE id > $1${among} ORDER BY id LIMIT $2`, params);
  }

  /** The sales these bids were made on (an incremental audit's sales, by the bids the ledger names). */
  async salesOfBids(bidIds: readonly number[]): Promise<number[]> {
    if (!bidIds.length) return [];
    const rows = await this.db.query<{ sale_id: number | string }>(
      `SELECT DISTINCT sale_id FROM nft_bids WHERE id = ANY(string_to_array($1, ',')::bigint[])`,
      [bidIds.join(',')],
    );
    return rows.map((r) => Number(r.sale_id));
  }

  async recentSales(limit: number): Promise<SaleRow[]> {
    return await saleRows.all(this.db, `SELECT ${SALE_COLUMNS} FROM nft_sales ORDER BY id DESC LIMIT $1`, [limit]);
  }

  // ---- bids ----------------------------------------------------------------------------------

  async insertBid(q: Queryable, b: Omit<BidRow, 'id'>): Promise<BidRow> {
    const r = await bidRows.one(
      q,
      `INSERT INTO nft_bids (sale_id, user_id, price, ends_at, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${BID_COLUMNS}`,
      [b.sale_id, b.user_id, b.price, b.ends_at, b.created_at],
    );
    return r!;
  }

  async bids(saleId: number, page: { page: number; limit: number }): Promise<Page<BidRow>> {
    return paginate(
      this.db,
      {
        select: BID_COLUMNS,
        from: 'FROM nft_bids WHERE sale_id = $1',
        orderBy: 'id DESC',
        params: [saleId],
      },
      page,
      bidRows.check,
    );
  }

  async allBids(saleId: number, q: Queryable = this.db): Promise<BidRow[]> {
    return bidRows.all(q, `SELECT ${BID_COLUMNS} FROM nft_bids WHERE sale_id = $1 ORDER BY id`, [saleId]);
  }

  /** A sale's latest bid (the leader's, when there is one). */
  async lastBid(q: Queryable, saleId: number): Promise<BidRow | null> {
    const r = await bidRows.one(q, `SELECT ${BID_COLUMNS} FROM nft_bids WHERE sale_id = $1 ORDER BY id DESC LIMIT 1`, [saleId]);
    return r ?? null;
  }

  /** One user's bids on a sale, oldest first. */
  async bidsOf(saleId: number, userId: number, q: Queryable = this.db): Promise<BidRow[]> {
    return bidRows.all(q, `SELECT ${BID_COLUMNS} FROM nft_bids WHERE sale_id = $1 AND user_id = $2 ORDER BY id`, [saleId, userId]);
  }

  /** The caller's auctions (sales they bid on), newest bid first, with their highest bid. */
  async myBids(userId: number, page: { page: number; limit: number }): Promise<Page<{ sale_id: number; my_bid: string }>> {
    return paginate(
      this.db,
      {
        select: 'sale_id, MAX(price) AS my_bid, MAX(id) AS last',
        from: 'FROM nft_bids WHERE user_id = $1 GROUP BY sale_id',
        orderBy: 'last DESC',
        params: [userId],
      },
      page,
      (r: { sale_id: number; my_bid: string }) => ({ sale_id: r.sale_id, my_bid: r.my_bid }),
    );
  }
}
