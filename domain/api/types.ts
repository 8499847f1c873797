/** Payload types of API answers (the `message` of a success envelope). */
import type { Lang } from '../i18n';

export interface SiteConfig {
  site_name: string;
  site_logo: string;
}

/** What `GET /user/info` tells the signed-in user about themselves. */
export interface UserInfo {
  id: number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  nickname: string;
  signature: string;
  avatar: string | null;
  /** The user's own invite code, for `extension_code` of others. */
  invite_code: string;
  lang: Lang;
  /** Default fiat currency code (spec §3, default USDT). */
  fiat: string;
  created_at: number;
  /** Highest approved identity level, 0–2. */
  identity_level: number;
  pay_password_set: boolean;
  /** Users who registered with this user's invite code… */
  invite_count: number;
  /** …and how many of them have traded. */
  traded_invite_count: number;
  unread_notifications: number;
}

/** A coin or fiat currency (`GET /currency/list`). */
export interface Currency {
  id: number;
  name: string;
  /** Decimals amounts of this currency may carry. */
  decimals: number;
  /** Brand colour without `#` (spec §3), or null for the default. */
  color: string | null;
  /** True for quote currencies (USDT, USD). */
  is_legal: boolean;
}

/** News categories of `GET /news/list` (spec §7: 4 news, 5 banner). */
export const NEWS_CATEGORY = { news: 4, banner: 5 } as const;

export interface NewsItem {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  /** Image URL for banners, null for plain news. */
  image: string | null;
  /** Route inside the app a banner leads to, if any. */
  link: string | null;
  created_at: number;
}

export interface NewsDetail extends NewsItem {
  /** Article body: paragraphs separated by blank lines, no markup. */
  body: string;
}

/** One code in the development outbox (`GET /api/dev/outbox`, only with DEV_OUTBOX=1). */
export interface OutboxEntry {
  to: string;
  scene: string;
  code: string;
  at: number;
}

/** Identity verification as `GET /real/state` tells it (spec §4). */
export type IdentityStatus = 'none' | 'pending' | 'approved' | 'rejected';

export interface IdentityState {
  /** Highest approved level: 0 not certified, 1 basic, 2 advanced. */
  level: 0 | 1 | 2;
  /** State of the latest submission. */
  status: IdentityStatus;
  /** Level of the latest submission, if any. */
  submitted_level: 1 | 2 | null;
  /** Why the latest submission failed review. */
  reason: string | null;
  email_bound: boolean;
  mobile_bound: boolean;
  /** Basic details once submitted (name is shown masked). */
  name: string | null;
  id_type: string | null;
}

/** A signed-in device (`GET /safe/sessions`). */
export interface SessionInfo {
  id: number;
  created_at: number;
  last_seen_at: number;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
  remember: boolean;
}

/** A system notification; the app renders `notifications.<kind>.title/body` with `params`. */
export interface NotificationItem {
  id: number;
  kind: string;
  params: Record<string, string | number>;
  created_at: number;
  read: boolean;
}

export interface WalletAddress {
  id: number;
  currency_id: number;
  currency: string;
  name: string;
  address: string;
  /** Signed URL of the QR image, if one was uploaded. */
  qrcode: string | null;
  created_at: number;
}

export type BankCardKind = 'domestic' | 'international';

export interface BankCard {
  kind: BankCardKind;
  real_name: string;
  /** Masked except the last 4 digits. */
  card_number: string;
  bank_name: string;
  branch: string;
  province_city: string | null;
  swift_code: string | null;
  aba_number: string | null;
  address: string | null;
  phone: string;
  updated_at: number;
}

export interface ContentPage {
  key: string;
  title: string;
  /** Paragraphs separated by blank lines. */
  body: string;
}

export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}

/** A fiat display rate: one USDT is `rate` of `currency_code`. */
export interface FiatRateInfo {
  currency_code: string;
  rate: string;
  saveTime: number;
}

/** One balance of one account (`GET /wallet/list`). */
export interface BalanceItem {
  currency_id: number;
  currency: string;
  available: string;
  frozen: string;
  total: string;
  /** Equivalent in USDT, or null when no market prices the currency. */
  usdt_value: string | null;
}

export interface AccountOverview {
  /** 1 legal, 2 change, 3 lever, 4 micro. */
  id: number;
  name: 'legal' | 'change' | 'lever' | 'micro';
  balances: BalanceItem[];
  total_usdt: string;
  /** Total in the user's display currency. */
  total_fiat: string;
}

export interface WalletOverview {
  accounts: AccountOverview[];
  total_usdt: string;
  total_fiat: string;
  /** The display currency the fiat totals are in, with its rate (1 USDT in it). */
  fiat: FiatRateInfo;
}

/** One journal row as the user's bills show it. */
export interface BillItem {
  id: number;
  account: number;
  currency_id: number;
  currency: string;
  delta_available: string;
  delta_frozen: string;
  available_after: string;
  frozen_after: string;
  kind: string;
  ref_type: string | null;
  ref_id: number | null;
  created_at: number;
}

export interface WalletDetail {
  currency_id: number;
  currency: string;
  account: number;
  available: string;
  frozen: string;
  usdt_value: string | null;
  bills: BillItem[];
}

export interface TransferItem {
  id: number;
  currency_id: number;
  currency: string;
  amount: string;
  from_account: number;
  to_account: number;
  created_at: number;
}

export interface DepositNetworkInfo {
  type: string;
  address: string;
  min: string;
}

export interface DepositInfo {
  currency_id: number;
  currency: string;
  decimals: number;
  networks: DepositNetworkInfo[];
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export interface DepositItem {
  id: number;
  currency_id: number;
  currency: string;
  network: string;
  amount: string;
  voucher: string | null;
  status: ReviewStatus;
  reason: string | null;
  created_at: number;
  decided_at: number | null;
}

export interface WithdrawInfo {
  currency_id: number;
  currency: string;
  decimals: number;
  fee: string;
  min: string;
  /** Available in the coin account, where withdrawals are paid from. */
  available: string;
  identity_level: number;
  /** The 24 h limit in BTC for the user's level, what the last 24 h used, and what is left. */
  limit_btc_24h: string;
  used_btc_24h: string;
  remaining_btc_24h: string;
}

export interface WithdrawalItem {
  id: number;
  currency_id: number;
  currency: string;
  amount: string;
  fee: string;
  arrival: string;
  target_kind: 'address' | 'bank' | 'bank_international';
  target_label: string;
  target_detail: string;
  remark: string | null;
  status: 'pending' | 'completed' | 'rejected';
  reason: string | null;
  created_at: number;
  decided_at: number | null;
}

export interface ExchangeQuoteInfo {
  from_currency_id: number;
  to_currency_id: number;
  /** Units of the target per unit of the source, before the fee. */
  rate: string;
  fee_rate: string;
  to_decimals: number;
}

export interface ExchangeItem {
  id: number;
  from_currency_id: number;
  from_currency: string;
  to_currency_id: number;
  to_currency: string;
  from_amount: string;
  to_amount: string;
  fee: string;
  rate: string;
  created_at: number;
}

/** A currency the user may hold, with what can be done with it. */
export interface UserCurrency {
  currency_id: number;
  currency: string;
  decimals: number;
  color: string | null;
  /** Available in the coin account. */
  available: string;
  can_deposit: boolean;
  can_withdraw: boolean;
  can_exchange: boolean;
}
