/**
 * A user's calls on sales (docs/NFT.md): buying at a fixed price, paying an auction's margin,
 * bidding, paying a won auction's pending order, and reselling an owned artwork. Every amount
 * comes from the domain formulas on the stored terms, and every movement goes through the ledger
 * under a key that makes it happen once, in the transaction that changes the row under its lock:
 *
 * - a purchase (`nft:sale:<id>:buy`): the price from the buyer's coin account, the fee to the
 *   platform, the rest to the seller (a user, or the treasury for the platform's primary sales);
 * - a margin (`nft:margin:<sale>:<user>`) into escrow;
 * - a bid's cover, the bid less the margin, frozen in the bidder's coin account
 *   (`nft:bid:<bid>:freeze`) and released when they are outbid (`nft:bid:<bid>:release`, in the
 *   outbidding bid's transaction);
 * - an uncovered win's payment (`nft:pay:<order>`, SaleSteps.settle).
 */
import { Decimal } from '../../../domain/decimal';
import { amountDue, extendedEnd, minimumBid, saleSplit, saleState, saleWindow } from '../../../domain/nft/formulas';
import type { NftArtwork, NftPayOrder, NftSale } from '../../../domain/nft/types';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { readAmount } from '../../funds/amounts';
import { AppError } from '../../http/AppError';
import type { Balances } from '../../ledger/Balances';
import { feesFor, type Ledger } from '../../ledger/Ledger';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { Notifications } from '../../notifications/Notifications';
import type { UserRepository } from '../../users/UserRepository';
import type { ArtworkRepository } from '../catalogue/ArtworkRepository';
import { afford, bidCoverKey, COIN, escrowFor, fixed, payee, type NftTerms } from '../shared/money';
import type { NftViews } from '../shared/views';
import type { LiveAuctions } from './LiveAuctions';
import type { PaymentRepository } from './PaymentRepository';
import type { SaleReads } from './SaleReads';
import type { SaleRepository } from './SaleRepository';
import type { SaleSteps } from './SaleSteps';

