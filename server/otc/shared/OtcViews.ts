/**
 * Adverts and orders as the user and the operator see them (with the USDT and fiat decimals, and
 * what the user may do with an order now), and the USDT currency OTC trades.
 */
import { FIAT_DECIMALS } from '../../../domain/fiat';
import type { Currency } from '../../../domain/market/types';
import type { OtcAdvert, OtcOrder, OtcPaymentMethod } from '../../../domain/otc/types';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { MarketSource } from '../../market/MarketSource';
import type { AdvertRow, OrderRow, OtcRepository } from '../OtcRepository';

export class OtcViews {
  constructor(private readonly deps: { db: Db; clock: Clock; market: MarketSource; repo: OtcRepository }) {}

  usdt(): Currency {
    const usdt = this.deps.market.currencies.find((c) => c.name === 'USDT');
    if (!usdt) throw new Error('otc: USDT is not a currency');
    return usdt;
  }

  toAdvert(a: AdvertRow): OtcAdvert {
    return {
      id: a.id,
      merchant: a.merchant,
      side: a.side,
      fiat: a.fiat,
      fiat_decimals: FIAT_DECIMALS[a.fiat],
      price: a.price,
      min_fiat: a.min_fiat,
      max_fiat: a.max_fiat,
      available: a.capacity,
      usdt_decimals: this.usdt().decimals,
      payment_methods: a.payment_methods.split(',') as OtcPaymentMethod[],
      enabled: a.enabled,
      completed_orders: a.completed_orders,
    };
  }

  toOrder(o: OrderRow, a: AdvertRow | undefined, now = this.deps.clock.now()): OtcOrder {
    const open = o.state === 'pending_payment' || o.state === 'paid' || o.state === 'pending_release';
    return {
      id: o.id,
      advert_id: o.advert_id,
      merchant: o.merchant,
      side: o.side,
      fiat: o.fiat,
      fiat_decimals: FIAT_DECIMALS[o.fiat],
      price: o.price,
      fiat_amount: o.fiat_amount,
      usdt_amount: o.usdt_amount,
      usdt_decimals: this.usdt().decimals,
      state: o.state,
      payment_methods: (a?.payment_methods.split(',') ?? []) as OtcPaymentMethod[],
      payment_details: a?.payment_details ?? '',
      created_at: o.created_at,
      pay_deadline: o.pay_deadline,
      paid_at: o.paid_at,
      completed_at: o.completed_at,
      cancelled_at: o.cancelled_at,
      cancelled_by: o.cancelled_by,
      appeal_reason: o.appeal_reason,
      appealed_at: o.appealed_at,
      can_mark_paid: o.state === 'pending_payment' && o.pay_deadline !== null && now < o.pay_deadline,
      can_cancel: o.state === 'pending_payment',
      can_appeal: open && o.appealed_at === null && (o.state === 'paid' || o.state === 'pending_release'),
    };
  }

  async advertMap(q: Queryable = this.deps.db): Promise<Map<number, AdvertRow>> {
    return new Map((await this.deps.repo.adverts({}, q)).map((a) => [a.id, a]));
  }
}
