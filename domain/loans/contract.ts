/**
 * The loan endpoints (docs/LOANS.md "Endpoints"). The terms are public;
 * the rest needs identity level 1 (type 998 otherwise). Every call that moves money (borrow,
 * repay, addCollateral) takes an `Idempotency-Key`. Prices never come from the client: the
 * server values collateral at the market's last recorded price of `<COIN>/USDT`.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { amountField, pageFields, positiveIntParam } from '../api/fields';
import { LOAN_STATUSES, type Loan, type LoanDetail, type LoanTerms } from './types';

const loanField = positiveIntParam('validation.loanRequired');

export const loansEndpoints = defineEndpoints({
  /** Every collateral coin's terms (the constant table of domain/loans/terms.ts). */
  '/loan/terms': endpoint<LoanTerms[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({}),
  }),
  /** Borrows `amount` USDT against `collateral` of `currency`, moved from the coin account into escrow. */
  '/loan/borrow': endpoint<Loan>()({
    method: 'POST',
    access: 'user',
    identity: 1,
    idempotent: true,
    input: z.object({
      currency: z.string({ error: 'validation.loanCoinRequired' }).trim().min(1, { error: 'validation.loanCoinRequired' }).max(12),
      collateral: amountField('validation.loanCollateralRequired'),
      amount: amountField('validation.amountRequired'),
    }),
  }),
  /** Repays `amount` USDT of loan `id` from the coin account: interest first, then principal; the whole debt releases the collateral. */
  '/loan/repay': endpoint<Loan>()({
    method: 'POST',
    access: 'user',
    identity: 1,
    idempotent: true,
    input: z.object({ id: loanField, amount: amountField('validation.amountRequired') }),
  }),
  /** Adds `amount` of the loan's collateral coin from the coin account into escrow. */
  '/loan/addCollateral': endpoint<Loan>()({
    method: 'POST',
    access: 'user',
    identity: 1,
    idempotent: true,
    input: z.object({ id: loanField, amount: amountField('validation.amountRequired') }),
  }),
  /** The caller's loans, newest first, optionally of one status. */
  '/loan/list': endpoint<Page<Loan>>()({
    method: 'GET',
    access: 'user',
    identity: 1,
    input: z.object({ status: z.enum(LOAN_STATUSES, { error: 'validation.invalid' }).optional(), ...pageFields }),
  }),
  /** One of the caller's loans with its history (borrow, accruals, repayments, collateral added, margin calls, liquidation). */
  '/loan/detail': endpoint<LoanDetail>()({
    method: 'GET',
    access: 'user',
    identity: 1,
    input: z.object({ id: loanField }),
  }),
});
