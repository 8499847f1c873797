/**
 * The loan previews: the borrow form's figures (the most the collateral as
 * typed can borrow, the LTV, a day's interest, the liquidation price) at the worker's own last
 * price of the collateral pair, the collateral needed for an amount typed first, a repayment's
 * split and the LTV after a top-up, all with domain/loans/formulas.ts, and why the server would
 * refuse. Display strings in the interface language; the server decides at its own price.
 */
import { Decimal, type DecimalValue } from '../../domain/decimal';
import { formatAmount, formatNumber, formatPrice, numberSymbols } from '../../domain/format';
import { normaliseAmount } from '../../domain/funds/amounts';
import type { Lang } from '../../domain/i18n';
import {
  collateralFor,
  collateralValue,
  dailyInterest,
  loanRisk,
  ltv,
  maxBorrowable,
  repayAllocation,
  thresholdPrice,
  type LoanRisk,
} from '../../domain/loans/formulas';
import { LOAN_COIN } from '../../domain/loans/terms';
import type { Loan, LoanTerms } from '../../domain/loans/types';

const DASH = '--';
const USDT = LOAN_COIN.decimals;

/** A fraction as an unsigned percentage with 2 decimals, in the language's format (`0.6512` → `65.12%`). */
export function ltvPercent(value: DecimalValue, lang: Lang): string {
  const s = numberSymbols(lang);
  const n = formatNumber(new Decimal(value).mul(100).toDecimalPlaces(2, Decimal.ROUND_DOWN), lang, { maxDecimals: 2, minDecimals: 2 });
  return `${s.percentBefore}${n}${s.percentAfter}`;
}

type Price = { price: string; price_decimals: number } | undefined;

/** An amount as typed: null when empty or not a positive number within `decimals`, with why. */
function readTyped(text: string, decimals: number): { value: Decimal | null; problem: 'required' | 'invalid' | 'decimals' | null } {
  if (!text.trim()) return { value: null, problem: 'required' };
  const v = normaliseAmount(text);
  if (v === null || v.length > 40 || new Decimal(v).lte(0)) return { value: null, problem: 'invalid' };
  if ((v.split('.')[1] ?? '').length > decimals) return { value: null, problem: 'decimals' };
  return { value: new Decimal(v), problem: null };
}

export type BorrowProblem =
  | 'collateralRequired'
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountDecimals'
  | 'collateralBalance'
  | 'min'
  | 'max'
  | 'ltvLimit'
  | 'noPrice';

export interface BorrowPreviewInput {
  terms: LoanTerms;
  collateral: string;
  amount: string;
  /** The collateral coin's available balance in the coin account. */
  available: string;
}

export interface BorrowPreview {
  problem: BorrowProblem | null;
  params: Record<string, string | number>;
  priceText: string;
  /** The most the collateral as typed can borrow (raw USDT, for the "Max" button), and its text. */
  maxBorrow: string;
  maxBorrowText: string;
  /** The LTV of the amount as typed, as a fraction for the bar, and as text. */
  ltv: string | null;
  ltvText: string;
  risk: LoanRisk | null;
  dailyInterestText: string;
  liquidationPriceText: string;
  marginCallPriceText: string;
}

/** The borrow form's figures at the worker's price of the collateral. */
export function previewBorrow(input: BorrowPreviewInput, price: Price, lang: Lang): BorrowPreview {
  const { terms } = input;
  const out: BorrowPreview = {
    problem: null,
    params: {},
    priceText: price ? formatPrice(price.price, price.price_decimals, lang) : DASH,
    maxBorrow: '0',
    maxBorrowText: DASH,
    ltv: null,
    ltvText: DASH,
    risk: null,
    dailyInterestText: DASH,
    liquidationPriceText: DASH,
    marginCallPriceText: DASH,
  };
  const fail = (problem: BorrowProblem, params: Record<string, string | number> = {}) => ({ ...out, problem, params });
  const c = readTyped(input.collateral, terms.decimals);
  if (c.value && price) {
    out.maxBorrow = maxBorrowable(c.value, price.price, terms.initial_ltv).toFixed();
    out.maxBorrowText = formatAmount(out.maxBorrow, USDT, lang);
  }
  const a = readTyped(input.amount, USDT);
  if (c.value && a.value && price) {
    const debt = a.value.plus(dailyInterest(a.value, terms.daily_rate));
    const value = ltv(a.value, c.value, price.price);
    out.ltv = value === null ? null : value.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed();
    out.ltvText = value === null ? DASH : ltvPercent(value, lang);
    out.risk = loanRisk(value, terms);
    out.dailyInterestText = formatAmount(dailyInterest(a.value, terms.daily_rate), USDT, lang);
    out.liquidationPriceText = formatPrice(
      thresholdPrice(debt, c.value, terms.liquidation_ltv, price.price_decimals),
      price.price_decimals,
      lang,
    );
    out.marginCallPriceText = formatPrice(
      thresholdPrice(debt, c.value, terms.margin_call_ltv, price.price_decimals),
      price.price_decimals,
      lang,
    );
  }
  if (c.problem === 'required') return fail('collateralRequired');
  if (c.problem) return fail(c.problem === 'decimals' ? 'amountDecimals' : 'amountInvalid', { decimals: terms.decimals });
  if (c.value!.gt(input.available)) return fail('collateralBalance', { currency: terms.currency });
  if (a.problem === 'required') return fail('amountRequired');
  if (a.problem) return fail(a.problem === 'decimals' ? 'amountDecimals' : 'amountInvalid', { decimals: USDT });
  if (!price) return fail('noPrice');
  if (a.value!.lt(terms.min_borrow)) return fail('min', { min: formatAmount(terms.min_borrow, USDT, lang) });
  if (a.value!.gt(terms.max_borrow)) return fail('max', { max: formatAmount(terms.max_borrow, USDT, lang) });
  if (a.value!.gt(out.maxBorrow)) return fail('ltvLimit', { max: out.maxBorrowText });
  return out;
}

