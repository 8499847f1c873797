/**
 * The NFT operator's calls (`npm run ops -- nft-*`, domain/nft/ops.ts): create
 * artists, collections, artworks with their media, sales (fixed price or auction) and blind
 * boxes, and list the orders. Every field is checked here with a plain reason (the spec's "price
 * and increment must be correct, the end time must be later than the start").
 */
import { randomBytes } from 'node:crypto';
import { Decimal } from '../../domain/decimal';
import type { Currency } from '../../domain/market/types';
import { commitmentOf, oddsValid } from '../../domain/nft/blindBox';
import type { OpsNftOrder } from '../../domain/nft/ops';
import {
  NFT_RARITIES,
  type NftArtist,
  type NftArtwork,
  type NftBlindBox,
  type NftCollection,
  type NftRarity,
  type NftType,
} from '../../domain/nft/types';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { AppError } from '../http/AppError';
import { txRunner, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import type { BoxRow } from './boxes/BoxRepository';
import type { NftMedia } from './NftMedia';
import type { NftRepository } from './NftRepository';
import type { NftService } from './NftService';
import type { NftTerms } from './shared/money';

const invalid = (reason: string) => new AppError('errors.nftOperatorInvalid', { reason });

export class NftOperator {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      market: MarketSource;
      users: UserRepository;
      repo: NftRepository;
      media: NftMedia;
      service: NftService;
      terms: NftTerms;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  private currency(name: string): Currency {
    const c = this.deps.market.currencies.find((x) => x.name === name.toUpperCase() || String(x.id) === name);
    if (!c || !this.deps.terms.currencies.includes(c.name))
      throw invalid(`currency ${name}: one of ${this.deps.terms.currencies.join(', ')}`);
    return c;
  }

  private amount(field: string, value: string, c: Currency): Decimal {
    let d: Decimal;
    try {
      d = new Decimal(value);
    } catch {
      throw invalid(`${field}: not a number`);
    }
    if (!d.isFinite() || d.lte(0) || d.decimalPlaces() > c.decimals)
      throw invalid(`${field}: positive, at most ${c.decimals} decimals of ${c.name}`);
    return d;
  }

  async createArtist(input: { name: string; bio: string; media: string; media_base64?: string; user?: string }): Promise<NftArtist> {
    const avatar = await this.deps.media.resolve('avatar', input.media, input.media_base64, 'still');
    let userId: number | null = null;
    if (input.user) {
      const u = /^\d+$/.test(input.user)
        ? await this.deps.users.byId(Number(input.user))
        : await this.deps.users.byEmail(input.user.toLowerCase());
      if (!u) throw invalid(`user ${input.user}: unknown`);
      userId = u.id;
    }
    const id = await this.deps.repo.artists.insertArtist(this.deps.db, {
      name: input.name.trim(),
      bio: input.bio.trim(),
      avatar,
      user_id: userId,
      created_at: this.deps.clock.now(),
    });
    if (id === null) throw invalid(`an artist named ${input.name} exists`);
    return this.deps.service.catalogue.artist(id);
  }

  async createCollection(input: {
    name: string;
    description: string;
    artist_id?: number;
    media: string;
    media_base64?: string;
  }): Promise<NftCollection> {
    if (input.artist_id !== undefined && !(await this.deps.repo.artists.artist(input.artist_id)))
      throw invalid(`artist ${input.artist_id}: unknown`);
    const cover = await this.deps.media.resolve('cover', input.media, input.media_base64, 'still');
    const id = await this.deps.repo.artists.insertCollection(this.deps.db, {
      name: input.name.trim(),
      description: input.description.trim(),
      cover,
      artist_id: input.artist_id ?? null,
      created_at: this.deps.clock.now(),
    });
    if (id === null) throw invalid(`a collection named ${input.name} exists`);
    return this.deps.service.catalogue.collection(id);
  }

  async createArtwork(input: {
    title: string;
    description: string;
    type: NftType;
    rarity: NftRarity;
    artist_id: number;
    collection_id?: number;
    creator?: string;
    media: string;
    media_base64?: string;
    poster?: string;
    poster_base64?: string;
  }): Promise<NftArtwork> {
    const artist = await this.deps.repo.artists.artist(input.artist_id);
    if (!artist) throw invalid(`artist ${input.artist_id}: unknown`);
    if (input.collection_id !== undefined && !(await this.deps.repo.artists.collection(input.collection_id)))
      throw invalid(`collection ${input.collection_id}: unknown`);
    const media = await this.deps.media.resolve('media', input.media, input.media_base64, input.type);
    const needsPoster = input.type === 'audio' || input.type === 'video';
    if (needsPoster && !input.poster) throw invalid('poster: an audio or video artwork needs a cover picture');
    const poster = input.poster ? await this.deps.media.resolve('poster', input.poster, input.poster_base64, 'still') : null;
    const id = await this.deps.repo.artworks.insertArtwork(this.deps.db, {
      title: input.title.trim(),
      description: input.description.trim(),
      type: input.type,
      media,
      poster,
      rarity: input.rarity,
      artist_id: artist.id,
      collection_id: input.collection_id ?? null,
      creator: input.creator?.trim() || artist.name,
      owner_id: null,
      template: false,
      box_id: null,
      edition: null,
      currency_id: null,
      created_at: this.deps.clock.now(),
    });
    return this.deps.service.catalogue.detail(null, id);
  }

  /** Puts an artwork the artist still holds on sale. */
  async createSale(input: {
    artwork_id: number;
    mode: 'normal' | 'auction';
    currency: string;
    price: string;
    starts_at: number;
    ends_at: number;
    margin?: string;
    increment?: string;
    on_sale: '0' | '1';
  }): Promise<NftArtwork> {
    const c = this.currency(input.currency);
    const price = this.amount('price', input.price, c);
    if (!(input.ends_at > input.starts_at)) throw invalid('the end time must be later than the start');
    let margin: Decimal | null = null;
    let increment: Decimal | null = null;
    if (input.mode === 'auction') {
      if (!input.margin || !input.increment) throw invalid('an auction needs a margin and an increment');
      margin = this.amount('margin', input.margin, c);
      increment = this.amount('increment', input.increment, c);
      if (margin.gt(price)) throw invalid('margin: at most the starting price');
    } else if (input.margin || input.increment) throw invalid('a fixed price has no margin or increment');

    const id = await this.tx(async (q, afterCommit) => {
      const w = await this.deps.repo.artworks.lockArtwork(q, input.artwork_id);
      if (!w || w.template) throw invalid(`artwork ${input.artwork_id}: unknown or a blind box's pool piece`);
      if (w.owner_id !== null) throw invalid(`artwork ${w.id} belongs to a user; only its owner can sell it`);
      if (w.sale_id !== null) throw new AppError('errors.nftListed');
      const now = this.deps.clock.now();
      const sale = await this.deps.repo.sales.insertSale(q, {
        artwork_id: w.id,
        mode: input.mode,
        resale: false,
        seller_id: w.artist_user_id,
        currency_id: c.id,
        price: price.toFixed(),
        fee_rate: this.deps.terms.feeRate,
        forfeit_seller_share: this.deps.terms.forfeitSellerShare,
        margin: margin?.toFixed() ?? null,
        increment: increment?.toFixed() ?? null,
        starts_at: input.starts_at,
        ends_at: input.ends_at,
        on_sale: input.on_sale === '1',
        created_at: now,
        updated_at: now,
      });
      await this.deps.repo.artworks.setArtworkSale(q, w.id, sale.id, c.id);
      afterCommit(() => void this.deps.service.live.load());
      return w.id;
    });
    this.created();
    return this.deps.service.catalogue.detail(null, id);
  }

  /** A blind box: `odds` "N:6000:<artwork>,R:3000:<artwork>,…" in order, weights out of 10000; a fresh secret seed and its commitment. */
  async createBox(input: {
    name: string;
    description: string;
    artist_id?: number;
    currency: string;
    price: string;
    total: number;
    starts_at: number;
    ends_at: number;
    odds: string;
    media: string;
    media_base64?: string;
  }): Promise<NftBlindBox> {
    const c = this.currency(input.currency);
    const price = this.amount('price', input.price, c);
    if (!(input.ends_at > input.starts_at)) throw invalid('the end time must be later than the start');
    if (!Number.isInteger(input.total) || input.total < 1 || input.total > 1_000_000) throw invalid('total: 1 to 1000000 boxes');
    const artist = input.artist_id !== undefined ? await this.deps.repo.artists.artist(input.artist_id) : null;
    if (input.artist_id !== undefined && !artist) throw invalid(`artist ${input.artist_id}: unknown`);
    const odds = input.odds.split(',').map((part, position) => {
      const [rarity, weight, template] = part.trim().split(':');
      if (!NFT_RARITIES.includes(rarity as NftRarity) || !/^\d{1,5}$/.test(weight ?? '') || !/^\d{1,9}$/.test(template ?? ''))
        throw invalid(`odds: "${part}" is not rarity:weight:artwork`);
      return { position, rarity: rarity as NftRarity, weight: Number(weight), template_id: Number(template) };
    });
    if (!oddsValid(odds)) throw invalid('odds: each rarity once, whole weights summing to 10000');
    const cover = await this.deps.media.resolve('cover', input.media, input.media_base64, 'still');
    const seed = randomBytes(32).toString('hex');
    const id = await this.tx(async (q) => {
      for (const o of odds) {
        const w = await this.deps.repo.artworks.lockArtwork(q, o.template_id);
        if (!w) throw invalid(`odds: artwork ${o.template_id} unknown`);
        if (!w.template && (w.owner_id !== null || w.sale_id !== null)) throw invalid(`odds: artwork ${w.id} is owned or on sale`);
        if (w.rarity !== o.rarity) throw invalid(`odds: artwork ${w.id} is ${w.rarity}, not ${o.rarity}`);
        await this.deps.repo.artworks.markTemplate(q, w.id);
      }
      return this.deps.repo.boxes.insertBox(
        q,
        {
          name: input.name.trim(),
          description: input.description.trim(),
          cover,
          artist_id: artist?.id ?? null,
          seller_id: artist?.user_id ?? null,
          currency_id: c.id,
          price: price.toFixed(),
          fee_rate: this.deps.terms.feeRate,
          total: input.total,
          starts_at: input.starts_at,
          ends_at: input.ends_at,
          on_sale: true,
          seed,
          commitment: commitmentOf(seed),
          created_at: this.deps.clock.now(),
        },
        odds,
      );
    });
    this.created();
    return this.deps.service.boxes.box(null, id);
  }

  async orders(kind: 'sale' | 'pay' | 'box' | 'all'): Promise<OpsNftOrder[]> {
    const rows: OpsNftOrder[] = [];
    const names = async (ids: (number | null)[]) => this.deps.users.nicknames(ids.filter((id): id is number => id !== null));
    if (kind === 'sale' || kind === 'all') {
      const sales = await this.deps.repo.sales.recentSales(100);
      const artworks = await this.deps.repo.artworks.artworksByIds(sales.map((s) => s.artwork_id));
      const who = await names(sales.map((s) => s.buyer_id ?? s.bidder_id));
      for (const s of sales)
        rows.push({
          kind: 'sale',
          id: s.id,
          artwork: `${artworks.get(s.artwork_id)?.code} ${artworks.get(s.artwork_id)?.title} (${s.mode}${s.resale ? ', resale' : ''})`,
          user: (s.buyer_id ?? s.bidder_id) !== null ? (who.get((s.buyer_id ?? s.bidder_id)!) ?? null) : null,
          price: s.bid ?? s.price,
          currency: this.deps.service.views.currency(s.currency_id).name,
          status: s.status,
          at: s.updated_at,
        });
    }
    if (kind === 'pay' || kind === 'all') {
      const orders = await this.deps.repo.payments.recentPayOrders(100);
      const sales = await this.deps.repo.sales.salesByIds(orders.map((o) => o.sale_id));
      const artworks = await this.deps.repo.artworks.artworksByIds([...sales.values()].map((s) => s.artwork_id));
      const who = await names(orders.map((o) => o.user_id));
      for (const o of orders) {
        const s = sales.get(o.sale_id)!;
        rows.push({
          kind: 'pay',
          id: o.id,
          artwork: `${artworks.get(s.artwork_id)?.code} ${artworks.get(s.artwork_id)?.title}`,
          user: who.get(o.user_id) ?? null,
          price: o.price,
          currency: this.deps.service.views.currency(s.currency_id).name,
          status: o.status,
          at: o.paid_at ?? o.expired_at ?? o.created_at,
        });
      }
    }
    if (kind === 'box' || kind === 'all') {
      const orders = await this.deps.repo.boxes.recentBoxOrders(100);
      const who = await names(orders.map((o) => o.user_id));
      const boxes = new Map<number, BoxRow | null>();
      for (const id of new Set(orders.map((o) => o.box_id))) boxes.set(id, await this.deps.repo.boxes.box(id));
      for (const o of orders) {
        const box = boxes.get(o.box_id)!;
        rows.push({
          kind: 'box',
          id: o.id,
          artwork: `${box.name}${o.rarity ? ` → ${o.rarity}` : ''}`,
          user: who.get(o.user_id) ?? null,
          price: o.price,
          currency: this.deps.service.views.currency(box.currency_id).name,
          status: o.status,
          at: o.opened_at ?? o.created_at,
        });
      }
    }
    return rows.sort((a, b) => b.at - a.at);
  }

  private readonly listeners = new Set<() => void>();

  /** Told after a sale or box was created on this node (the engine arms its end). */
  onCreate(listener: () => void): void {
    this.listeners.add(listener);
  }

  private created(): void {
    for (const listener of this.listeners) listener();
  }
}