export class SaleService {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      users: UserRepository;
      notifications: Notifications;
      artworks: ArtworkRepository;
      sales: SaleRepository;
      payments: PaymentRepository;
      views: NftViews;
      live: LiveAuctions;
      steps: SaleSteps;
      reads: SaleReads;
      terms: NftTerms;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /** Buys a fixed-price sale: exactly one buyer wins a race (the sale's lock); the others are told it sold. */
  async buy(userId: number, saleId: number, run: TxRunner = this.tx): Promise<NftArtwork> {
    return run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const sale = await this.deps.sales.lockSale(q, saleId);
      if (!sale) throw new AppError('errors.nftSaleUnknown');
      if (sale.mode !== 'normal') throw new AppError('errors.nftNotFixed');
      if (sale.status === 'sold') throw new AppError('errors.nftSold');
      const now = this.deps.clock.now();
      if (sale.status !== 'listed' || saleWindow(sale.starts_at, sale.ends_at, sale.on_sale, now) !== 1)
        throw new AppError('errors.nftNotOnSale');
      if (sale.seller_id === userId) throw new AppError('errors.nftOwnItem');
      const price = new Decimal(sale.price);
      await afford(this.deps.balances, q, userId, sale.currency_id, price);
      const w = (await this.deps.artworks.lockArtwork(q, sale.artwork_id))!;
      const { fee, proceeds } = saleSplit(price, sale.fee_rate, this.deps.views.currency(sale.currency_id).decimals);
      await this.deps.ledger.postOnce(q, {
        key: `nft:sale:${sale.id}:buy`,
        kind: 'nft_buy',
        ref: { type: 'nft_sale', id: sale.id },
        legs: [
          { holder: { userId, account: COIN }, currencyId: sale.currency_id, available: price.neg() },
          { holder: feesFor(userId), currencyId: sale.currency_id, available: fee },
          { holder: payee(sale.seller_id), currencyId: sale.currency_id, available: proceeds },
        ],
      });
      const sold = await this.deps.steps.handOver(q, sale, w, userId, sale.price, proceeds, now);
      const after = (await this.deps.artworks.artwork(w.id, q))!;
      const ctx = await this.deps.views.context(userId, [userId, sold.seller_id], [], [w.id], q);
      return this.deps.views.toArtwork(after, null, ctx);
    });
  }

  /** Pays an auction's margin into escrow (once per user and sale). */
  async payMargin(userId: number, saleId: number, run: TxRunner = this.tx): Promise<NftSale> {
    return run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const sale = await this.deps.sales.lockSale(q, saleId);
      if (!sale) throw new AppError('errors.nftSaleUnknown');
      if (sale.mode !== 'auction') throw new AppError('errors.nftNotAuction');
      const now = this.deps.clock.now();
      if (sale.status !== 'listed' || saleState(sale.starts_at, sale.ends_at, now) === 'ended' || !sale.on_sale)
        throw new AppError('errors.nftNotOnSale');
      if (sale.seller_id === userId) throw new AppError('errors.nftOwnItem');
      if (await this.deps.payments.margin(sale.id, userId, q)) throw new AppError('errors.nftMarginPaid');
      const margin = new Decimal(sale.margin!);
      await afford(this.deps.balances, q, userId, sale.currency_id, margin);
      await this.deps.payments.insertMargin(q, sale.id, userId, sale.margin!, now);
      await this.deps.ledger.postOnce(q, {
        key: `nft:margin:${sale.id}:${userId}`,
        kind: 'nft_margin',
        ref: { type: 'nft_sale', id: sale.id },
        legs: [
          { holder: { userId, account: COIN }, currencyId: sale.currency_id, available: margin.neg() },
          { holder: escrowFor(userId), currencyId: sale.currency_id, available: margin },
        ],
      });
      const w = (await this.deps.artworks.artwork(sale.artwork_id, q))!;
      const ctx = await this.deps.views.context(userId, [sale.seller_id, sale.bidder_id], [sale.id], [], q);
      ctx.margins = new Map([[sale.id, (await this.deps.payments.margin(sale.id, userId, q))!]]);
      return this.deps.views.toSale(sale, w, ctx);
    });
  }

  /**
   * Bids `price` on the auction of the artwork `code`: at least the current bid plus the
   * increment, and covered: the bid less the margin (less what the bidder still has frozen for
   * this sale) is frozen in their coin account until they are outbid; the previous leader's cover
   * is released in the same transaction.
   */
  async bid(userId: number, input: { code: string; price: string }, run: TxRunner = this.tx): Promise<NftSale> {
    const known = await this.deps.artworks.artworkByCode(input.code.trim());
    if (!known || known.template) throw new AppError('errors.nftUnknown');
    if (known.sale_id === null) throw new AppError('errors.nftNotOnSale');
    const first = (await this.deps.sales.sale(known.sale_id))!;
    if (first.mode !== 'auction') throw new AppError('errors.nftNotAuction');
    const currency = this.deps.views.currency(first.currency_id);
    const price = readAmount(input.price, currency);

    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const sale = (await this.deps.sales.lockSale(q, first.id))!;
      const now = this.deps.clock.now();
      if (sale.status !== 'listed' || saleWindow(sale.starts_at, sale.ends_at, sale.on_sale, now) !== 1)
        throw new AppError('errors.nftNotOnSale');
      if (sale.seller_id === userId) throw new AppError('errors.nftOwnItem');
      const margin = await this.deps.payments.margin(sale.id, userId, q);
      if (margin?.status !== 'held') throw new AppError('errors.nftMarginRequired', { margin: sale.margin!, currency: currency.name });
      if (sale.bidder_id === userId) throw new AppError('errors.nftLeading');
      const min = minimumBid(sale.price, sale.bid, sale.increment!);
      if (price.lt(min)) throw new AppError('errors.nftBidTooLow', { min: fixed(min), currency: currency.name });
      // What this bidder still has frozen here: nothing in practice (a leader cannot bid, and an
      // outbid bidder's cover was released), but a re-bid only ever freezes the difference.
      const held = (await this.deps.steps.heldCovers(q, sale, userId)).reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
      const needed = Decimal.max(0, amountDue(price, sale.margin!).minus(held));
      const balance = await this.deps.balances.one(userId, COIN, sale.currency_id, q);
      const available = new Decimal(balance?.available ?? 0);
      if (available.lt(needed))
        throw new AppError('errors.nftBidUncovered', { needed: fixed(needed), available: fixed(available), currency: currency.name });
      const outbid = sale.bidder_id !== null && sale.bidder_id !== userId ? await this.deps.steps.heldCovers(q, sale, sale.bidder_id) : [];

      const endsAt = extendedEnd(sale.ends_at!, now);
      const updated = await this.deps.sales.updateBid(q, sale.id, fixed(price), userId, endsAt, endsAt !== sale.ends_at, now);
      const bid = await this.deps.sales.insertBid(q, {
        sale_id: sale.id,
        user_id: userId,
        price: fixed(price),
        ends_at: endsAt,
        created_at: now,
      });
      const freeze = () =>
        this.deps.ledger.postOnce(q, {
          key: bidCoverKey(bid.id, 'freeze'),
          kind: 'nft_bid_freeze',
          ref: { type: 'nft_bid', id: bid.id },
          memo: 'bid cover frozen',
          legs: [{ holder: { userId, account: COIN }, currencyId: sale.currency_id, available: needed.neg(), frozen: needed }],
        });
      // Both in the ledger's lock order (users by id), so two bids never wait on each other's balances.
      if (sale.bidder_id !== null && sale.bidder_id < userId) {
        await this.deps.steps.releaseCovers(q, sale, outbid);
        await freeze();
      } else {
        await freeze();
        await this.deps.steps.releaseCovers(q, sale, outbid);
      }
      const w = (await this.deps.artworks.artwork(sale.artwork_id, q))!;
      if (sale.bidder_id !== null && sale.bidder_id !== userId)
        await this.deps.notifications.create(q, sale.bidder_id, 'nftOutbid', {
          title: w.title,
          price: fixed(price),
          currency: currency.name,
        });
      const ctx = await this.deps.views.context(userId, [updated.seller_id, userId], [sale.id], [], q);
      ctx.margins = new Map([[sale.id, margin]]);
      const state = this.deps.live.state(updated, this.deps.views.toBid(bid, { ...ctx, userId: null }), ctx);
      afterCommit(() => this.deps.live.publish(state));
      if (endsAt !== sale.ends_at) this.deps.steps.deadlinesChanged(afterCommit);
      return this.deps.views.toSale(updated, w, ctx);
    });
  }

  /**
   * Pays a won auction's pending order (`payNFTOrder`). A covered win is paid at the end by the
   * engine, so what is left pending is a win whose bid was placed before bids were covered: the
   * bid less the margin from the coin account, the margin from escrow; the seller is paid less the fee.
   */
  async pay(userId: number, orderId: number, run: TxRunner = this.tx): Promise<NftPayOrder> {
    const paid = await run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const order = await this.deps.payments.lockPayOrder(q, orderId);
      // Someone else's order reads as unknown: its existence is not the caller's business.
      if (!order || order.user_id !== userId) throw new AppError('errors.nftOrderUnknown');
      const now = this.deps.clock.now();
      if (order.status !== 'pending' || now >= order.pay_by) throw new AppError('errors.nftOrderClosed');
      const sale = (await this.deps.sales.lockSale(q, order.sale_id))!;
      return this.deps.steps.settle(q, sale, order, await this.deps.steps.winningCovers(q, sale, userId), now);
    });
    return (await this.deps.reads.toPayOrders([paid]))[0]!;
  }

  /** Lists an owned artwork at `price` in its coin, open until bought: irrevocable: the listing cannot be withdrawn. */
  async resell(userId: number, input: { id: number; price: string }, run: TxRunner = this.tx): Promise<NftArtwork> {
    const known = await this.deps.artworks.artwork(input.id);
    if (!known || known.template) throw new AppError('errors.nftUnknown');
    const currency = this.deps.views.coinOf(known);
    const price = readAmount(input.price, currency);
    return run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const w = (await this.deps.artworks.lockArtwork(q, input.id))!;
      if (w.owner_id !== userId) throw new AppError('errors.nftNotOwner');
      if (w.sale_id !== null) throw new AppError('errors.nftListed');
      const now = this.deps.clock.now();
      const sale = await this.deps.sales.insertSale(q, {
        artwork_id: w.id,
        mode: 'normal',
        resale: true,
        seller_id: userId,
        currency_id: currency.id,
        price: fixed(price),
        fee_rate: this.deps.terms.feeRate,
        forfeit_seller_share: this.deps.terms.forfeitSellerShare,
        margin: null,
        increment: null,
        starts_at: now,
        ends_at: null,
        on_sale: true,
        created_at: now,
        updated_at: now,
      });
      await this.deps.artworks.setArtworkSale(q, w.id, sale.id, currency.id);
      const ctx = await this.deps.views.context(userId, [userId], [], [w.id], q);
      return this.deps.views.toArtwork({ ...w, sale_id: sale.id, currency_id: currency.id }, sale, ctx);
    });
  }
}
