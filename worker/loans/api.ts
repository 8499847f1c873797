/**
 * The loans namespace of the worker's comlink API (`api.loans…`): the page hands over the open
 * loans it lists (their live LTV comes back in the snapshots, `loans`) and asks for the previews;
 * prices never come from the page, the worker uses its own.
 */
import type { Loan, LoanTerms } from '../../domain/loans/types';
import type { LoansSlice } from './LoansSlice';
import { collateralNeeded, previewBorrow, previewRepay, previewTopUp, type BorrowPreviewInput } from './preview';

export function loansApi(slice: LoansSlice, schedule: () => void) {
  return {
    /** The open loans whose live LTV the page shows. */
    setLoans(loans: Loan[]): void {
      slice.setLoans(loans);
      schedule();
    },
    /** The borrow form's figures, or why the server would refuse. */
    previewBorrow(input: BorrowPreviewInput) {
      return previewBorrow(input, slice.priceOf(input.terms.symbol), slice.language());
    },
    /** The collateral needed to borrow `amount` at the coin's initial LTV. */
    collateralNeeded(terms: LoanTerms, amount: string): string {
      return collateralNeeded(terms, amount, slice.priceOf(terms.symbol));
    },
    previewRepay(loan: Loan, amount: string, available: string) {
      return previewRepay(loan, amount, available, slice.language());
    },
    previewTopUp(loan: Loan, amount: string, available: string) {
      return previewTopUp(loan, amount, available, slice.priceOf(loan.symbol), slice.language());
    },
  };
}
