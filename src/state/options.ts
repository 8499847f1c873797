import { proxy, ref } from 'valtio';
import type { OptionView, OptionsView } from '../../worker/options/OptionsSlice';

/**
 * The seconds options module's views from the worker (`worker/options/`): the pending options
 * with their live price and would-be result, and the options settled since the app opened.
 */
export const optionsState = proxy({
  pending: ref([]) as readonly OptionView[],
  settled: ref([]) as readonly OptionView[],
});

/** Merges the worker's options changes. */
export function applyOptions(view: OptionsView): void {
  if (view.pending) optionsState.pending = ref(view.pending);
  if (view.settled) optionsState.settled = ref(view.settled);
}