/** The collateral needed to borrow `amount` at the initial LTV (the form's "I want to borrow" mode); '' when unknown. */
export function collateralNeeded(terms: LoanTerms, amount: string, price: Price): string {
  const a = readTyped(amount, USDT);
  if (!a.value || !price) return '';
  return collateralFor(a.value, price.price, terms.initial_ltv, terms.decimals).toFixed();
}

export type RepayProblem = 'amountRequired' | 'amountInvalid' | 'amountDecimals' | 'tooMuch' | 'balance';

export interface RepayPreview {
  problem: RepayProblem | null;
  params: Record<string, string | number>;
  interestText: string;
  principalText: string;
  /** The debt left after this repayment. */
  remainingText: string;
  full: boolean;
}

/** A repayment of `amount` on `loan`: its split (interest first), the debt left, or why it would be refused. */
export function previewRepay(loan: Loan, amount: string, available: string, lang: Lang): RepayPreview {
  const out: RepayPreview = { problem: null, params: {}, interestText: DASH, principalText: DASH, remainingText: DASH, full: false };
  const a = readTyped(amount, USDT);
  if (a.problem)
    return {
      ...out,
      problem: a.problem === 'required' ? 'amountRequired' : a.problem === 'decimals' ? 'amountDecimals' : 'amountInvalid',
      params: { decimals: USDT },
    };
  const split = repayAllocation(a.value!, loan.interest, loan.principal);
  if (!split) return { ...out, problem: 'tooMuch', params: { debt: formatAmount(loan.debt, USDT, lang) } };
  const result: RepayPreview = {
    ...out,
    interestText: formatAmount(split.interest, USDT, lang),
    principalText: formatAmount(split.principal, USDT, lang),
    remainingText: formatAmount(new Decimal(loan.debt).minus(a.value!), USDT, lang),
    full: split.full,
  };
  if (a.value!.gt(available)) return { ...result, problem: 'balance', params: {} };
  return result;
}

export type TopUpProblem = 'amountRequired' | 'amountInvalid' | 'amountDecimals' | 'balance';

export interface TopUpPreview {
  problem: TopUpProblem | null;
  params: Record<string, string | number>;
  /** The LTV after the top-up at the worker's price, and the new liquidation price. */
  ltvText: string;
  liquidationPriceText: string;
}

/** Adding `amount` of collateral to `loan`: the LTV and liquidation price after it. */
export function previewTopUp(loan: Loan, amount: string, available: string, price: Price, lang: Lang): TopUpPreview {
  const out: TopUpPreview = { problem: null, params: {}, ltvText: DASH, liquidationPriceText: DASH };
  const a = readTyped(amount, loan.decimals);
  if (a.problem)
    return {
      ...out,
      problem: a.problem === 'required' ? 'amountRequired' : a.problem === 'decimals' ? 'amountDecimals' : 'amountInvalid',
      params: { decimals: loan.decimals },
    };
  const collateral = a.value!.plus(loan.collateral);
  if (price) {
    const value = ltv(loan.debt, collateral, price.price);
    out.ltvText = value === null ? DASH : ltvPercent(value, lang);
    out.liquidationPriceText = formatPrice(
      thresholdPrice(loan.debt, collateral, loan.liquidation_ltv, price.price_decimals),
      price.price_decimals,
      lang,
    );
  }
  if (a.value!.gt(available)) return { ...out, problem: 'balance', params: { currency: loan.currency } };
  return out;
}

/** What the collateral is worth at the worker's price (2 decimals), for the cards. */
export function worth(collateral: string, price: Price, lang: Lang): string {
  return price ? formatAmount(collateralValue(collateral, price.price).toDecimalPlaces(2, Decimal.ROUND_DOWN), 2, lang) : DASH;
}
