/**
 * The steps a sale's user calls and the engine's effects share, each inside the caller's
 * transaction: a bidder's covers still frozen and their release, the winning bid's cover, a
 * won auction's payment, and handing a paid artwork over. Also who is told when a deadline
 * moved on this node (the engine re-arms).
 */
import { Decimal } from '../../../domain/decimal';
import { saleSplit } from '../../../domain/nft/formulas';
import type { Queryable } from '../../db/db';
import type { Balances } from '../../ledger/Balances';
import { feesFor, type Holder, type Ledger } from '../../ledger/Ledger';
import type { AfterCommit } from '../../ledger/tx';
import type { Notifications } from '../../notifications/Notifications';
import type { ArtworkRepository, ArtworkRow } from '../catalogue/ArtworkRepository';
import { afford, bidCoverKey, COIN, escrowFor, fixed, frozenMoved, payee } from '../shared/money';
import type { NftViews } from '../shared/views';
import type { LiveAuctions } from './LiveAuctions';
import type { PaymentRepository, PayOrderRow } from './PaymentRepository';
import type { BidRow, SaleRepository, SaleRow } from './SaleRepository';

/** A covered bid whose freeze is still held: the bid and what it froze. */
export interface Cover {
  bid: BidRow;
  amount: Decimal;
}

export class SaleSteps {
  private readonly changed = new Set<() => void>();

  constructor(
    private readonly deps: {
      ledger: Ledger;
      balances: Balances;
      notifications: Notifications;
      artworks: ArtworkRepository;
      sales: SaleRepository;
      payments: PaymentRepository;
      views: NftViews;
      live: LiveAuctions;
    },
  ) {}

  /** Told after something with a deadline changed on this node (a sale created, an end extended): the engine re-arms. */
  onDeadlineChange(listener: () => void): void {
    this.changed.add(listener);
  }

  deadlinesChanged(afterCommit: AfterCommit): void {
    afterCommit(() => {
      for (const listener of this.changed) listener();
    });
  }

  /**
   * A user's covers on a sale still frozen: their bids whose freeze was posted and not released
   * (a winner's is paid from frozen at the end instead). Bids placed before bids were covered have
   * no freeze and are not covers.
   */
  async heldCovers(q: Queryable, sale: SaleRow, userId: number): Promise<Cover[]> {
    const bids = await this.deps.sales.bidsOf(sale.id, userId, q);
    if (!bids.length) return [];
    const ops = await this.deps.ledger.operations(
      q,
      bids.flatMap((b) => [bidCoverKey(b.id, 'freeze'), bidCoverKey(b.id, 'release')]),
    );
    return bids
      .filter((b) => ops.has(bidCoverKey(b.id, 'freeze')) && !ops.has(bidCoverKey(b.id, 'release')))
      .map((bid) => ({ bid, amount: frozenMoved(ops.get(bidCoverKey(bid.id, 'freeze')), userId, sale.currency_id) }));
  }

  /** Returns a user's held covers on a sale to their available balance, each once (its own key). */
  async releaseCovers(q: Queryable, sale: SaleRow, covers: readonly Cover[]): Promise<void> {
    for (const { bid, amount } of covers)
      await this.deps.ledger.postOnce(q, {
        key: bidCoverKey(bid.id, 'release'),
        kind: 'nft_bid_release',
        ref: { type: 'nft_bid', id: bid.id },
        memo: 'bid cover released',
        legs: [{ holder: { userId: bid.user_id, account: COIN }, currencyId: sale.currency_id, available: amount, frozen: amount.neg() }],
      });
  }

  /**
   * The end of a paid sale (a fixed price bought, an auction paid), inside its transaction: the
   * sale is sold to the buyer, the artwork is theirs, and both sides are told.
   */
  async handOver(
    q: Queryable,
    sale: SaleRow,
    w: ArtworkRow,
    buyerId: number,
    price: string,
    proceeds: Decimal,
    now: number,
  ): Promise<SaleRow> {
    const sold = await this.deps.sales.setSaleStatus(q, sale.id, 'sold', now, buyerId);
    await this.deps.artworks.setOwner(q, w.id, buyerId);
    const currency = this.deps.views.currency(sale.currency_id).name;
    await this.deps.notifications.create(q, buyerId, 'nftBought', { title: w.title, price, currency });
    if (sale.seller_id !== null)
      await this.deps.notifications.create(q, sale.seller_id, 'nftSold', { title: w.title, price, proceeds: fixed(proceeds), currency });
    return sold;
  }

  /**
   * Settles a won auction's payment order inside its transaction (the order and the sale locked):
   * the bid less the margin from the winner's frozen cover (`covers`, the winning bid's), or, for
   * a win whose bid was placed before bids were covered, from the coin account; the margin from
   * escrow; the seller paid less the fee; the artwork handed over.
   */
  async settle(q: Queryable, sale: SaleRow, order: PayOrderRow, covers: readonly Cover[], now: number): Promise<PayOrderRow> {
    const userId = order.user_id;
    const due = new Decimal(order.due);
    const frozen = covers.reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
    if (covers.length && !frozen.eq(due))
      throw new Error(`nft: sale ${sale.id}'s winner has ${frozen.toFixed()} frozen for a payment of ${due.toFixed()}`);
    if (!covers.length) await afford(this.deps.balances, q, userId, sale.currency_id, due);
    const { fee, proceeds } = saleSplit(order.price, sale.fee_rate, this.deps.views.currency(sale.currency_id).decimals);
    const winner: Holder = { userId, account: COIN };
    await this.deps.ledger.postOnce(q, {
      key: `nft:pay:${order.id}`,
      kind: 'nft_pay',
      ref: { type: 'nft_pay_order', id: order.id },
      legs: [
        covers.length
          ? { holder: winner, currencyId: sale.currency_id, frozen: due.neg() }
          : { holder: winner, currencyId: sale.currency_id, available: due.neg() },
        { holder: escrowFor(userId), currencyId: sale.currency_id, available: new Decimal(order.margin).neg() },
        { holder: feesFor(userId), currencyId: sale.currency_id, available: fee },
        { holder: payee(sale.seller_id), currencyId: sale.currency_id, available: proceeds },
      ],
    });
    await this.deps.payments.settleMargin(q, sale.id, userId, 'applied', now);
    const paid = await this.deps.payments.setPayOrderStatus(q, order.id, 'paid', now);
    const w = (await this.deps.artworks.lockArtwork(q, sale.artwork_id))!;
    await this.handOver(q, sale, w, userId, order.price, proceeds, now);
    this.deps.live.forget(sale.id);
    return paid;
  }

  /** The winning bid's cover, if it is covered (a bid placed before bids were covered is not). */
  async winningCovers(q: Queryable, sale: SaleRow, winnerId: number): Promise<Cover[]> {
    const last = await this.deps.sales.lastBid(q, sale.id);
    const covers = await this.heldCovers(q, sale, winnerId);
    return last && last.user_id === winnerId && covers.some((c) => c.bid.id === last.id) ? covers : [];
  }
}
