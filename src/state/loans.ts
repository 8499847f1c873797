import { proxy, ref } from 'valtio';
import type { LoanLiveView } from '../../worker/loans/LoansSlice';

/**
 * The live figures of the user's open loans (worker/loans/LoansSlice.ts), by loan id; each held
 * by `ref()`, so a loan card re-renders when its own LTV moves.
 */
export const loansState = proxy({
  live: {} as Record<number, LoanLiveView>,
});

/** Merges the worker's loan changes. */
export function applyLoans(changes: Record<number, LoanLiveView>): void {
  for (const [id, view] of Object.entries(changes)) loansState.live[Number(id)] = ref(view);
}
