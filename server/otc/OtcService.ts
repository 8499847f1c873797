/**
 * OTC (docs/OTC.md): what `fastify.otc.service` is, composed from its parts: adverts
 * (ads/AdvertService), the user's orders (orders/OrderService), the operator's and the engine's
 * changes to orders (orders/OrderOperations) over the money and checks an order's life shares
 * (orders/OrderSteps), and the views of both (shared/OtcViews). The handlers, the operator, the
 * engine and the seed call it as before.
 */
import type { Page } from '../../domain/api/envelope';
import type { OpsOtcOrder, OtcAdvert, OtcAdvertInput, OtcFiat, OtcLimits, OtcOrder, OtcSide, OtcStateFilter } from '../../domain/otc/types';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { Ledger } from '../ledger/Ledger';
import type { TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { Notifications } from '../notifications/Notifications';
import type { UserRepository } from '../users/UserRepository';
import { AdvertService } from './ads/AdvertService';
import { OrderOperations } from './orders/OrderOperations';
import { OrderService } from './orders/OrderService';
import { OrderSteps } from './orders/OrderSteps';
import type { AdvertRow, OrderRow, OtcRepository } from './OtcRepository';
import { OtcViews } from './shared/OtcViews';

export class OtcService {
  private readonly views: OtcViews;
  private readonly ads: AdvertService;
  private readonly orderService: OrderService;
  private readonly operations: OrderOperations;

  constructor(deps: {
    db: Db;
    clock: Clock;
    ledger: Ledger;
    market: MarketSource;
    users: UserRepository;
    notifications: Notifications;
    repo: OtcRepository;
    log: { warn(obj: unknown, msg: string): void };
  }) {
    const { db, clock, ledger, market, users, notifications, repo, log } = deps;
    const views = new OtcViews({ db, clock, market, repo });
    const steps = new OrderSteps({ clock, ledger, repo, views });
    this.views = views;
    this.ads = new AdvertService({ db, clock, repo, views });
    this.orderService = new OrderService({ db, clock, users, repo, log, views, steps });
    this.operations = new OrderOperations({ db, clock, users, notifications, repo, views, steps });
  }

  /** Told after a buy order was created on this node (the engine arms its deadline). */
  onOrderCreated(listener: () => void): void {
    this.orderService.onOrderCreated(listener);
  }

  // ---- reading -----------------------------------------------------------------------------

  toAdvert(a: AdvertRow): OtcAdvert {
    return this.views.toAdvert(a);
  }

  toOrder(o: OrderRow, a: AdvertRow | undefined, now?: number): OtcOrder {
    return this.views.toOrder(o, a, now);
  }

  /** Enabled adverts of a side (optionally one fiat), best price first. */
  adverts(side: OtcSide, fiat?: OtcFiat): Promise<OtcAdvert[]> {
    return this.ads.adverts(side, fiat);
  }

  advert(id: number): Promise<OtcAdvert> {
    return this.ads.advert(id);
  }

  /** The caller's level and per-trade limit: the one figure every OTC screen states and `create` enforces. */
  limits(userId: number): Promise<OtcLimits> {
    return this.orderService.limits(userId);
  }

  orders(userId: number, state: OtcStateFilter, page: { page: number; limit: number }): Promise<Page<OtcOrder>> {
    return this.orderService.orders(userId, state, page);
  }

  /** One of the caller's orders; someone else's is "no such order" (never leaked). */
  order(userId: number, id: number): Promise<OtcOrder> {
    return this.orderService.order(userId, id);
  }

  // ---- the user's calls (a runner left out starts a transaction of the part's own) -------------

  createOrder(userId: number, input: { advert_id: number; fiat_amount?: string; usdt_amount?: string }, run?: TxRunner): Promise<OtcOrder> {
    return this.orderService.createOrder(userId, input, run);
  }

  markPaid(userId: number, id: number, run?: TxRunner): Promise<OtcOrder> {
    return this.orderService.markPaid(userId, id, run);
  }

  cancel(userId: number, id: number, run?: TxRunner): Promise<OtcOrder> {
    return this.orderService.cancel(userId, id, run);
  }

  appeal(userId: number, id: number, reason: string, run?: TxRunner): Promise<OtcOrder> {
    return this.orderService.appeal(userId, id, reason, run);
  }

  // ---- the operator's calls ------------------------------------------------------------------

  opsAdverts(): Promise<OtcAdvert[]> {
    return this.ads.opsAdverts();
  }

  opsOrders(state: OtcStateFilter | 'appealed'): Promise<OpsOtcOrder[]> {
    return this.operations.opsOrders(state);
  }

  /** Creates an advert; refuses a bad field with a plain reason (operator CLI). */
  createAdvert(input: OtcAdvertInput): Promise<OtcAdvert> {
    return this.ads.createAdvert(input);
  }

  /** Takes an advert off the market or puts it back; orders already open on it run to their end. */
  setAdvertEnabled(id: number, enabled: string): Promise<OtcAdvert> {
    return this.ads.setAdvertEnabled(id, enabled);
  }

  release(id: number): Promise<OpsOtcOrder> {
    return this.operations.release(id);
  }

  confirmPaid(id: number): Promise<OpsOtcOrder> {
    return this.operations.confirmPaid(id);
  }

  operatorCancel(id: number): Promise<OpsOtcOrder> {
    return this.operations.operatorCancel(id);
  }

  // ---- the engine's effect -------------------------------------------------------------------

  /** Expires an unpaid buy order at its deadline; false when it is not (any more) due. */
  expire(id: number): Promise<boolean> {
    return this.operations.expire(id);
  }
}
