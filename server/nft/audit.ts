/**
 * The NFT auditor (docs/NFT.md "Audit"; part of `npm run audit`): every sale, margin,
 * payment order and blind-box order is re-derived from its stored terms with the domain formulas
 * that settled it, and checked against the ledger:
 *
 * - a fixed-price sale that sold: the buyer paid the price, the fee and the seller's proceeds
 *   recompute (`saleSplit`) and went where they should;
 * - an auction: its bid log replays (each bid at least the previous plus the increment, placed
 *   before the end in force, the end moved only by a last-minute bid), and the stored bid,
 *   bidder and end are the log's last; each bid's cover replays with it: its freeze moved the bid
 *   less the margin less what that bidder still had frozen from available to frozen, the next
 *   bid by someone else released it in full, once, and the leader's is never released (bids
 *   placed before bids were covered have none, and come before any covered one); its payment
 *   order holds the winning bid, the margin and `amountDue`, due a day after the end; a covered
 *   win paid at the close from the frozen cover, an uncovered one paid (before the deadline: the
 *   seller paid less the fee) or expired (after it: the margin split by `forfeitSplit`);
 * - every margin went into escrow in full and came out once: refunded, applied or forfeited;
 * - a blind box's commitment is the hash of its seed, every order paid the box's price, and every
 *   opening's draw and rarity recompute from the seed, the box id and the order id, and gave an
 *   edition of that rarity's pool piece.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import { Decimal } from '../../domain/decimal';
import type { Currency } from '../../domain/market/types';
import { boxDraw, commitmentOf, rarityOfDraw } from '../../domain/nft/blindBox';
import { amountDue, extendedEnd, forfeitSplit, minimumBid, saleSplit } from '../../domain/nft/formulas';
import { NFT_PAY_WINDOW_MS } from '../../domain/nft/types';
import type { AuditContext } from '../audit/registry';
import { auditScope } from '../audit/scope';
import type { Db } from '../db/db';
import { holderName, type Holder, type Ledger, type PostedOperation } from '../ledger/Ledger';
import type { OddsRow } from './boxes/BoxRepository';
import type { NftRepository } from './NftRepository';
import type { SaleRow } from './sales/SaleRepository';
import { bidCoverKey, COIN, frozenMoved } from './shared/money';

const BATCH = 500;

/** What an operation moved for a holder in a currency (available). */
function delta(op: PostedOperation | undefined, holder: Holder, currencyId: number): Decimal {
  const name = holderName(holder);
  return (op?.legs ?? [])
    .filter((l) => holderName(l.holder) === name && l.currencyId === currencyId)
    .reduce((sum, l) => sum.plus(l.available), new Decimal(0));
}

/** What an operation moved in a platform account, over all its shards. */
function platformDelta(op: PostedOperation | undefined, platform: string, currencyId: number): Decimal {
  return (op?.legs ?? [])
    .filter((l) => 'platform' in l.holder && l.holder.platform === platform && l.currencyId === currencyId)
    .reduce((sum, l) => sum.plus(l.available), new Decimal(0));
}

const user = (userId: number): Holder => ({ userId, account: COIN });
/** The seller's credit: their coin account, or the treasury for the platform's own sales. */
const sellerDelta = (op: PostedOperation | undefined, sellerId: number | null, currencyId: number) =>
  sellerId === null ? platformDelta(op, 'treasury', currencyId) : delta(op, user(sellerId), currencyId);

