/**
 * The NFT market (docs/NFT.md): what users read and do, and the engine's effects, composed from
 * its sub-domains: the catalogue (catalogue/), fixed-price sales, auctions and their settlement
 * with the live auction state (sales/), and blind boxes (boxes/), over the views they share
 * (shared/). This is what `fastify.nft.service` is; the handlers, the operator and the engine
 * call the part they need.
 */
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { Balances } from '../ledger/Balances';
import type { Ledger } from '../ledger/Ledger';
import type { MarketSource } from '../market/MarketSource';
import type { Notifications } from '../notifications/Notifications';
import type { RealtimeHub } from '../realtime/RealtimeHub';
import type { UserRepository } from '../users/UserRepository';
import { BoxService } from './boxes/BoxService';
import { CatalogueService } from './catalogue/CatalogueService';
import type { NftRepository } from './NftRepository';
import { LiveAuctions } from './sales/LiveAuctions';
import { SaleClosing } from './sales/SaleClosing';
import { SaleReads } from './sales/SaleReads';
import { SaleService } from './sales/SaleService';
import { SaleSteps } from './sales/SaleSteps';
import type { NftTerms } from './shared/money';
import { NftViews } from './shared/views';

export class NftService {
  readonly views: NftViews;
  readonly catalogue: CatalogueService;
  readonly live: LiveAuctions;
  readonly steps: SaleSteps;
  readonly reads: SaleReads;
  readonly sales: SaleService;
  readonly closing: SaleClosing;
  readonly boxes: BoxService;

  /** The engine's effects, also callable directly (a test replaying a step, a second node). */
  readonly closeSale: SaleClosing['closeSale'];
  readonly refundMargin: SaleClosing['refundMargin'];
  readonly expirePayOrder: SaleClosing['expirePayOrder'];

  constructor(deps: {
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
  }) {
    const { db, clock, ledger, balances, market, users, notifications, hub, terms } = deps;
    const { artists, artworks, sales, payments, boxes } = deps.repo;
    const views = new NftViews({ db, clock, market, users, artworks, sales, payments });
    const live = new LiveAuctions({ hub, sales, views });
    const steps = new SaleSteps({ ledger, balances, notifications, artworks, sales, payments, views, live });
    const reads = new SaleReads({ db, artworks, sales, payments, views, steps });
    this.views = views;
    this.live = live;
    this.steps = steps;
    this.reads = reads;
    this.catalogue = new CatalogueService({ db, clock, market, notifications, artists, artworks, sales, views, terms });
    this.sales = new SaleService({
      db,
      clock,
      ledger,
      balances,
      users,
      notifications,
      artworks,
      sales,
      payments,
      views,
      live,
      steps,
      reads,
      terms,
    });
    this.closing = new SaleClosing({ db, clock, ledger, notifications, artworks, sales, payments, views, live, steps });
    this.boxes = new BoxService({ db, clock, ledger, balances, users, artworks, boxes, views });
    this.closeSale = this.closing.closeSale.bind(this.closing);
    this.refundMargin = this.closing.refundMargin.bind(this.closing);
    this.expirePayOrder = this.closing.expirePayOrder.bind(this.closing);
  }
}
