/**
 * Price alerts (docs/ALERTS.md). Wire types shared by the server, the worker and
 * the app. Prices and percentages are decimal strings; times are epoch milliseconds.
 */

/**
 * What an alert watches: the last price at or above a threshold (`above`), at or below one
 * (`below`), or the 24 h change reaching ±X % in either direction (`change`).
 */
export const ALERT_KINDS = ['above', 'below', 'change'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** `active` until it fires once; then `triggered` (kept in the list) until edited, which re-arms it. */
export const ALERT_STATES = ['active', 'triggered'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** One of the user's alerts (`GET /alerts/list`). */
export interface PriceAlert {
  id: number;
  /** The pair's id (`match_id`) and display symbol. */
  match_id: number;
  symbol: string;
  /** Decimals of the pair's prices (the most a price threshold may have). */
  price_decimals: number;
  kind: AlertKind;
  /** A price of the pair (`above`, `below`) or a percentage without sign (`change`: `5` is ±5 %). */
  threshold: string;
  state: AlertState;
  created_at: number;
  updated_at: number;
  /** When it fired: the recorded tick's time, its price and its 24 h change in percent; null while active. */
  fired_at: number | null;
  fired_price: string | null;
  fired_change: string | null;
}

/** The Web Push settings of the server (`GET /alerts/push/key`). */
export interface PushKey {
  /** The VAPID public key, URL-safe base64: the `applicationServerKey` of `pushManager.subscribe`. */
  public_key: string;
}

/** Active alerts one account may hold; one more is refused with `errors.alertsFull`. */
export const ALERTS_ACTIVE_MAX = 50;
/** Alerts one account may keep in all (active and triggered): the list stays one screen of work. */
export const ALERTS_TOTAL_MAX = 200;
/** The largest 24 h move a `change` alert may wait for, in percent. */
export const ALERT_CHANGE_MAX = '1000';
/** Decimals of a `change` alert's percentage. */
export const ALERT_CHANGE_DECIMALS = 2;
/** Push subscriptions one account may hold (one per browser or device). */
export const PUSH_SUBSCRIPTIONS_MAX = 20;
