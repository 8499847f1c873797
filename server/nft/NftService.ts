/**
 * The NFT market (issue 14, docs/NFT.md): what users read and do, and the engine's effects.
 * Every amount comes from the domain formulas (domain/nft/formulas.ts) on the stored terms, and
 * every movement goes through the ledger under a key that makes it happen once:
 *
 * - a fixed-price purchase (`nft:sale:<id>:buy`): the price from the buyer's coin account, the
 *   fee to the platform, the rest to the seller (a user, or the treasury for the platform's
 *   primary sales); ownership moves in the same transaction, under the sale's lock;
 * - an auction margin (`nft:margin:<sale>:<user>`) into escrow; a bid's cover, the bid less the
 *   margin, frozen in the bidder's coin account (`nft:bid:<bid>:freeze`) and released when they
 *   are outbid (`nft:bid:<bid>:release`, in the outbidding bid's transaction); at the end the
 *   winner's order is paid at once from the frozen cover, every other margin is refunded (`…:refund`);
 * - the winner's payment (`nft:pay:<order>`): the bid less the margin from the frozen cover (or,
 *   for a bid placed before bids were covered, from the coin account), the margin from escrow,
 *   the seller paid less the fee; such an uncovered win unpaid after a day has its margin
 *   forfeited (`nft:pay:<order>:forfeit`) and split between the seller and the platform;
 * - a blind box (`nft:box:<order>:buy`) paid like a purchase; its opening moves no money and
 *   mints the edition the seed decides (domain/nft/blindBox.ts).
 *
 * Each effect changes a row's status under its lock in the transaction that posts its money, so
 * the engine, a second node, a retried request and a restarted server can all try; one pays.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { AssetHolding } from '../funds/Holdings';
import { ACCOUNTS, type AccountId } from '../../domain/funds/formulas';
import type { Currency } from '../../domain/market/types';
import { openingOutcome, rarityOfDraw } from '../../domain/nft/blindBox';
import { amountDue, extendedEnd, forfeitSplit, maskName, minimumBid, saleSplit, saleState, saleWindow } from '../../domain/nft/formulas';
import {
  NFT_ODDS_SCALE,
  NFT_PAY_WINDOW_MS,
  type NftArtist,
  type NftArtistDetail,
  type NftArtwork,
  type NftArtworkDetail,
  type NftAuctionLive,
  type NftBid,
  type NftBlindBox,
  type NftBoxOpening,
  type NftBoxOrder,
  type NftCollection,
  type NftCurrency,
  type NftMyBid,
  type NftPayOrder,
  type NftSale,
} from '../../domain/nft/types';
import type { NotificationItem } from '../../domain/notifications/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { readAmount } from '../funds/amounts';
import { AppError } from '../http/AppError';
import type { Balances } from '../ledger/Balances';
import { feesFor, holderName, shardOf, type Holder, type Ledger, type PostedOperation } from '../ledger/Ledger';
import { txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { Notifications } from '../notifications/Notifications';
import type { RealtimeHub } from '../realtime/RealtimeHub';
import type { UserRepository } from '../users/UserRepository';
import type {
  ArtworkFilter,
  ArtworkRow,
  BidRow,
  BoxOrderRow,
  BoxRow,
  MarginRow,
  NftRepository,
  PayOrderRow,
  SaleRow,
} from './NftRepository';

/** The coin account: NFTs are paid from it and sellers are paid into it. */
export const COIN: AccountId = ACCOUNTS.change;

/** The market's terms (docs/NFT.md "Terms"): the fee on every sale and the seller's share of a forfeited margin. */
export interface NftTerms {
  feeRate: string;
  forfeitSellerShare: string;
  /** The coins NFTs may be priced in. */
  currencies: readonly string[];
}

export const DEFAULT_NFT_TERMS: NftTerms = { feeRate: '0.025', forfeitSellerShare: '0.5', currencies: ['USDT', 'ETH'] };

const fixed = (d: Decimal) => d.toFixed();
const escrowFor = (userId: number): Holder => ({ platform: 'escrow', shard: shardOf(userId) });
/** Who is paid for a sale: its seller's coin account, or the treasury for the platform's own sales. */
const payee = (sellerId: number | null): Holder => (sellerId === null ? { platform: 'treasury' } : { userId: sellerId, account: COIN });

/** The ledger keys of a bid's cover: frozen when it is placed, released when it is outbid (docs/NFT.md "Ledger keys"). */
export const bidCoverKey = (bidId: number, what: 'freeze' | 'release') => `nft:bid:${bidId}:${what}`;

/** What an operation moved into (or out of, negative) a user's frozen coin balance of a currency. */
export function frozenMoved(op: PostedOperation | undefined, userId: number, currencyId: number): Decimal {
  const name = holderName({ userId, account: COIN });
  return (op?.legs ?? [])
    .filter((l) => holderName(l.holder) === name && l.currencyId === currencyId)
    .reduce((sum, l) => sum.plus(l.frozen), new Decimal(0));
}

/** A covered bid whose freeze is still held: the bid and what it froze. */
interface Cover {
  bid: BidRow;
  amount: Decimal;
}

/** What a listing shows of its people: names by user id and the caller's margins. */
interface ViewContext {
  userId: number | null;
  now: number;
  names: Map<number, string>;
  margins: Map<number, MarginRow>;
  collected: Set<number>;
}

