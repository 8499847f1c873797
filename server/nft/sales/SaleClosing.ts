/**
 * The engine's effects on sales (docs/NFT.md "Engine"), each its own transaction guarded by the
 * row's status under its lock and a ledger key, so the engine, a second node and a restarted
 * server can all try and one settles:
 *
 * - closing a sale at its end: an auction's winner gets a payment order, paid at once from the
 *   winning bid's frozen cover (`nft:pay:<order>`); a win whose bid was placed before bids were
 *   covered waits a day for its payment;
 * - refunding every other margin (`nft:margin:<sale>:<user>:refund`);
 * - expiring such an uncovered win unpaid after its day: the margin forfeited
 *   (`nft:pay:<order>:forfeit`) and split between the seller and the platform.
 */
import { Decimal } from '../../../domain/decimal';
import { amountDue, forfeitSplit } from '../../../domain/nft/formulas';
import { NFT_PAY_WINDOW_MS } from '../../../domain/nft/types';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { feesFor, type Ledger } from '../../ledger/Ledger';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { Notifications } from '../../notifications/Notifications';
import type { ArtworkRepository } from '../catalogue/ArtworkRepository';
import { COIN, escrowFor, fixed, payee } from '../shared/money';
import type { NftViews } from '../shared/views';
import type { LiveAuctions } from './LiveAuctions';
import type { PaymentRepository } from './PaymentRepository';
import type { SaleRepository, SaleRow } from './SaleRepository';
import type { SaleSteps } from './SaleSteps';

export class SaleClosing {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      notifications: Notifications;
      artworks: ArtworkRepository;
      sales: SaleRepository;
      payments: PaymentRepository;
      views: NftViews;
      live: LiveAuctions;
      steps: SaleSteps;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /**
   * Closes a listed sale whose end has passed: an auction with bids gets its winner's payment
   * order, paid at once from the winning bid's frozen cover (a win whose bid was placed before
   * bids were covered waits for its payment, a day); one without bids is unsold; a fixed price is
   * taken off the market. Answers false when there is nothing to do (not ended yet, or closed before).
   */
  async closeSale(saleId: number): Promise<boolean> {
    return this.tx(async (q, afterCommit) => {
      const sale = await this.deps.sales.lockSale(q, saleId);
      const now = this.deps.clock.now();
      if (!sale || sale.status !== 'listed' || sale.ends_at === null || now < sale.ends_at) return false;
      const w = (await this.deps.artworks.lockArtwork(q, sale.artwork_id))!;
      const c = this.deps.views.currency(sale.currency_id);
      let closed: SaleRow;
      if (sale.mode === 'auction' && sale.bidder_id !== null) {
        const price = sale.bid!;
        const due = amountDue(price, sale.margin!);
        const order = await this.deps.payments.insertPayOrder(q, {
          sale_id: sale.id,
          user_id: sale.bidder_id,
          price,
          margin: sale.margin!,
          due: fixed(due),
          pay_by: sale.ends_at + NFT_PAY_WINDOW_MS,
          created_at: now,
        });
        const covers = await this.deps.steps.winningCovers(q, sale, sale.bidder_id);
        if (covers.length) {
          // The amount due is frozen already: paid now (the winner is told "bought", the seller "sold").
          await this.deps.steps.settle(q, sale, order, covers, now);
          closed = (await this.deps.sales.sale(sale.id, q))!;
        } else {
          closed = await this.deps.sales.setSaleStatus(q, sale.id, 'awaiting_payment', now);
          await this.deps.notifications.create(q, sale.bidder_id, 'nftWon', { title: w.title, price, due: fixed(due), currency: c.name });
        }
      } else {
        closed = await this.deps.sales.setSaleStatus(q, sale.id, 'unsold', now);
        await this.deps.artworks.setArtworkSale(q, w.id, null);
        if (sale.mode === 'auction' && sale.seller_id !== null)
          await this.deps.notifications.create(q, sale.seller_id, 'nftUnsold', { title: w.title });
      }
      if (sale.mode === 'auction') {
        const ctx = await this.deps.views.context(null, [closed.bidder_id], [], [], q);
        const state = this.deps.live.state(closed, null, ctx);
        afterCommit(() => this.deps.live.publish(state));
      }
      this.deps.steps.deadlinesChanged(afterCommit);
      return true;
    });
  }

