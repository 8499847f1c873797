/**
 * Blind boxes (docs/NFT.md "Blind boxes"): the boxes with their published odds, buying unopened
 * boxes (`nft:box:<order>:buy`, paid like a purchase: the price from the buyer's coin account,
 * the fee to the platform, the rest to the seller or the treasury), opening one (no money moves:
 * the rarity is derived from the box's seed, its id and the order id, domain/nft/blindBox.ts, and
 * the next edition of that rarity's pool piece is minted to the buyer), the openings log, and
 * revealing the seed once the sale has ended.
 */
import type { Page } from '../../../domain/api/envelope';
import { Decimal } from '../../../domain/decimal';
import { openingOutcome, rarityOfDraw } from '../../../domain/nft/blindBox';
import { maskName, saleSplit, saleState, saleWindow } from '../../../domain/nft/formulas';
import { NFT_ODDS_SCALE, type NftBlindBox, type NftBoxOpening, type NftBoxOrder } from '../../../domain/nft/types';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { AppError } from '../../http/AppError';
import type { Balances } from '../../ledger/Balances';
import { feesFor, type Ledger } from '../../ledger/Ledger';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { UserRepository } from '../../users/UserRepository';
import type { ArtworkRepository } from '../catalogue/ArtworkRepository';
import { afford, COIN, fixed, payee } from '../shared/money';
import { mediaUrl, type NftViews } from '../shared/views';
import type { BoxOrderRow, BoxRepository, BoxRow } from './BoxRepository';

export class BoxService {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      users: UserRepository;
      artworks: ArtworkRepository;
      boxes: BoxRepository;
      views: NftViews;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  private async toBox(b: BoxRow, userId: number | null): Promise<NftBlindBox> {
    const odds = await this.deps.boxes.odds(b.id);
    const templates = await this.deps.artworks.artworksByIds(odds.map((o) => o.template_id));
    const c = this.deps.views.currency(b.currency_id);
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
      my_unopened: userId === null ? null : await this.deps.boxes.unopenedCount(userId, b.id),
    };
  }

  async boxes(userId: number | null, page: { page: number; limit: number }): Promise<Page<NftBlindBox>> {
    const rows = await this.deps.boxes.boxes(this.deps.clock.now(), page);
    return { ...rows, data: await Promise.all(rows.data.map((b) => this.toBox(b, userId))) };
  }

  async box(userId: number | null, id: number): Promise<NftBlindBox> {
    const b = await this.deps.boxes.box(id);
    if (!b) throw new AppError('errors.nftBoxUnknown');
    return this.toBox(b, userId);
  }

  private async toBoxOrders(rows: BoxOrderRow[]): Promise<NftBoxOrder[]> {
    const boxes = new Map<number, BoxRow>();
    for (const id of new Set(rows.map((o) => o.box_id))) boxes.set(id, (await this.deps.boxes.box(id))!);
    const artworks = await this.deps.artworks.artworksByIds(rows.map((o) => o.artwork_id).filter((id): id is number => id !== null));
    return rows.map((o) => {
      const b = boxes.get(o.box_id)!;
      const w = o.artwork_id !== null ? artworks.get(o.artwork_id) : undefined;
      return {
        id: o.id,
        box_id: b.id,
        box: b.name,
        cover: mediaUrl(b.cover),
        currency: this.deps.views.currency(b.currency_id).name,
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
    const rows = await this.deps.boxes.boxOrdersOf(userId, page);
    return { ...rows, data: await this.toBoxOrders(rows.data) };
  }

  async openings(boxId: number, page: { page: number; limit: number }): Promise<Page<NftBoxOpening>> {
    if (!(await this.deps.boxes.box(boxId))) throw new AppError('errors.nftBoxUnknown');
    const rows = await this.deps.boxes.openings(boxId, page);
    const artworks = await this.deps.artworks.artworksByIds(rows.data.map((o) => o.artwork_id!));
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
      const box = await this.deps.boxes.lockBox(q, input.box_id);
      if (!box) throw new AppError('errors.nftBoxUnknown');
      const now = this.deps.clock.now();
      if (saleWindow(box.starts_at, box.ends_at, box.on_sale, now) !== 1) throw new AppError('errors.nftNotOnSale');
      if (box.seller_id === userId) throw new AppError('errors.nftOwnItem');
      const remaining = box.total - box.sold;
      if (input.quantity > remaining) throw new AppError('errors.nftBoxSoldOut', { remaining });
      const price = new Decimal(box.price);
      await afford(this.deps.balances, q, userId, box.currency_id, price.mul(input.quantity));
      const { fee, proceeds } = saleSplit(price, box.fee_rate, this.deps.views.currency(box.currency_id).decimals);
      const made: BoxOrderRow[] = [];
      for (let i = 0; i < input.quantity; i++) {
        const order = await this.deps.boxes.insertBoxOrder(q, { box_id: box.id, user_id: userId, price: box.price, created_at: now });
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
      await this.deps.boxes.addSold(q, box.id, input.quantity);
      return made;
    });
    return this.toBoxOrders(orders);
  }

  /** Opens one of the caller's boxes: the rarity derived from the box's seed, its id and the order id; mints the next edition. */
  async openBox(userId: number, orderId: number, run: TxRunner = this.tx): Promise<NftBoxOrder> {
    const opened = await run(async (q) => {
      const order = await this.deps.boxes.lockBoxOrder(q, orderId);
      if (!order || order.user_id !== userId) throw new AppError('errors.nftOrderUnknown');
      if (order.status === 'opened') throw new AppError('errors.nftBoxOpened');
      // The box's lock numbers the editions one at a time.
      const box = (await this.deps.boxes.lockBox(q, order.box_id))!;
      const odds = await this.deps.boxes.odds(box.id, q);
      const { draw } = openingOutcome(box.seed, box.id, order.id, odds);
      const slot = rarityOfDraw(draw, odds);
      if (!slot) throw new Error(`nft: box ${box.id}'s odds do not cover draw ${draw}`);
      const template = (await this.deps.artworks.artwork(slot.template_id, q))!;
      const edition = await this.deps.artworks.nextEdition(q, box.id, slot.rarity);
      const now = this.deps.clock.now();
      const artworkId = await this.deps.artworks.insertArtwork(q, {
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
      return this.deps.boxes.openBoxOrder(q, order.id, { draw, rarity: slot.rarity, artwork_id: artworkId, opened_at: now });
    });
    return (await this.toBoxOrders([opened]))[0]!;
  }

  /** Reveals a box's seed once its sale has ended. */
  revealBox(boxId: number): Promise<boolean> {
    return this.deps.boxes.reveal(boxId, this.deps.clock.now());
  }
}
