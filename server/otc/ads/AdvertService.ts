/**
 * Adverts: the enabled ones users choose from, and the operator's list, new adverts (each field
 * checked with a plain reason) and taking an advert off the market or back.
 */
import { Decimal } from '../../../domain/decimal';
import { FIAT_DECIMALS } from '../../../domain/fiat';
import {
  OTC_FIATS,
  OTC_PAYMENT_METHODS,
  OTC_SIDES,
  type OtcAdvert,
  type OtcAdvertInput,
  type OtcFiat,
  type OtcSide,
} from '../../../domain/otc/types';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { AppError } from '../../http/AppError';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { NewAdvert, OtcRepository } from '../OtcRepository';
import { fixed } from '../shared/money';
import type { OtcViews } from '../shared/OtcViews';

/** An operator's on/off flag for an advert: 1, true or yes; 0, false or no. */
function enabledFlag(text: string): boolean {
  const value = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new AppError('errors.otcAdvertInvalid', { reason: 'enabled: 1 or 0' });
}

export class AdvertService {
  private readonly tx: TxRunner;

  constructor(private readonly deps: { db: Db; clock: Clock; repo: OtcRepository; views: OtcViews }) {
    this.tx = txRunner(deps.db);
  }

  /** Enabled adverts of a side (optionally one fiat), best price first. */
  async adverts(side: OtcSide, fiat?: OtcFiat): Promise<OtcAdvert[]> {
    return (await this.deps.repo.adverts({ side, fiat, enabledOnly: true })).map((a) => this.deps.views.toAdvert(a));
  }

  async advert(id: number): Promise<OtcAdvert> {
    const a = await this.deps.repo.advert(id);
    if (!a || !a.enabled) throw new AppError('errors.otcAdvertUnknown');
    return this.deps.views.toAdvert(a);
  }

  async opsAdverts(): Promise<OtcAdvert[]> {
    return (await this.deps.repo.adverts()).map((a) => this.deps.views.toAdvert(a));
  }

  /** Creates an advert; refuses a bad field with a plain reason (operator CLI). */
  async createAdvert(input: OtcAdvertInput): Promise<OtcAdvert> {
    const bad = (reason: string) => new AppError('errors.otcAdvertInvalid', { reason });
    const side = input.side.trim().toLowerCase();
    if (!(OTC_SIDES as readonly string[]).includes(side)) throw bad('side: buy or sell (the user’s side)');
    const fiat = input.fiat.trim().toUpperCase();
    if (!(OTC_FIATS as readonly string[]).includes(fiat)) throw bad(`fiat: one of ${OTC_FIATS.join(', ')}`);
    const fiatDecimals = FIAT_DECIMALS[fiat as OtcFiat];
    const positive = (name: string, v: string, decimals: number) => {
      let d: Decimal;
      try {
        d = new Decimal(v.trim());
      } catch {
        throw bad(`${name}: not a number`);
      }
      if (!d.isFinite() || d.lte(0) || d.decimalPlaces() > decimals) throw bad(`${name}: positive, at most ${decimals} decimals`);
      return d;
    };
    const price = positive('price', input.price, 8);
    const min = positive('min', input.min_fiat, fiatDecimals);
    const max = positive('max', input.max_fiat, fiatDecimals);
    if (max.lt(min)) throw bad('max below min');
    const methods = [
      ...new Set(
        input.payment_methods
          .split(',')
          .map((m) => m.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (!methods.length || methods.some((m) => !(OTC_PAYMENT_METHODS as readonly string[]).includes(m)))
      throw bad(`payment methods: a comma list of ${OTC_PAYMENT_METHODS.join(', ')}`);
    let capacity: string | null = null;
    if (side === 'buy') {
      if (input.capacity === undefined) throw bad('capacity: the USDT a buy advert offers is required');
      capacity = fixed(positive('capacity', input.capacity, this.deps.views.usdt().decimals));
    } else if (input.capacity !== undefined) throw bad('capacity: only a buy advert has one');
    const enabled = input.enabled === undefined ? true : enabledFlag(input.enabled);
    const merchant = input.merchant.trim();
    if (!merchant || merchant.length > 60) throw bad('merchant: 1–60 characters');
    const details = (input.details ?? `${merchant} · ${methods.join(' / ')}`).trim();
    const advert: NewAdvert = {
      merchant,
      side: side as OtcSide,
      fiat: fiat as OtcFiat,
      price: fixed(price),
      min_fiat: fixed(min),
      max_fiat: fixed(max),
      payment_methods: methods.join(','),
      payment_details: details,
      capacity,
      enabled,
      created_at: this.deps.clock.now(),
    };
    const id = await this.tx((q) => this.deps.repo.insertAdvert(q, advert));
    return this.deps.views.toAdvert((await this.deps.repo.advert(id))!);
  }

  /**
   * Takes an advert off the market or puts it back. Orders already open on it run to their end
   * (they hold their own escrow); a disabled advert is not listed and takes no new order.
   */
  async setAdvertEnabled(id: number, enabled: string): Promise<OtcAdvert> {
    const on = enabledFlag(enabled);
    if (!(await this.tx((q) => this.deps.repo.setEnabled(q, id, on)))) throw new AppError('errors.otcAdvertUnknown');
    return this.deps.views.toAdvert((await this.deps.repo.advert(id))!);
  }
}