  /**
   * Refunds one margin of a closed auction (every margin but the winner's while they may still
   * pay), and releases anything the user still has frozen for it (nothing, normally: a cover is
   * released when it is outbid).
   */
  async refundMargin(saleId: number, userId: number): Promise<boolean> {
    return this.tx(async (q) => {
      const sale = await this.deps.sales.lockSale(q, saleId);
      const m = await this.deps.payments.lockMargin(q, saleId, userId);
      if (!sale || !m || m.status !== 'held' || sale.status === 'listed') return false;
      if (sale.status === 'awaiting_payment' && sale.bidder_id === userId) return false;
      const amount = new Decimal(m.amount);
      await this.deps.ledger.postOnce(q, {
        key: `nft:margin:${saleId}:${userId}:refund`,
        kind: 'nft_margin_refund',
        ref: { type: 'nft_sale', id: saleId },
        legs: [
          { holder: escrowFor(userId), currencyId: sale.currency_id, available: amount.neg() },
          { holder: { userId, account: COIN }, currencyId: sale.currency_id, available: amount },
        ],
      });
      await this.deps.steps.releaseCovers(q, sale, await this.deps.steps.heldCovers(q, sale, userId));
      await this.deps.payments.settleMargin(q, saleId, userId, 'refunded', this.deps.clock.now());
      const w = (await this.deps.artworks.artwork(sale.artwork_id, q))!;
      await this.deps.notifications.create(q, userId, 'nftLost', {
        title: w.title,
        margin: m.amount,
        currency: this.deps.views.currency(sale.currency_id).name,
      });
      return true;
    });
  }

  /** Expires an unpaid payment order after its day: the margin is forfeited to the seller and the platform; the artwork goes back. */
  async expirePayOrder(orderId: number): Promise<boolean> {
    return this.tx(async (q, afterCommit) => {
      const order = await this.deps.payments.lockPayOrder(q, orderId);
      const now = this.deps.clock.now();
      if (!order || order.status !== 'pending' || now < order.pay_by) return false;
      const sale = (await this.deps.sales.lockSale(q, order.sale_id))!;
      const c = this.deps.views.currency(sale.currency_id);
      const { seller, platform } = forfeitSplit(order.margin, sale.forfeit_seller_share, c.decimals);
      await this.deps.ledger.postOnce(q, {
        key: `nft:pay:${order.id}:forfeit`,
        kind: 'nft_forfeit',
        ref: { type: 'nft_pay_order', id: order.id },
        legs: [
          { holder: escrowFor(order.user_id), currencyId: sale.currency_id, available: new Decimal(order.margin).neg() },
          { holder: payee(sale.seller_id), currencyId: sale.currency_id, available: seller },
          { holder: feesFor(order.user_id), currencyId: sale.currency_id, available: platform },
        ],
      });
      await this.deps.payments.settleMargin(q, sale.id, order.user_id, 'forfeited', now);
      await this.deps.payments.setPayOrderStatus(q, order.id, 'expired', now);
      const closed = await this.deps.sales.setSaleStatus(q, sale.id, 'forfeited', now);
      const w = (await this.deps.artworks.lockArtwork(q, sale.artwork_id))!;
      await this.deps.artworks.setArtworkSale(q, w.id, null);
      await this.deps.notifications.create(q, order.user_id, 'nftForfeited', { title: w.title, margin: order.margin, currency: c.name });
      if (sale.seller_id !== null)
        await this.deps.notifications.create(q, sale.seller_id, 'nftDefaulted', {
          title: w.title,
          amount: fixed(seller),
          currency: c.name,
        });
      const ctx = await this.deps.views.context(null, [closed.bidder_id], [], [], q);
      const state = this.deps.live.state(closed, null, ctx);
      afterCommit(() => this.deps.live.publish(state));
      return true;
    });
  }
}