export class NftService {
  private readonly tx: TxRunner;
  /** Live auction states by sale id (the `auction:<id>` topic's snapshots). */
  private readonly live = new Map<number, NftAuctionLive>();
  private readonly changed = new Set<() => void>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      market: MarketSource;
      users: UserRepository;
      notifications: Notifications;
      hub: RealtimeHub;
      repo: NftRepository;
      terms: NftTerms;
    },
  ) {
    this.tx = txRunner(deps.db);
    deps.hub.provideAuctions(
      (saleId) => this.live.get(saleId) ?? null,
      (state) => this.remember(state),
    );
  }

  /** Told after something with a deadline changed on this node (a sale created, an end extended): the engine re-arms. */
  onDeadlineChange(listener: () => void): void {
    this.changed.add(listener);
  }

  private deadlinesChanged(afterCommit: AfterCommit): void {
    afterCommit(() => {
      for (const listener of this.changed) listener();
    });
  }

  // ---- helpers -------------------------------------------------------------------------------

  currency(id: number): Currency {
    const c = this.deps.market.currencies.find((x) => x.id === id);
    if (!c) throw new Error(`nft: unknown currency ${id}`);
    return c;
  }

  private usdt(): Currency {
    return this.deps.market.currencies.find((c) => c.name === 'USDT')!;
  }

  /** Names, margins and likes for a view; inside a transaction pass its `q` (PGlite has one connection). */
  private async context(
    userId: number | null,
    userIds: (number | null)[],
    saleIds: number[],
    artworkIds: number[],
    q: Queryable = this.deps.db,
  ): Promise<ViewContext> {
    const ids = userIds.filter((id): id is number => id !== null);
    const names = await this.deps.users.nicknames(ids, q);
    const margins = userId === null ? new Map<number, MarginRow>() : await this.deps.repo.marginsOf(userId, saleIds, q);
    const collected = userId === null ? new Set<number>() : await this.deps.repo.collectedIds(userId, artworkIds, q);
    return { userId, now: this.deps.clock.now(), names, margins, collected };
  }

  private name(ctx: ViewContext, id: number | null): string | null {
    return id === null ? null : maskName(ctx.names.get(id) || `user${id}`);
  }

  toSale(s: SaleRow, w: ArtworkRow, ctx: ViewContext): NftSale {
    const c = this.currency(s.currency_id);
    const open = s.status === 'listed';
    const auction = s.mode === 'auction';
    const margin = ctx.userId === null ? null : ctx.margins.get(s.id);
    return {
      id: s.id,
      mode: s.mode,
      resale: s.resale,
      seller: s.resale ? (this.name(ctx, s.seller_id) ?? w.artist) : w.artist,
      currency_id: c.id,
      currency: c.name,
      decimals: c.decimals,
      price: s.price,
      starts_at: s.starts_at,
      ends_at: s.ends_at,
      on_sale: s.on_sale,
      state: open ? saleState(s.starts_at, s.ends_at, ctx.now) : 'ended',
      window: open ? saleWindow(s.starts_at, s.ends_at, s.on_sale, ctx.now) : 0,
      status: s.status,
      fee_rate: s.fee_rate,
      margin: s.margin,
      increment: s.increment,
      bid: s.bid,
      bidder: this.name(ctx, s.bidder_id),
      bids: s.bids,
      min_bid: auction ? fixed(minimumBid(s.price, s.bid, s.increment!)) : null,
      extensions: s.extensions,
      my_margin: ctx.userId === null || !auction ? null : (margin?.status ?? 'none'),
      leading: ctx.userId === null || !auction ? null : s.bidder_id === ctx.userId,
      mine: ctx.userId === null ? null : s.seller_id === ctx.userId,
    };
  }

  /** The coin an artwork trades in: its last sale's, USDT before any. */
  private coinOf(w: ArtworkRow): Currency {
    return w.currency_id !== null ? this.currency(w.currency_id) : this.usdt();
  }

  toArtwork(w: ArtworkRow, sale: SaleRow | null, ctx: ViewContext): NftArtwork {
    const coin = this.coinOf(w);
    return {
      id: w.id,
      code: w.code,
      title: w.title,
      description: w.description,
      type: w.type,
      media: mediaUrl(w.media),
      poster: w.poster ? mediaUrl(w.poster) : null,
      rarity: w.rarity,
      artist_id: w.artist_id,
      artist: w.artist,
      artist_avatar: mediaUrl(w.artist_avatar),
      collection_id: w.collection_id,
      collection: w.collection,
      creator: w.creator,
      box_id: w.box_id,
      edition: w.edition,
      owner: this.name(ctx, w.owner_id),
      owned: ctx.userId === null ? null : w.owner_id === ctx.userId,
      collected: ctx.userId === null ? null : ctx.collected.has(w.id),
      collects: w.collects,
      currency_id: coin.id,
      currency: coin.name,
      decimals: coin.decimals,
      sale: sale ? this.toSale(sale, w, ctx) : null,
      created_at: w.created_at,
    };
  }

  private async artworkPage(userId: number | null, rows: Page<ArtworkRow>): Promise<Page<NftArtwork>> {
    const sales = await this.deps.repo.salesByIds(rows.data.map((w) => w.sale_id).filter((id): id is number => id !== null));
    const ctx = await this.context(
      userId,
      [...rows.data.map((w) => w.owner_id), ...[...sales.values()].flatMap((s) => [s.seller_id, s.bidder_id])],
      [...sales.keys()],
      rows.data.map((w) => w.id),
    );
    return { ...rows, data: rows.data.map((w) => this.toArtwork(w, w.sale_id ? (sales.get(w.sale_id) ?? null) : null, ctx)) };
  }

  private toBid(b: BidRow, ctx: ViewContext): NftBid {
    return {
      id: b.id,
      sale_id: b.sale_id,
      price: b.price,
      bidder: this.name(ctx, b.user_id)!,
      mine: ctx.userId === null ? null : b.user_id === ctx.userId,
      created_at: b.created_at,
    };
  }

  // ---- reading -------------------------------------------------------------------------------

  async list(userId: number | null, filter: ArtworkFilter, page: { page: number; limit: number }): Promise<Page<NftArtwork>> {
    return this.artworkPage(userId, await this.deps.repo.artworks(filter, this.deps.clock.now(), page));
  }

  async detail(userId: number | null, id: number): Promise<NftArtworkDetail> {
    const w = await this.deps.repo.artwork(id);
    if (!w || w.template) throw new AppError('errors.nftUnknown');
    const sale = w.sale_id ? await this.deps.repo.sale(w.sale_id) : null;
    const bids = sale?.mode === 'auction' ? (await this.deps.repo.bids(sale.id, { page: 1, limit: 10 })).data : [];
    const ctx = await this.context(
      userId,
      [w.owner_id, sale?.seller_id ?? null, sale?.bidder_id ?? null, ...bids.map((b) => b.user_id)],
      sale ? [sale.id] : [],
      [w.id],
    );
    return { ...this.toArtwork(w, sale, ctx), bids: bids.map((b) => this.toBid(b, ctx)) };
  }

  async bids(userId: number | null, saleId: number, page: { page: number; limit: number }): Promise<Page<NftBid>> {
    if (!(await this.deps.repo.sale(saleId))) throw new AppError('errors.nftSaleUnknown');
    const rows = await this.deps.repo.bids(saleId, page);
    const ctx = await this.context(
      userId,
      rows.data.map((b) => b.user_id),
      [],
      [],
    );
    return { ...rows, data: rows.data.map((b) => this.toBid(b, ctx)) };
  }

  private toArtist(a: { id: number; name: string; avatar: string; bio: string; works: number; collections: number }): NftArtist {
    return { id: a.id, name: a.name, avatar: mediaUrl(a.avatar), bio: a.bio, works: a.works, collections: a.collections };
  }

  private toCollection(c: {
    id: number;
    name: string;
    description: string;
    cover: string;
    artist_id: number | null;
    artist: string | null;
    works: number;
  }): NftCollection {
    return { ...c, cover: mediaUrl(c.cover) };
  }

  async artists(q: string | undefined, page: { page: number; limit: number }): Promise<Page<NftArtist>> {
    const rows = await this.deps.repo.artists(q, page);
    return { ...rows, data: rows.data.map((a) => this.toArtist(a)) };
  }

  async artist(id: number): Promise<NftArtistDetail> {
    const a = await this.deps.repo.artist(id);
    if (!a) throw new AppError('errors.nftUnknown');
    const collections = await this.deps.repo.collections({ artist_id: id }, { page: 1, limit: 50 });
    return { ...this.toArtist(a), collection_list: collections.data.map((c) => this.toCollection(c)) };
  }

  async collections(filter: { artist_id?: number; q?: string }, page: { page: number; limit: number }): Promise<Page<NftCollection>> {
    const rows = await this.deps.repo.collections(filter, page);
    return { ...rows, data: rows.data.map((c) => this.toCollection(c)) };
  }

  async collection(id: number): Promise<NftCollection> {
    const c = await this.deps.repo.collection(id);
    if (!c) throw new AppError('errors.nftUnknown');
    return this.toCollection(c);
  }

  currencies(): NftCurrency[] {
    return this.deps.terms.currencies
      .map((name) => this.deps.market.currencies.find((c) => c.name === name))
      .filter((c): c is Currency => !!c)
      .map((c) => ({
        currency_id: c.id,
        currency: c.name,
        decimals: c.decimals,
        fee_rate: this.deps.terms.feeRate,
        forfeit_seller_share: this.deps.terms.forfeitSellerShare,
      }));
  }

  async mine(userId: number, kind: 'owned' | 'collected', page: { page: number; limit: number }): Promise<Page<NftArtwork>> {
    const rows = kind === 'owned' ? await this.deps.repo.ownedBy(userId, page) : await this.deps.repo.collectedBy(userId, page);
    return this.artworkPage(userId, rows);
  }

  async myBids(userId: number, page: { page: number; limit: number }): Promise<Page<NftMyBid>> {
    const rows = await this.deps.repo.myBids(userId, page);
    const sales = await this.deps.repo.salesByIds(rows.data.map((r) => r.sale_id));
    const artworks = await this.deps.repo.artworksByIds([...sales.values()].map((s) => s.artwork_id));
    const margins = await this.deps.repo.marginsOf(userId, [...sales.keys()]);
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
          currency: this.currency(s.currency_id).name,
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

  private async toPayOrders(rows: PayOrderRow[]): Promise<NftPayOrder[]> {
    const sales = await this.deps.repo.salesByIds(rows.map((o) => o.sale_id));
    const artworks = await this.deps.repo.artworksByIds([...sales.values()].map((s) => s.artwork_id));
    return rows.map((o) => {
      const s = sales.get(o.sale_id)!;
      const w = artworks.get(s.artwork_id)!;
      const c = this.currency(s.currency_id);
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
    const rows = await this.deps.repo.payOrdersOf(userId, page);
    return { ...rows, data: await this.toPayOrders(rows.data) };
  }

  async messages(userId: number, page: { page: number; limit: number }): Promise<Page<NotificationItem> & { unread: number }> {
    const [rows, unread] = await Promise.all([
      this.deps.notifications.page(userId, page.page, page.limit, 'nft'),
      this.deps.notifications.count(userId, true, 'nft'),
    ]);
    return { ...rows, unread };
  }

  readMessages(userId: number, id: number | undefined): Promise<number> {
    return this.deps.notifications.markRead(userId, id, 'nft');
  }

  // ---- the user's calls ----------------------------------------------------------------------

  async collect(userId: number, id: number, on: boolean): Promise<{ id: number; collected: boolean; collects: number }> {
    const w = await this.deps.repo.artwork(id);
    if (!w || w.template) throw new AppError('errors.nftUnknown');
    const collects = await this.tx((q) => this.deps.repo.setCollected(q, userId, id, on, this.deps.clock.now()));
    return { id, collected: on, collects };
  }

  /**
   * What the user's auction bids hold now, for the assets page: each margin still held (escrow)
   * and, on those sales, the bid covers still frozen in the coin account.
   */
  async holdings(userId: number): Promise<AssetHolding[]> {
    const out: AssetHolding[] = [];
    const margins = await this.deps.repo.heldMarginsOf(userId);
    const sales = await this.deps.repo.salesByIds(margins.map((m) => m.sale_id));
    for (const m of margins) {
      const sale = sales.get(m.sale_id);
      if (!sale) continue;
      out.push({ currency_id: sale.currency_id, amount: new Decimal(m.amount), place: 'escrow' });
      for (const c of await this.heldCovers(this.deps.db, sale, userId))
        out.push({ currency_id: sale.currency_id, amount: c.amount, place: 'frozen' });
    }
    return out;
  }

  /**
   * A user's covers on a sale still frozen: their bids whose freeze was posted and not released
   * (a winner's is paid from frozen at the end instead). Bids placed before bids were covered have
   * no freeze and are not covers.
   */
  private async heldCovers(q: Queryable, sale: SaleRow, userId: number): Promise<Cover[]> {
    const bids = await this.deps.repo.bidsOf(sale.id, userId, q);
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
  private async releaseCovers(q: Queryable, sale: SaleRow, covers: readonly Cover[]): Promise<void> {
    for (const { bid, amount } of covers)
      await this.deps.ledger.postOnce(q, {
        key: bidCoverKey(bid.id, 'release'),
        kind: 'nft_bid_release',
        ref: { type: 'nft_bid', id: bid.id },
        memo: 'bid cover released',
        legs: [{ holder: { userId: bid.user_id, account: COIN }, currencyId: sale.currency_id, available: amount, frozen: amount.neg() }],
      });
  }

  /** Checks the buyer's coin balance before posting, for a plain error (the ledger refuses a negative balance anyway). */
  private async afford(q: Queryable, userId: number, currencyId: number, amount: Decimal): Promise<void> {
    const balance = await this.deps.balances.one(userId, COIN, currencyId, q);
    if (new Decimal(balance?.available ?? 0).lt(amount)) throw new AppError('errors.insufficientBalance');
  }

  /** Buys a fixed-price sale: exactly one buyer wins a race (the sale's lock); the others are told it sold. */
  async buy(userId: number, saleId: number, run: TxRunner = this.tx): Promise<NftArtwork> {
    return run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const sale = await this.deps.repo.lockSale(q, saleId);
      if (!sale) throw new AppError('errors.nftSaleUnknown');
      if (sale.mode !== 'normal') throw new AppError('errors.nftNotFixed');
      if (sale.status === 'sold') throw new AppError('errors.nftSold');
      const now = this.deps.clock.now();
      if (sale.status !== 'listed' || saleWindow(sale.starts_at, sale.ends_at, sale.on_sale, now) !== 1)
        throw new AppError('errors.nftNotOnSale');
      if (sale.seller_id === userId) throw new AppError('errors.nftOwnItem');
      const price = new Decimal(sale.price);
      await this.afford(q, userId, sale.currency_id, price);
      const w = (await this.deps.repo.lockArtwork(q, sale.artwork_id))!;
      const { fee, proceeds } = saleSplit(price, sale.fee_rate, this.currency(sale.currency_id).decimals);
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
      const sold = await this.handOver(q, sale, w, userId, sale.price, proceeds, now);
      const after = (await this.deps.repo.artwork(w.id, q))!;
      const ctx = await this.context(userId, [userId, sold.seller_id], [], [w.id], q);
      return this.toArtwork(after, null, ctx);
    });
  }

  /**
   * The end of a paid sale (a fixed price bought, an auction paid), inside its transaction: the
   * sale is sold to the buyer, the artwork is theirs, and both sides are told.
   */
  private async handOver(
    q: Queryable,
    sale: SaleRow,
    w: ArtworkRow,
    buyerId: number,
    price: string,
    proceeds: Decimal,
    now: number,
  ): Promise<SaleRow> {
    const sold = await this.deps.repo.setSaleStatus(q, sale.id, 'sold', now, buyerId);
    await this.deps.repo.setOwner(q, w.id, buyerId);
    const currency = this.currency(sale.currency_id).name;
    await this.deps.notifications.create(q, buyerId, 'nftBought', { title: w.title, price, currency });
    if (sale.seller_id !== null)
      await this.deps.notifications.create(q, sale.seller_id, 'nftSold', { title: w.title, price, proceeds: fixed(proceeds), currency });
    return sold;
  }

  /** Pays an auction's margin into escrow (once per user and sale). */
  async payMargin(userId: number, saleId: number, run: TxRunner = this.tx): Promise<NftSale> {
    return run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const sale = await this.deps.repo.lockSale(q, saleId);
      if (!sale) throw new AppError('errors.nftSaleUnknown');
      if (sale.mode !== 'auction') throw new AppError('errors.nftNotAuction');
      const now = this.deps.clock.now();
      if (sale.status !== 'listed' || saleState(sale.starts_at, sale.ends_at, now) === 'ended' || !sale.on_sale)
        throw new AppError('errors.nftNotOnSale');
      if (sale.seller_id === userId) throw new AppError('errors.nftOwnItem');
      if (await this.deps.repo.margin(sale.id, userId, q)) throw new AppError('errors.nftMarginPaid');
      const margin = new Decimal(sale.margin!);
      await this.afford(q, userId, sale.currency_id, margin);
      await this.deps.repo.insertMargin(q, sale.id, userId, sale.margin!, now);
      await this.deps.ledger.postOnce(q, {
        key: `nft:margin:${sale.id}:${userId}`,
        kind: 'nft_margin',
        ref: { type: 'nft_sale', id: sale.id },
        legs: [
          { holder: { userId, account: COIN }, currencyId: sale.currency_id, available: margin.neg() },
          { holder: escrowFor(userId), currencyId: sale.currency_id, available: margin },
        ],
      });
      const w = (await this.deps.repo.artwork(sale.artwork_id, q))!;
      const ctx = await this.context(userId, [sale.seller_id, sale.bidder_id], [sale.id], [], q);
      ctx.margins = new Map([[sale.id, (await this.deps.repo.margin(sale.id, userId, q))!]]);
      return this.toSale(sale, w, ctx);
    });
  }

  /**
   * Bids `price` on the auction of the artwork `code`: at least the current bid plus the
   * increment, and covered: the bid less the margin (less what the bidder still has frozen for
   * this sale) is frozen in their coin account until they are outbid; the previous leader's cover
   * is released in the same transaction.
   */
  async bid(userId: number, input: { code: string; price: string }, run: TxRunner = this.tx): Promise<NftSale> {
    const known = await this.deps.repo.artworkByCode(input.code.trim());
    if (!known || known.template) throw new AppError('errors.nftUnknown');
    if (known.sale_id === null) throw new AppError('errors.nftNotOnSale');
    const first = (await this.deps.repo.sale(known.sale_id))!;
    if (first.mode !== 'auction') throw new AppError('errors.nftNotAuction');
    const currency = this.currency(first.currency_id);
    const price = readAmount(input.price, currency);

    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const sale = (await this.deps.repo.lockSale(q, first.id))!;
      const now = this.deps.clock.now();
      if (sale.status !== 'listed' || saleWindow(sale.starts_at, sale.ends_at, sale.on_sale, now) !== 1)
        throw new AppError('errors.nftNotOnSale');
      if (sale.seller_id === userId) throw new AppError('errors.nftOwnItem');
      const margin = await this.deps.repo.margin(sale.id, userId, q);
      if (margin?.status !== 'held') throw new AppError('errors.nftMarginRequired', { margin: sale.margin!, currency: currency.name });
      if (sale.bidder_id === userId) throw new AppError('errors.nftLeading');
      const min = minimumBid(sale.price, sale.bid, sale.increment!);
      if (price.lt(min)) throw new AppError('errors.nftBidTooLow', { min: fixed(min), currency: currency.name });
      // What this bidder still has frozen here: nothing in practice (a leader cannot bid, and an
      // outbid bidder's cover was released), but a re-bid only ever freezes the difference.
      const held = (await this.heldCovers(q, sale, userId)).reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
      const needed = Decimal.max(0, amountDue(price, sale.margin!).minus(held));
      const balance = await this.deps.balances.one(userId, COIN, sale.currency_id, q);
      const available = new Decimal(balance?.available ?? 0);
      if (available.lt(needed))
        throw new AppError('errors.nftBidUncovered', { needed: fixed(needed), available: fixed(available), currency: currency.name });
      const outbid = sale.bidder_id !== null && sale.bidder_id !== userId ? await this.heldCovers(q, sale, sale.bidder_id) : [];

      const endsAt = extendedEnd(sale.ends_at!, now);
      const updated = await this.deps.repo.updateBid(q, sale.id, fixed(price), userId, endsAt, endsAt !== sale.ends_at, now);
      const bid = await this.deps.repo.insertBid(q, {
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
        await this.releaseCovers(q, sale, outbid);
        await freeze();
      } else {
        await freeze();
        await this.releaseCovers(q, sale, outbid);
      }
      const w = (await this.deps.repo.artwork(sale.artwork_id, q))!;
      if (sale.bidder_id !== null && sale.bidder_id !== userId)
        await this.deps.notifications.create(q, sale.bidder_id, 'nftOutbid', {
          title: w.title,
          price: fixed(price),
          currency: currency.name,
        });
      const ctx = await this.context(userId, [updated.seller_id, userId], [sale.id], [], q);
      ctx.margins = new Map([[sale.id, margin]]);
      const state = this.liveState(updated, this.toBid(bid, { ...ctx, userId: null }), ctx);
      afterCommit(() => this.publish(state));
      if (endsAt !== sale.ends_at) this.deadlinesChanged(afterCommit);
      return this.toSale(updated, w, ctx);
    });
  }

  /**
   * Settles a won auction's payment order inside its transaction (the order and the sale locked):
   * the bid less the margin from the winner's frozen cover (`covers`, the winning bid's), or, for
   * a win whose bid was placed before bids were covered, from the coin account; the margin from
   * escrow; the seller paid less the fee; the artwork handed over.
   */
  private async settle(q: Queryable, sale: SaleRow, order: PayOrderRow, covers: readonly Cover[], now: number): Promise<PayOrderRow> {
    const userId = order.user_id;
    const due = new Decimal(order.due);
    const frozen = covers.reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
    if (covers.length && !frozen.eq(due))
      throw new Error(`nft: sale ${sale.id}'s winner has ${frozen.toFixed()} frozen for a payment of ${due.toFixed()}`);
    if (!covers.length) await this.afford(q, userId, sale.currency_id, due);
    const { fee, proceeds } = saleSplit(order.price, sale.fee_rate, this.currency(sale.currency_id).decimals);
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
    await this.deps.repo.settleMargin(q, sale.id, userId, 'applied', now);
    const paid = await this.deps.repo.setPayOrderStatus(q, order.id, 'paid', now);
    const w = (await this.deps.repo.lockArtwork(q, sale.artwork_id))!;
    await this.handOver(q, sale, w, userId, order.price, proceeds, now);
    this.forget(sale.id);
    return paid;
  }

  /** The winning bid's cover, if it is covered (a bid placed before bids were covered is not). */
  private async winningCovers(q: Queryable, sale: SaleRow, winnerId: number): Promise<Cover[]> {
    const last = await this.deps.repo.lastBid(q, sale.id);
    const covers = await this.heldCovers(q, sale, winnerId);
    return last && last.user_id === winnerId && covers.some((c) => c.bid.id === last.id) ? covers : [];
  }

  /**
   * Pays a won auction's pending order (`payNFTOrder`). A covered win is paid at the end by the
   * engine, so what is left pending is a win whose bid was placed before bids were covered: the
   * bid less the margin from the coin account, the margin from escrow; the seller is paid less the fee.
   */
  async pay(userId: number, orderId: number, run: TxRunner = this.tx): Promise<NftPayOrder> {
    const paid = await run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const order = await this.deps.repo.lockPayOrder(q, orderId);
      // Someone else's order reads as unknown: its existence is not the caller's business.
      if (!order || order.user_id !== userId) throw new AppError('errors.nftOrderUnknown');
      const now = this.deps.clock.now();
      if (order.status !== 'pending' || now >= order.pay_by) throw new AppError('errors.nftOrderClosed');
      const sale = (await this.deps.repo.lockSale(q, order.sale_id))!;
      return this.settle(q, sale, order, await this.winningCovers(q, sale, userId), now);
    });
    return (await this.toPayOrders([paid]))[0]!;
  }

  /** Lists an owned artwork at `price` in its coin, open until bought: irrevocable (spec §4). */
  async resell(userId: number, input: { id: number; price: string }, run: TxRunner = this.tx): Promise<NftArtwork> {
    const known = await this.deps.repo.artwork(input.id);
    if (!known || known.template) throw new AppError('errors.nftUnknown');
    const currency = this.coinOf(known);
    const price = readAmount(input.price, currency);
    return run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const w = (await this.deps.repo.lockArtwork(q, input.id))!;
      if (w.owner_id !== userId) throw new AppError('errors.nftNotOwner');
      if (w.sale_id !== null) throw new AppError('errors.nftListed');
      const now = this.deps.clock.now();
      const sale = await this.deps.repo.insertSale(q, {
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
      await this.deps.repo.setArtworkSale(q, w.id, sale.id, currency.id);
      const ctx = await this.context(userId, [userId], [], [w.id], q);
      return this.toArtwork({ ...w, sale_id: sale.id, currency_id: currency.id }, sale, ctx);
    });
  }

  // ---- blind boxes ---------------------------------------------------------------------------

  private async toBox(b: BoxRow, userId: number | null): Promise<NftBlindBox> {
    const odds = await this.deps.repo.odds(b.id);
    const templates = await this.deps.repo.artworksByIds(odds.map((o) => o.template_id));
    const c = this.currency(b.currency_id);
    const now = this.deps.clock.now();
    return {
      id: b.id,
      name: b.name,
      description: b.description,
      cover: mediaUrl(b.cover),
      artist_id: b.artist_id,
      artist: b.artist,
      currency_id: c.id,
      currency: c.name,
      decimals: c.decimals,
      price: b.price,
      total: b.total,
      sold: b.sold,
      remaining: b.total - b.sold,
      starts_at: b.starts_at,
      ends_at: b.ends_at,
      on_sale: b.on_sale,
      state: saleState(b.starts_at, b.ends_at, now),
      window: saleWindow(b.starts_at, b.ends_at, b.on_sale, now),
      odds: odds.map((o) => {
        const t = templates.get(o.template_id)!;
        return {
          rarity: o.rarity,
          weight: o.weight,
          probability: fixed(new Decimal(o.weight).div(NFT_ODDS_SCALE)),
          title: t.title,
          type: t.type,
          media: mediaUrl(t.media),
          poster: t.poster ? mediaUrl(t.poster) : null,
        };
      }),
      commitment: b.commitment,
      // The seed stays secret until the sale has ended and the engine revealed it.
      seed: b.revealed_at !== null ? b.seed : null,
      revealed_at: b.revealed_at,
      opened: b.opened,
      my_unopened: userId === null ? null : await this.deps.repo.unopenedCount(userId, b.id),
    };
  }

  async boxes(userId: number | null, page: { page: number; limit: number }): Promise<Page<NftBlindBox>> {
    const rows = await this.deps.repo.boxes(this.deps.clock.now(), page);
    return { ...rows, data: await Promise.all(rows.data.map((b) => this.toBox(b, userId))) };
  }

  async box(userId: number | null, id: number): Promise<NftBlindBox> {
    const b = await this.deps.repo.box(id);
    if (!b) throw new AppError('errors.nftBoxUnknown');
    return this.toBox(b, userId);
  }

  private async toBoxOrders(rows: BoxOrderRow[]): Promise<NftBoxOrder[]> {
    const boxes = new Map<number, BoxRow>();
    for (const id of new Set(rows.map((o) => o.box_id))) boxes.set(id, (await this.deps.repo.box(id))!);
    const artworks = await this.deps.repo.artworksByIds(rows.map((o) => o.artwork_id).filter((id): id is number => id !== null));
    return rows.map((o) => {
      const b = boxes.get(o.box_id)!;
      const w = o.artwork_id !== null ? artworks.get(o.artwork_id) : undefined;
      return {
        id: o.id,
        box_id: b.id,
        box: b.name,
        cover: mediaUrl(b.cover),
        currency: this.currency(b.currency_id).name,
        price: o.price,
        status: o.status,
        rarity: o.rarity,
        artwork_id: o.artwork_id,
        title: w?.title ?? null,
        type: w?.type ?? null,
        media: w ? mediaUrl(w.media) : null,
        poster: w?.poster ? mediaUrl(w.poster) : null,
        verifiable: b.revealed_at !== null,
        created_at: o.created_at,
        opened_at: o.opened_at,
      };
    });
  }

  async myBoxes(userId: number, page: { page: number; limit: number }): Promise<Page<NftBoxOrder>> {
    const rows = await this.deps.repo.boxOrdersOf(userId, page);
    return { ...rows, data: await this.toBoxOrders(rows.data) };
  }

  async openings(boxId: number, page: { page: number; limit: number }): Promise<Page<NftBoxOpening>> {
    if (!(await this.deps.repo.box(boxId))) throw new AppError('errors.nftBoxUnknown');
    const rows = await this.deps.repo.openings(boxId, page);
    const artworks = await this.deps.repo.artworksByIds(rows.data.map((o) => o.artwork_id!));
    const names = await this.deps.users.nicknames(rows.data.map((o) => o.user_id));
    return {
      ...rows,
      data: rows.data.map((o) => {
        const w = artworks.get(o.artwork_id!)!;
        return {
          id: o.id,
          order_id: o.id,
          box_id: o.box_id,
          user: maskName(names.get(o.user_id) || `user${o.user_id}`),
          rarity: o.rarity!,
          artwork_id: w.id,
          title: w.title,
          edition: w.edition ?? 0,
          opened_at: o.opened_at!,
        };
      }),
    };
  }

  /** Buys `quantity` unopened boxes: one order and one ledger operation each, under the box's lock (the stock holds). */
  async buyBoxes(userId: number, input: { box_id: number; quantity: number }, run: TxRunner = this.tx): Promise<NftBoxOrder[]> {
    const orders = await run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const box = await this.deps.repo.lockBox(q, input.box_id);
      if (!box) throw new AppError('errors.nftBoxUnknown');
      const now = this.deps.clock.now();
      if (saleWindow(box.starts_at, box.ends_at, box.on_sale, now) !== 1) throw new AppError('errors.nftNotOnSale');
      if (box.seller_id === userId) throw new AppError('errors.nftOwnItem');
      const remaining = box.total - box.sold;
      if (input.quantity > remaining) throw new AppError('errors.nftBoxSoldOut', { remaining });
      const price = new Decimal(box.price);
      await this.afford(q, userId, box.currency_id, price.mul(input.quantity));
      const { fee, proceeds } = saleSplit(price, box.fee_rate, this.currency(box.currency_id).decimals);
      const made: BoxOrderRow[] = [];
      for (let i = 0; i < input.quantity; i++) {
        const order = await this.deps.repo.insertBoxOrder(q, { box_id: box.id, user_id: userId, price: box.price, created_at: now });
        await this.deps.ledger.postOnce(q, {
          key: `nft:box:${order.id}:buy`,
          kind: 'nft_box',
          ref: { type: 'nft_box_order', id: order.id },
          legs: [
            { holder: { userId, account: COIN }, currencyId: box.currency_id, available: price.neg() },
            { holder: feesFor(userId), currencyId: box.currency_id, available: fee },
            { holder: payee(box.seller_id), currencyId: box.currency_id, available: proceeds },
          ],
        });
        made.push(order);
      }
      await this.deps.repo.addSold(q, box.id, input.quantity);
      return made;
    });
    return this.toBoxOrders(orders);
  }

  /** Opens one of the caller's boxes: the rarity derived from the box's seed, its id and the order id; mints the next edition. */
  async openBox(userId: number, orderId: number, run: TxRunner = this.tx): Promise<NftBoxOrder> {
    const opened = await run(async (q) => {
      const order = await this.deps.repo.lockBoxOrder(q, orderId);
      if (!order || order.user_id !== userId) throw new AppError('errors.nftOrderUnknown');
      if (order.status === 'opened') throw new AppError('errors.nftBoxOpened');
      // The box's lock numbers the editions one at a time.
      const box = (await this.deps.repo.lockBox(q, order.box_id))!;
      const odds = await this.deps.repo.odds(box.id, q);
      const { draw } = openingOutcome(box.seed, box.id, order.id, odds);
      const slot = rarityOfDraw(draw, odds);
      if (!slot) throw new Error(`nft: box ${box.id}'s odds do not cover draw ${draw}`);
      const template = (await this.deps.repo.artwork(slot.template_id, q))!;
      const edition = await this.deps.repo.nextEdition(q, box.id, slot.rarity);
      const now = this.deps.clock.now();
      const artworkId = await this.deps.repo.insertArtwork(q, {
        title: `${template.title} #${edition}`,
        description: template.description,
        type: template.type,
        media: template.media,
        poster: template.poster,
        rarity: slot.rarity,
        artist_id: template.artist_id,
        collection_id: template.collection_id,
        creator: template.creator,
        owner_id: userId,
        template: false,
        box_id: box.id,
        edition,
        currency_id: box.currency_id,
        created_at: now,
      });
      return this.deps.repo.openBoxOrder(q, order.id, { draw, rarity: slot.rarity, artwork_id: artworkId, opened_at: now });
    });
    return (await this.toBoxOrders([opened]))[0]!;
  }

  // ---- live auctions -------------------------------------------------------------------------

  private liveState(s: SaleRow, last: NftBid | null, ctx: ViewContext): NftAuctionLive {
    return {
      sale_id: s.id,
      status: s.status,
      bid: s.bid,
      bidder: this.name(ctx, s.bidder_id),
      bids: s.bids,
      min_bid: fixed(minimumBid(s.price, s.bid, s.increment!)),
      ends_at: s.ends_at!,
      extensions: s.extensions,
      last,
    };
  }

  private publish(state: NftAuctionLive): void {
    this.remember(state);
    this.deps.hub.publishAuction(state);
  }

  /** Keeps a live auction's state for snapshots (this node's change, or another node's relayed by the hub). */
  private remember(state: NftAuctionLive): void {
    if (state.status === 'listed' || state.status === 'awaiting_payment') this.live.set(state.sale_id, state);
    else this.live.delete(state.sale_id);
  }

  private forget(saleId: number): void {
    this.live.delete(saleId);
  }

  /** Loads the live auctions' states (at start, and each engine sweep: another node's bids). */
  async loadLive(): Promise<void> {
    const sales = await this.deps.repo.liveAuctions();
    const ctx = await this.context(
      null,
      sales.map((s) => s.bidder_id),
      [],
      [],
    );
    const open = new Set(sales.map((s) => s.id));
    for (const id of this.live.keys()) if (!open.has(id)) this.live.delete(id);
    for (const s of sales) this.live.set(s.id, { ...this.liveState(s, null, ctx), last: this.live.get(s.id)?.last ?? null });
  }

  // ---- the engine's effects ------------------------------------------------------------------

  /**
   * Closes a listed sale whose end has passed: an auction with bids gets its winner's payment
   * order, paid at once from the winning bid's frozen cover (a win whose bid was placed before
   * bids were covered waits for its payment, a day); one without bids is unsold; a fixed price is
   * taken off the market. Answers false when there is nothing to do (not ended yet, or closed before).
   */
  async closeSale(saleId: number): Promise<boolean> {
    return this.tx(async (q, afterCommit) => {
      const sale = await this.deps.repo.lockSale(q, saleId);
      const now = this.deps.clock.now();
      if (!sale || sale.status !== 'listed' || sale.ends_at === null || now < sale.ends_at) return false;
      const w = (await this.deps.repo.lockArtwork(q, sale.artwork_id))!;
      const c = this.currency(sale.currency_id);
      let closed: SaleRow;
      if (sale.mode === 'auction' && sale.bidder_id !== null) {
        const price = sale.bid!;
        const due = amountDue(price, sale.margin!);
        const order = await this.deps.repo.insertPayOrder(q, {
          sale_id: sale.id,
          user_id: sale.bidder_id,
          price,
          margin: sale.margin!,
          due: fixed(due),
          pay_by: sale.ends_at + NFT_PAY_WINDOW_MS,
          created_at: now,
        });
        const covers = await this.winningCovers(q, sale, sale.bidder_id);
        if (covers.length) {
          // The amount due is frozen already: paid now (the winner is told "bought", the seller "sold").
          await this.settle(q, sale, order, covers, now);
          closed = (await this.deps.repo.sale(sale.id, q))!;
        } else {
          closed = await this.deps.repo.setSaleStatus(q, sale.id, 'awaiting_payment', now);
          await this.deps.notifications.create(q, sale.bidder_id, 'nftWon', { title: w.title, price, due: fixed(due), currency: c.name });
        }
      } else {
        closed = await this.deps.repo.setSaleStatus(q, sale.id, 'unsold', now);
        await this.deps.repo.setArtworkSale(q, w.id, null);
        if (sale.mode === 'auction' && sale.seller_id !== null)
          await this.deps.notifications.create(q, sale.seller_id, 'nftUnsold', { title: w.title });
      }
      if (sale.mode === 'auction') {
        const ctx = await this.context(null, [closed.bidder_id], [], [], q);
        const state = this.liveState(closed, null, ctx);
        afterCommit(() => this.publish(state));
      }
      this.deadlinesChanged(afterCommit);
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
      const sale = await this.deps.repo.lockSale(q, saleId);
      const m = await this.deps.repo.lockMargin(q, saleId, userId);
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
      await this.releaseCovers(q, sale, await this.heldCovers(q, sale, userId));
      await this.deps.repo.settleMargin(q, saleId, userId, 'refunded', this.deps.clock.now());
      const w = (await this.deps.repo.artwork(sale.artwork_id, q))!;
      await this.deps.notifications.create(q, userId, 'nftLost', {
        title: w.title,
        margin: m.amount,
        currency: this.currency(sale.currency_id).name,
      });
      return true;
    });
  }

  /** Expires an unpaid payment order after its day: the margin is forfeited to the seller and the platform; the artwork goes back. */
  async expirePayOrder(orderId: number): Promise<boolean> {
    return this.tx(async (q, afterCommit) => {
      const order = await this.deps.repo.lockPayOrder(q, orderId);
      const now = this.deps.clock.now();
      if (!order || order.status !== 'pending' || now < order.pay_by) return false;
      const sale = (await this.deps.repo.lockSale(q, order.sale_id))!;
      const c = this.currency(sale.currency_id);
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
      await this.deps.repo.settleMargin(q, sale.id, order.user_id, 'forfeited', now);
      await this.deps.repo.setPayOrderStatus(q, order.id, 'expired', now);
      const closed = await this.deps.repo.setSaleStatus(q, sale.id, 'forfeited', now);
      const w = (await this.deps.repo.lockArtwork(q, sale.artwork_id))!;
      await this.deps.repo.setArtworkSale(q, w.id, null);
      await this.deps.notifications.create(q, order.user_id, 'nftForfeited', { title: w.title, margin: order.margin, currency: c.name });
      if (sale.seller_id !== null)
        await this.deps.notifications.create(q, sale.seller_id, 'nftDefaulted', {
          title: w.title,
          amount: fixed(seller),
          currency: c.name,
        });
      const ctx = await this.context(null, [closed.bidder_id], [], [], q);
      const state = this.liveState(closed, null, ctx);
      afterCommit(() => this.publish(state));
      return true;
    });
  }

  /** Reveals a box's seed once its sale has ended. */
  revealBox(boxId: number): Promise<boolean> {
    return this.deps.repo.reveal(boxId, this.deps.clock.now());
  }
}

/** The URL a stored media name is served at (server/nft/media.ts). */
export function mediaUrl(name: string): string {
  return `/nft-media/${encodeURIComponent(name)}`;
}
