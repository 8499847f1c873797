/**
 * OTC (docs/OTC.md): users buy and sell USDT for fiat with merchants, on
 * adverts an operator creates. Wire types, shared by the server, the worker and the app. Amounts
 * are decimal strings, times epoch ms.
 */
import { FIAT_CODES, type FiatCode } from '../fiat';

/** The USER's side of an advert or an order: buy USDT from the merchant, or sell USDT to them. */
export const OTC_SIDES = ['buy', 'sell'] as const;
export type OtcSide = (typeof OTC_SIDES)[number];

/** The fiat currencies an advert may be priced in: the app's display currencies less USDT itself. */
export const OTC_FIATS = FIAT_CODES.filter((c): c is Exclude<FiatCode, 'USDT'> => c !== 'USDT');
export type OtcFiat = (typeof OTC_FIATS)[number];

/** How the fiat moves between the user and the merchant (outside the platform). */
export const OTC_PAYMENT_METHODS = ['bank_transfer', 'alipay', 'wechat_pay', 'paypal', 'wise', 'revolut', 'cash'] as const;
export type OtcPaymentMethod = (typeof OTC_PAYMENT_METHODS)[number];

/**
 * Order states. Buy: `pending_payment` → `paid` → `completed`, or `cancelled` (user before paying,
 * or operator) / `expired` (not paid within the window). Sell: `pending_release` (the merchant
 * must pay the user) → `completed` or `cancelled`.
 */
export const OTC_STATES = ['pending_payment', 'paid', 'pending_release', 'completed', 'cancelled', 'expired'] as const;
export type OtcState = (typeof OTC_STATES)[number];
/** What `GET /otc/orders` filters by: a state, every open order, or (operators) the appealed ones. */
export const OTC_STATE_FILTERS = ['all', 'open', ...OTC_STATES] as const;
export type OtcStateFilter = (typeof OTC_STATE_FILTERS)[number];

/** An advert as the lists show it. */
export interface OtcAdvert {
  id: number;
  merchant: string;
  side: OtcSide;
  fiat: OtcFiat;
  /** Decimals the fiat is written with (JPY and VND none). */
  fiat_decimals: number;
  /** Fiat per USDT. */
  price: string;
  /** Per-order bounds, in the fiat. */
  min_fiat: string;
  max_fiat: string;
  /** USDT the merchant still offers (buy adverts); null for sell adverts (no cap). */
  available: string | null;
  usdt_decimals: number;
  payment_methods: OtcPaymentMethod[];
  enabled: boolean;
  /** Orders completed on this advert (the merchant's record on the list). */
  completed_orders: number;
}

/** An order as the user and the operator see it. */
export interface OtcOrder {
  id: number;
  advert_id: number;
  merchant: string;
  side: OtcSide;
  fiat: OtcFiat;
  fiat_decimals: number;
  price: string;
  fiat_amount: string;
  usdt_amount: string;
  usdt_decimals: number;
  state: OtcState;
  payment_methods: OtcPaymentMethod[];
  /** Where to send the fiat (buy orders): the merchant's account as the advert gives it. */
  payment_details: string;
  created_at: number;
  /** Buy orders: the moment an unpaid order expires; null for sell orders. */
  pay_deadline: number | null;
  paid_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  cancelled_by: 'user' | 'operator' | 'timeout' | null;
  appeal_reason: string | null;
  appealed_at: number | null;
  /** What the user may do now. */
  can_mark_paid: boolean;
  can_cancel: boolean;
  can_appeal: boolean;
}

/** An order as the operator lists it: with its user. */
export interface OpsOtcOrder extends OtcOrder {
  user_id: number;
  email: string | null;
}

/**
 * The caller's per-trade limit: the one figure the OTC banner, the order sheet and the
 * order's check all read (`otcPerTradeLimit`), the same in every language.
 */
export interface OtcLimits {
  /** Approved identity level: 0 (none; ordering answers 998), 1 or 2. */
  level: 0 | 1 | 2;
  /** The USDT one order may carry, as enforced; null at level 0. */
  per_trade: string | null;
}

/** What the operator gives `create-otc-ad`. */
export interface OtcAdvertInput {
  merchant: string;
  side: string;
  fiat: string;
  price: string;
  min_fiat: string;
  max_fiat: string;
  payment_methods: string;
  capacity?: string;
  details?: string;
  enabled?: string;
}
