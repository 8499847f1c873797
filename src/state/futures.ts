import { proxy, ref } from 'valtio';
import type { FuturesAccountView, FuturesOrderView, FuturesPositionView, FuturesView } from '../../worker/futures/FuturesSlice';

/**
 * The futures positions module's views from the worker (`worker/futures/`): display-ready rows.
 * Each row is held with `ref()` and replaced only when its text changed (the worker sends the
 * changed fields, merged here), so a position row
 * re-renders when its own figures move and the list re-renders only when positions come or go.
 */
export const futuresState = proxy({
  /** Open positions' ids, newest first. */
  positionIds: ref([]) as readonly number[],
  positions: {} as Record<number, FuturesPositionView>,
  /** Each open position's symbol (never changes), so a filtered list need not read the live rows. */
  symbols: {} as Record<number, string>,
  orders: ref([]) as readonly FuturesOrderView[],
  /** The futures account's totals; null until the private channel answered. */
  account: null as FuturesAccountView | null,
});

/** Merges the worker's futures changes. */
export function applyFutures(view: FuturesView): void {
  if (view.positionIds) {
    const keep = new Set(view.positionIds);
    for (const id of Object.keys(futuresState.positions))
      if (!keep.has(Number(id))) {
        delete futuresState.positions[Number(id)];
        delete futuresState.symbols[Number(id)];
      }
    futuresState.positionIds = ref(view.positionIds);
  }
  // A row comes whole when new, then as its changed fields: merged into a new object, so the
  // row re-renders and nothing else does.
  for (const patch of view.positions ?? []) {
    const old = futuresState.positions[patch.id];
    const row = old ? { ...old, ...patch } : (patch as FuturesPositionView);
    futuresState.positions[patch.id] = ref(row);
    futuresState.symbols[patch.id] = row.symbol;
  }
  if (view.orders) futuresState.orders = ref(view.orders);
  if (view.account) futuresState.account = ref(view.account);
}
