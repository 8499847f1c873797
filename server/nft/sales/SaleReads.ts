/**
 * What users read of sales (docs/NFT.md): an auction's bid log, the auctions they bid on, their
 * won auctions' payment orders, and, for the assets page, what their bids hold (margins in
 * escrow, covers frozen).
 */
import type { Page } from '../../../domain/api/envelope';
import { Decimal } from '../../../domain/decimal';
import type { NftBid, NftMyBid, NftPayOrder } from '../../../domain/nft/types';
import type { Db } from '../../db/db';
import type { AssetHolding } from '../../funds/Holdings';
import { AppError } from '../../http/AppError';
import type { ArtworkRepository } from '../catalogue/ArtworkRepository';
import { mediaUrl, type NftViews } from '../shared/views';
import type { PaymentRepository, PayOrderRow } from './PaymentRepository';
import type { SaleRepository } from './SaleRepository';
import type { SaleSteps } from './SaleSteps';

export class SaleReads {
  constructor(
    private readonly deps: {
      db: Db;
      artworks: ArtworkRepository;
      sales: SaleRepository;
      payments: PaymentRepository;
      views: NftViews;
      steps: SaleSteps;
    },
  ) {}

  async bids(userId: number | null, saleId: number, page: { page: number; limit: number }): Promise<Page<NftBid>> {
    if (!(await this.deps.sales.sale(saleId))) throw new AppError('errors.nftSaleUnknown');
    const rows = await this.deps.sales.bids(saleId, page);
    const ctx = await this.deps.views.context(
      userId,
      rows.data.map((b) => b.user_id),
      [],
      [],
    );
    return { ...rows, data: rows.data.map((b) => this.deps.views.toBid(b, ctx)) };
  }

  async myBids(userId: number, page: { page: number; limit: number }): Promise<Page<NftMyBid>> {
    const rows = await this.deps.sales.myBids(userId, page);
    const sales = await this.deps.sales.salesByIds(rows.data.map((r) => r.sale_id));
    const artworks = await this.deps.artworks.artworksByIds([...sales.values()].map((s) => s.artwork_id));
    const margins = await this.deps.payments.marginsOf(userId, [...sales.keys()]);
    return {
      ...rows,
      data: rows.data.map((r) => {
        const s = sales.get(r.sale_id)!;
        const w = artworks.get(s.artwork_id)!;
        return {
          id: s.id,
          sale_id: s.id,
          artwork_id: w.id,
          code: w.code,
          title: w.title,
          type: w.type,
          media: mediaUrl(w.media),
          poster: w.poster ? mediaUrl(w.poster) : null,
          currency: this.deps.views.currency(s.currency_id).name,
          my_bid: r.my_bid,
          bid: s.bid ?? r.my_bid,
          leading: s.bidder_id === userId,
          status: s.status,
          ends_at: s.ends_at,
          my_margin: margins.get(s.id)?.status ?? 'none',
          margin: s.margin ?? '0',
        };
      }),
    };
  }

  async toPayOrders(rows: PayOrderRow[]): Promise<NftPayOrder[]> {
    const sales = await this.deps.sales.salesByIds(rows.map((o) => o.sale_id));
    const artworks = await this.deps.artworks.artworksByIds([...sales.values()].map((s) => s.artwork_id));
    return rows.map((o) => {
      const s = sales.get(o.sale_id)!;
      const w = artworks.get(s.artwork_id)!;
      const c = this.deps.views.currency(s.currency_id);
      return {
        id: o.id,
        sale_id: s.id,
        artwork_id: w.id,
        code: w.code,
        title: w.title,
        type: w.type,
        media: mediaUrl(w.media),
        poster: w.poster ? mediaUrl(w.poster) : null,
        currency_id: c.id,
        currency: c.name,
        decimals: c.decimals,
        price: o.price,
        margin: o.margin,
        due: o.due,
        status: o.status,
        pay_by: o.pay_by,
        paid_at: o.paid_at,
        created_at: o.created_at,
      };
    });
  }

  async payOrders(userId: number, page: { page: number; limit: number }): Promise<Page<NftPayOrder>> {
    const rows = await this.deps.payments.payOrdersOf(userId, page);
    return { ...rows, data: await this.toPayOrders(rows.data) };
  }

  /**
   * What the user's auction bids hold now, for the assets page: each margin still held (escrow)
   * and, on those sales, the bid covers still frozen in the coin account.
   */
  async holdings(userId: number): Promise<AssetHolding[]> {
    const out: AssetHolding[] = [];
    const margins = await this.deps.payments.heldMarginsOf(userId);
    const sales = await this.deps.sales.salesByIds(margins.map((m) => m.sale_id));
    for (const m of margins) {
      const sale = sales.get(m.sale_id);
      if (!sale) continue;
      out.push({ currency_id: sale.currency_id, amount: new Decimal(m.amount), place: 'escrow' });
      for (const c of await this.deps.steps.heldCovers(this.deps.db, sale, userId))
        out.push({ currency_id: sale.currency_id, amount: c.amount, place: 'frozen' });
    }
    return out;
  }
}