export function createNftAuditor(deps: { repo: NftRepository; ledger: Ledger; db: Db; currencies: readonly Currency[] }) {
  const decimalsOf = (id: number) => deps.currencies.find((c) => c.id === id)?.decimals ?? 8;

  async function auditSale(s: SaleRow, ops: Map<string, PostedOperation>): Promise<string[]> {
    const issues: string[] = [];
    const decimals = decimalsOf(s.currency_id);
    if (s.mode === 'normal') {
      const op = ops.get(`nft:sale:${s.id}:buy`);
      if (s.status !== 'sold') {
        if (op) issues.push(`a purchase in the ledger for a sale that is ${s.status}`);
        return issues;
      }
      const { fee, proceeds } = saleSplit(s.price, s.fee_rate, decimals);
      if (!delta(op, user(s.buyer_id!), s.currency_id).eq(new Decimal(s.price).neg()))
        issues.push(`buyer paid ${delta(op, user(s.buyer_id!), s.currency_id).neg().toFixed()}, price ${s.price}`);
      if (!platformDelta(op, 'fees', s.currency_id).eq(fee))
        issues.push(`fee ${platformDelta(op, 'fees', s.currency_id).toFixed()}, ${fee.toFixed()} recomputed`);
      if (!sellerDelta(op, s.seller_id, s.currency_id).eq(proceeds))
        issues.push(`seller got ${sellerDelta(op, s.seller_id, s.currency_id).toFixed()}, ${proceeds.toFixed()} due`);
      return issues;
    }

    // An auction: replay the bid log, and each bid's cover with it.
    const bids = await deps.repo.sales.allBids(s.id);
    const covers = await deps.ledger.operations(
      deps.db,
      bids.flatMap((b) => [bidCoverKey(b.id, 'freeze'), bidCoverKey(b.id, 'release')]),
    );
    /** Per user, the covers the replay holds frozen (bid id and amount). */
    const held = new Map<number, { bid: number; amount: Decimal }[]>();
    const released = new Set<number>();
    let covered = false;
    let end = s.scheduled_end!;
    let bid: string | null = null;
    let bidder: number | null = null;
    for (const b of bids) {
      const freeze = covers.get(bidCoverKey(b.id, 'freeze'));
      if (freeze) {
        covered = true;
        const had = (held.get(b.user_id) ?? []).reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
        const want = Decimal.max(0, amountDue(b.price, s.margin!).minus(had));
        const froze = frozenMoved(freeze, b.user_id, s.currency_id);
        const took = delta(freeze, user(b.user_id), s.currency_id).neg();
        if (!froze.eq(want))
          issues.push(
            `bid #${b.id} froze ${froze.toFixed()}, bid − margin${had.isZero() ? '' : ` − ${had.toFixed()} frozen before`} is ${want.toFixed()}`,
          );
        if (!took.eq(froze)) issues.push(`bid #${b.id}'s freeze took ${took.toFixed()} from available for ${froze.toFixed()} frozen`);
        held.set(b.user_id, [...(held.get(b.user_id) ?? []), { bid: b.id, amount: froze }]);
      } else if (covered) issues.push(`bid #${b.id} is not covered (no freeze), after covered bids`);
      // Outbid: the previous leader's covers come back in full, each once.
      if (bidder !== null && bidder !== b.user_id) {
        for (const c of held.get(bidder) ?? []) {
          const release = covers.get(bidCoverKey(c.bid, 'release'));
          const back = frozenMoved(release, bidder, s.currency_id).neg();
          if (!release || !back.eq(c.amount) || !delta(release, user(bidder), s.currency_id).eq(c.amount))
            issues.push(`bid #${c.bid}'s cover of ${c.amount.toFixed()} was not released in full when outbid (${back.toFixed()})`);
          released.add(c.bid);
        }
        held.delete(bidder);
      }
      if (b.created_at >= end) issues.push(`bid #${b.id} placed after the end in force`);
      if (b.created_at < s.starts_at) issues.push(`bid #${b.id} placed before the start`);
      const min = minimumBid(s.price, bid, s.increment!);
      if (new Decimal(b.price).lt(min)) issues.push(`bid #${b.id} of ${b.price} below the minimum ${min.toFixed()}`);
      const next = extendedEnd(end, b.created_at);
      if (b.ends_at !== next) issues.push(`bid #${b.id} left the end at ${b.ends_at}, the rule gives ${next}`);
      end = next;
      bid = b.price;
      bidder = b.user_id;
    }
    if ((s.bid === null) !== (bid === null) || (bid !== null && !new Decimal(s.bid!).eq(bid)) || s.bidder_id !== bidder)
      issues.push(`stored bid ${s.bid} by ${s.bidder_id}, the log's last is ${bid} by ${bidder}`);
    if (s.ends_at !== end) issues.push(`stored end ${s.ends_at}, the log gives ${end}`);
    for (const b of bids)
      if (covers.has(bidCoverKey(b.id, 'release')) && !released.has(b.id)) issues.push(`bid #${b.id}'s cover released while it led`);
    /** The winner's covers, if the winning bid is covered: paid from frozen at the close. */
    const winning = bidder !== null && covered ? (held.get(bidder) ?? []) : [];
    if (s.status === 'listed') return issues;
    if (s.closed_at !== null && s.closed_at < end) issues.push('closed before its end');

    const order = await deps.repo.payments.payOrderForSale(s.id);
    if (bidder === null) {
      if (order) issues.push('a payment order for an auction without bids');
      if (s.status !== 'unsold') issues.push(`no bids but ${s.status}`);
      return issues;
    }
    if (!order) return [...issues, 'an auction with bids but no payment order'];
    if (order.user_id !== bidder) issues.push(`payment order for user ${order.user_id}, the winner is ${bidder}`);
    if (!new Decimal(order.price).eq(bid!)) issues.push(`payment order price ${order.price}, winning bid ${bid}`);
    if (!new Decimal(order.margin).eq(s.margin!)) issues.push(`payment order margin ${order.margin}, the sale's ${s.margin}`);
    if (!amountDue(order.price, order.margin).eq(order.due))
      issues.push(`due ${order.due}, ${amountDue(order.price, order.margin).toFixed()} recomputed`);
    if (order.pay_by !== end + NFT_PAY_WINDOW_MS) issues.push(`pay by ${order.pay_by}, the end plus a day is ${end + NFT_PAY_WINDOW_MS}`);
    const paid = ops.get(`nft:pay:${order.id}`);
    const forfeit = ops.get(`nft:pay:${order.id}:forfeit`);
    if (winning.length) {
      const frozen = winning.reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
      if (!frozen.eq(order.due)) issues.push(`the winner had ${frozen.toFixed()} frozen for ${order.due} due`);
      if (order.status !== 'paid' || order.paid_at !== s.closed_at) issues.push(`a covered win ${order.status}, not paid at the close`);
    }
    if (order.status === 'paid') {
      if (order.paid_at! >= order.pay_by) issues.push('paid after the deadline');
      if (forfeit) issues.push('both paid and forfeited');
      const { fee, proceeds } = saleSplit(order.price, s.fee_rate, decimalsOf(s.currency_id));
      // A covered win is paid from the frozen cover, an uncovered one from available.
      const fromAvailable = delta(paid, user(order.user_id), s.currency_id).neg();
      const fromFrozen = frozenMoved(paid, order.user_id, s.currency_id).neg();
      const [want, other] = winning.length ? [fromFrozen, fromAvailable] : [fromAvailable, fromFrozen];
      if (!want.eq(order.due) || !other.isZero())
        issues.push(
          `winner paid ${fromAvailable.toFixed()} from available and ${fromFrozen.toFixed()} from frozen, ${order.due} due from ${winning.length ? 'frozen' : 'available'}`,
        );
      if (!platformDelta(paid, 'escrow', s.currency_id).eq(new Decimal(order.margin).neg()))
        issues.push('the margin did not leave escrow in full');
      if (!platformDelta(paid, 'fees', s.currency_id).eq(fee))
        issues.push(`fee ${platformDelta(paid, 'fees', s.currency_id).toFixed()}, ${fee.toFixed()} recomputed`);
      if (!sellerDelta(paid, s.seller_id, s.currency_id).eq(proceeds))
        issues.push(`seller got ${sellerDelta(paid, s.seller_id, s.currency_id).toFixed()}, ${proceeds.toFixed()} due`);
      if (s.status !== 'sold' || s.buyer_id !== order.user_id) issues.push(`paid but the sale is ${s.status}`);
    } else if (order.status === 'expired') {
      if (order.expired_at! < order.pay_by) issues.push('expired before the deadline');
      if (paid) issues.push('both paid and forfeited');
      const split = forfeitSplit(order.margin, s.forfeit_seller_share, decimalsOf(s.currency_id));
      if (!sellerDelta(forfeit, s.seller_id, s.currency_id).eq(split.seller))
        issues.push(
          `seller got ${sellerDelta(forfeit, s.seller_id, s.currency_id).toFixed()} of the margin, ${split.seller.toFixed()} due`,
        );
      if (!platformDelta(forfeit, 'fees', s.currency_id).eq(split.platform))
        issues.push(
          `platform got ${platformDelta(forfeit, 'fees', s.currency_id).toFixed()} of the margin, ${split.platform.toFixed()} due`,
        );
      if (s.status !== 'forfeited') issues.push(`expired but the sale is ${s.status}`);
    } else if (paid || forfeit) issues.push('a pending payment order with money moved');
    return issues;
  }

  /**
   * An incremental audit's sales: those the ledger moved money for in its window, whether the
   * operation names the sale (a purchase, a margin), one of its bids or its pay order. Null: all.
   */
  async function touchedSales(ctx: AuditContext): Promise<readonly number[] | null> {
    if (!ctx.touched) return null;
    const [sales, bids, payOrders] = await Promise.all([ctx.touched('nft_sale'), ctx.touched('nft_bid'), ctx.touched('nft_pay_order')]);
    const ids = new Set([
      ...sales,
      ...(await deps.repo.sales.salesOfBids(bids)),
      ...(await deps.repo.payments.salesOfPayOrders(payOrders)),
    ]);
    return [...ids].sort((a, b) => a - b);
  }

  return {
    kind: 'nft',
    async audit(ctx: AuditContext): Promise<AuditSection> {
      const mismatches: AuditMismatch[] = [];
      let settled = 0;
      const onlySales = await touchedSales(ctx);
      const onlyBoxOrders = await auditScope(ctx, 'nft_box_order');

      for (let after = 0; ;) {
        const sales = await deps.repo.sales.salesAfter(after, BATCH, onlySales);
        if (!sales.length) break;
        const orders = await Promise.all(sales.map((s) => deps.repo.payments.payOrderForSale(s.id)));
        const keys = sales.flatMap((s, i) => [
          `nft:sale:${s.id}:buy`,
          ...(orders[i] ? [`nft:pay:${orders[i]!.id}`, `nft:pay:${orders[i]!.id}:forfeit`] : []),
        ]);
        const ops = await deps.ledger.operations(deps.db, keys);
        for (const s of sales) {
          settled++;
          const issues = await auditSale(s, ops);
          if (issues.length) mismatches.push({ kind: 'nft_sale', id: s.id, detail: issues.join('; ') });
        }
        after = sales[sales.length - 1]!.id;
      }

      const sales = new Map<number, SaleRow>();
      for (let after = { sale: 0, user: 0 }; ;) {
        const margins = await deps.repo.payments.marginsAfter(after, BATCH, onlySales);
        if (!margins.length) break;
        const ops = await deps.ledger.operations(
          deps.db,
          margins.flatMap((m) => [`nft:margin:${m.sale_id}:${m.user_id}`, `nft:margin:${m.sale_id}:${m.user_id}:refund`]),
        );
        for (const m of margins) {
          if (!sales.has(m.sale_id)) sales.set(m.sale_id, (await deps.repo.sales.sale(m.sale_id))!);
          const s = sales.get(m.sale_id)!;
          const issues: string[] = [];
          settled++;
          const took = delta(ops.get(`nft:margin:${m.sale_id}:${m.user_id}`), user(m.user_id), s.currency_id).neg();
          if (!took.eq(m.amount) || !new Decimal(m.amount).eq(s.margin!))
            issues.push(`margin ${m.amount} recorded, ${took.toFixed()} taken, the sale's is ${s.margin}`);
          const refund = ops.get(`nft:margin:${m.sale_id}:${m.user_id}:refund`);
          if (m.status === 'refunded') {
            if (!delta(refund, user(m.user_id), s.currency_id).eq(m.amount))
              issues.push(`refunded ${delta(refund, user(m.user_id), s.currency_id).toFixed()} of ${m.amount}`);
            if (s.status === 'listed') issues.push('refunded while the auction runs');
            if (s.bidder_id === m.user_id && s.status !== 'unsold') issues.push("the winner's margin refunded");
          } else if (refund) issues.push(`a refund in the ledger for a margin ${m.status}`);
          if ((m.status === 'applied' || m.status === 'forfeited') && s.bidder_id !== m.user_id)
            issues.push(`${m.status} for a user who did not win`);
          if (issues.length) mismatches.push({ kind: 'nft_margin', id: m.sale_id, detail: `user ${m.user_id}: ${issues.join('; ')}` });
        }
        const last = margins[margins.length - 1]!;
        after = { sale: last.sale_id, user: last.user_id };
      }

      const boxes = new Map((await deps.repo.boxes.allBoxes()).map((b) => [b.id, b]));
      const odds = new Map<number, OddsRow[]>();
      for (const b of boxes.values()) {
        odds.set(b.id, await deps.repo.boxes.odds(b.id));
        if (commitmentOf(b.seed) !== b.commitment)
          mismatches.push({ kind: 'nft_box', id: b.id, detail: 'the seed does not match the published commitment' });
      }
      for (let after = 0; ;) {
        const orders = await deps.repo.boxes.boxOrdersAfter(after, BATCH, onlyBoxOrders);
        if (!orders.length) break;
        const ops = await deps.ledger.operations(
          deps.db,
          orders.map((o) => `nft:box:${o.id}:buy`),
        );
        const minted = await deps.repo.artworks.artworksByIds(orders.map((o) => o.artwork_id).filter((id): id is number => id !== null));
        for (const o of orders) {
          settled++;
          const b = boxes.get(o.box_id)!;
          const issues: string[] = [];
          const paid = delta(ops.get(`nft:box:${o.id}:buy`), user(o.user_id), b.currency_id).neg();
          if (!paid.eq(b.price) || !new Decimal(o.price).eq(b.price))
            issues.push(`paid ${paid.toFixed()} (${o.price} recorded), the box costs ${b.price}`);
          if (o.status === 'opened') {
            const draw = boxDraw(b.seed, b.id, o.id);
            const slot = rarityOfDraw(draw, odds.get(b.id)!);
            if (o.draw !== draw) issues.push(`draw ${o.draw} stored, ${draw} derived`);
            if (o.rarity !== slot?.rarity) issues.push(`rarity ${o.rarity} stored, ${slot?.rarity ?? 'none'} derived`);
            const w = minted.get(o.artwork_id!);
            if (!w || w.rarity !== slot?.rarity || w.box_id !== b.id || w.owner_id === null)
              issues.push(`the edition given (${w?.code ?? 'none'}, ${w?.rarity ?? '?'}) is not the derived rarity's`);
          }
          if (issues.length) mismatches.push({ kind: 'nft_box_order', id: o.id, detail: issues.join('; ') });
        }
        after = orders[orders.length - 1]!.id;
      }
      return { kind: 'nft', settled, mismatches };
    },
  };
}
