/**
 * Crypto-backed USDT loans (docs/LOANS.md). Wire types shared by the server, the
 * worker and the app. Amounts, prices and ratios are decimal strings; times are epoch milliseconds.
 */

/** A collateral coin's terms (`GET /loan/terms`): the constant table of domain/loans/terms.ts. */
export interface LoanTerms {
  /** The collateral coin (`BTC`) and its currency id and decimals. */
  currency: string;
  currency_id: number;
  decimals: number;
  /** The pair whose last recorded price values the collateral (`BTC/USDT`). */
  symbol: string;
  /** The most a loan may borrow, as debt ÷ collateral value, when taken (`0.65` is 65%). */
  initial_ltv: string;
  /** At this LTV the user is warned once per crossing. */
  margin_call_ltv: string;
  /** At this LTV the engine liquidates the collateral. */
  liquidation_ltv: string;
  /** Interest per day on the principal outstanding (`0.0002` is 0.02% a day). */
  daily_rate: string;
  /** Taken from the collateral on liquidation, as a fraction of the debt (`0.02` is 2%). */
  liquidation_penalty: string;
  /** Bounds of one borrow in USDT. */
  min_borrow: string;
  max_borrow: string;
}

export const LOAN_STATUSES = ['open', 'repaid', 'liquidated'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** A loan as `GET /loan/list` and `GET /loan/detail` answer it. */
export interface Loan {
  id: number;
  currency: string;
  currency_id: number;
  decimals: number;
  symbol: string;
  status: LoanStatus;
  /** The collateral held in escrow (the last amount held, once closed). */
  collateral: string;
  /** USDT borrowed when the loan was taken. */
  borrowed: string;
  /** Principal and accrued interest still owed; their sum is the debt. */
  principal: string;
  interest: string;
  debt: string;
  interest_paid: string;
  principal_paid: string;
  /** Interest days accrued so far (day 1 accrues at the borrow). */
  days_accrued: number;
  /** The terms copied at the borrow. */
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  daily_rate: string;
  liquidation_penalty: string;
  /** The collateral's price at which this debt reaches the liquidation LTV (null once closed). */
  liquidation_price: string | null;
  /** True while the LTV is past the margin-call line (the warning was sent). */
  margin_called: boolean;
  created_at: number;
  /** When the next day's interest accrues (null once closed). */
  next_accrual_at: number | null;
  closed_at: number | null;
  /** What liquidation decided: the price and the tick time, the collateral taken and returned, the shortfall insurance paid. */
  liquidation: LoanLiquidation | null;
}

export interface LoanLiquidation {
  price: string;
  tick_ts: number;
  debt: string;
  taken: string;
  returned: string;
  shortfall: string;
}

export const LOAN_EVENT_KINDS = ['borrow', 'accrual', 'repay', 'collateral', 'marginCall', 'liquidation'] as const;
export type LoanEventKind = (typeof LOAN_EVENT_KINDS)[number];

/** One line of a loan's history. Fields that do not apply to the kind are null. */
export interface LoanEvent {
  id: number;
  kind: LoanEventKind;
  /** borrow: USDT borrowed; accrual: the day's interest; repay: USDT repaid; collateral: the coin added; liquidation: the debt settled. */
  amount: string;
  /** repay: the split; accrual: `day` is the day number. */
  interest: string | null;
  principal: string | null;
  day: number | null;
  /** The collateral price that decided (borrow, marginCall, liquidation), with its tick time. */
  price: string | null;
  tick_ts: number | null;
  created_at: number;
}

export interface LoanDetail extends Loan {
  history: LoanEvent[];
}
