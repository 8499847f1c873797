/**
 * The NFT area's repositories, one per sub-domain and each the one owner of its tables
 * (migration 015): artists and collections, artworks and likes (catalogue/), sales and bids,
 * margins and payment orders (sales/), blind boxes, their odds and orders (boxes/). This is what
 * `fastify.nft.repo` is: the five repositories, the few reads tests reach without knowing the
 * split, and the engine's next deadline over all three sub-domains.
 */
import type { Queryable } from '../db/db';
import { BoxRepository } from './boxes/BoxRepository';
import { ArtistRepository } from './catalogue/ArtistRepository';
import { ArtworkRepository } from './catalogue/ArtworkRepository';
import { PaymentRepository } from './sales/PaymentRepository';
import { SaleRepository } from './sales/SaleRepository';

export class NftRepository {
  readonly artists: ArtistRepository;
  readonly artworks: ArtworkRepository;
  readonly sales: SaleRepository;
  readonly payments: PaymentRepository;
  readonly boxes: BoxRepository;

  readonly artwork: ArtworkRepository['artwork'];
  readonly sale: SaleRepository['sale'];
  readonly allBids: SaleRepository['allBids'];
  readonly insertBid: SaleRepository['insertBid'];
  readonly updateBid: SaleRepository['updateBid'];
  readonly payOrderForSale: PaymentRepository['payOrderForSale'];

  constructor(db: Queryable) {
    this.artists = new ArtistRepository(db);
    this.artworks = new ArtworkRepository(db);
    this.sales = new SaleRepository(db);
    this.payments = new PaymentRepository(db);
    this.boxes = new BoxRepository(db);
    this.artwork = this.artworks.artwork.bind(this.artworks);
    this.sale = this.sales.sale.bind(this.sales);
    this.allBids = this.sales.allBids.bind(this.sales);
    this.insertBid = this.sales.insertBid.bind(this.sales);
    this.updateBid = this.sales.updateBid.bind(this.sales);
    this.payOrderForSale = this.payments.payOrderForSale.bind(this.payments);
  }

  /** The earliest future moment something is due: a sale's end, a payment deadline or a box's end. */
  async nextDue(now: number): Promise<number | null> {
    const due = [await this.sales.nextEnd(now), await this.payments.nextPayBy(now), await this.boxes.nextReveal(now)];
    const times = due.filter((t): t is number => t !== null);
    return times.length ? Math.min(...times) : null;
  }
}
