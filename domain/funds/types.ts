/** Payload types of the funds area's API answers (the `message` of a success envelope). */
import type { FiatRateInfo } from '../rates/types';
import type { HoldingKind } from './holdings';

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

/** One currency a holding line holds. Amounts are decimal strings. */
export interface HoldingItem {
  currency_id: number;
  currency: string;
  amount: string;
  /** amount × the recorded USDT price, 2 decimals; null when no USDT pair quotes it (not in the totals). */
  usdt_value: string | null;
}

/** A line of the assets page beside the accounts: what one kind of product holds. */
export interface HoldingLine {
  kind: HoldingKind;
  items: HoldingItem[];
  total_usdt: string;
  total_fiat: string;
}

export interface WalletOverview {
  /** The accounts, each without what a holding line shows (a coin account's frozen dual principal is in "earn"). */
  accounts: AccountOverview[];
  /** A line per kind of holding, every kind always present (`HOLDING_KINDS` order). */
  holdings: HoldingLine[];
  /** Σ accounts + Σ lines (`assetsTotal`): everything the ledger holds for the user, valued in USDT. */
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
  /** What is left, in the coin being withdrawn at the current price; null while no price quotes it. */
  remaining_24h: string | null;
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

/**
 * A firm quote for one exchange (`/user/exchangeQuote`): `receive` is promised until `expires_at`
 * to whoever sends `quote_id` with the same amount and currencies (unless the market moved more
 * than the fee against it). The id is signed by the server; nothing in it is trusted unsigned.
 */
export interface ExchangeFirmQuote {
  quote_id: string;
  from_currency_id: number;
  to_currency_id: number;
  /** The amount of the source it was given for. */
  number: string;
  rate: string;
  fee: string;
  receive: string;
  /** Epoch ms after which the quote is refused. */
  expires_at: number;
  /** How long a quote lasts, in seconds (the countdown's start). */
  valid_seconds: number;
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
