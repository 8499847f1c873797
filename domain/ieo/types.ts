/**
 * IEO (initial exchange offering, docs/FINANCE.md): a project sells
 * a fixed issuance of a new token at a fixed price for a subscription window. Subscribers pay
 * price × tokens into escrow; at the end each gets the tokens asked for, or a pro-rata share when
 * oversubscribed with the rest of the payment back (domain/ieo/formulas.ts `allocate`). The tokens
 * are a new currency in the wallet, frozen until the lock period ends. Wire types, shared by the
 * server, the worker and the app.
 */

/** Phase from the clock: before the start, between start and end, after the end. */
export const IEO_PHASES = ['preheating', 'in_progress', 'finished'] as const;
export type IeoPhase = (typeof IEO_PHASES)[number];

/** A project as `GET /project` and `GET /project/detail` show it. Amounts are decimal strings, times epoch ms. */
export interface IeoProject {
  id: number;
  /** Display name of the project ("Kestrel Network"). */
  name: string;
  /** The token: a currency of its own, created with the project. */
  token_id: number;
  token: string;
  token_decimals: number;
  /** The coin subscriptions are paid in (USDT), and its decimals. */
  pay_currency_id: number;
  pay_currency: string;
  pay_decimals: number;
  /** Issuance price: pay coin per token. */
  price: string;
  /** Total issuance, in tokens. */
  total: string;
  /** Tokens asked for by all subscriptions so far (may exceed `total`: oversubscription). */
  subscribed: string;
  /** subscribed ÷ total, as a fraction (1.5 is 150 %). */
  progress: string;
  /** Per-user minimum and maximum, in tokens (the maximum is over all of a user's subscriptions). */
  min_amount: string;
  max_amount: string;
  starts_at: number;
  ends_at: number;
  /** Days the allocated tokens stay frozen after the end; they are released at `unlock_at`. */
  lock_days: number;
  unlock_at: number;
  whitepaper: string;
  website: string;
  description: string;
  phase: IeoPhase;
  /** What the countdown counts to: the start while preheating, the end in progress; null once finished. */
  countdown_to: number | null;
  /** Whether the allocation at the end has been made (allocations and refunds paid). */
  allocated: boolean;
  /** With a session: tokens the caller has asked for, and what they may still ask for. */
  user_subscribed: string | null;
  user_remaining: string | null;
}

export const IEO_ORDER_STATUSES = ['subscribed', 'allocated', 'released'] as const;
/**
 * `subscribed`: payment in escrow, waiting for the end; `allocated`: tokens credited (frozen) and
 * any refund paid; `released`: the lock period is over and the tokens are available.
 */
export type IeoOrderStatus = (typeof IEO_ORDER_STATUSES)[number];

/** A subscription as `GET /user/project/order` lists it. */
export interface IeoOrder {
  id: number;
  project_id: number;
  name: string;
  token_id: number;
  token: string;
  token_decimals: number;
  pay_currency_id: number;
  pay_currency: string;
  pay_decimals: number;
  price: string;
  /** Tokens asked for, and what was paid into escrow for them (price × amount). */
  amount: string;
  paid: string;
  /** Tokens allocated ("passed amount") and payment returned, once allocated. */
  passed: string | null;
  refunded: string | null;
  status: IeoOrderStatus;
  created_at: number;
  ends_at: number;
  unlock_at: number;
  allocated_at: number | null;
  released_at: number | null;
}

/** What the operator gives `create-project` (every field of a project). */
export interface IeoProjectInput {
  name: string;
  /** The new token's symbol: 2–10 capital letters or digits, not an existing currency. */
  token: string;
  token_decimals: number;
  pay_currency: string;
  price: string;
  total: string;
  min_amount: string;
  max_amount: string;
  starts_at: number;
  ends_at: number;
  lock_days: number;
  whitepaper: string;
  website: string;
  description: string;
}
