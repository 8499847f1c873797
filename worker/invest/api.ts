/** The invest namespace of the worker's comlink API (`api.invest…`): dual purchase previews. */
import type { Lang } from '../../domain/i18n';
import { maxShares, previewDual, type DualPreviewInput } from './preview';

export function investApi(lang: () => Lang) {
  return {
    /** The cost, both outcomes and the payoff picture of the shares as typed; or why the server would refuse them. */
    preview(input: DualPreviewInput) {
      return previewDual(input, lang());
    },
    /** The "Max" quantity: the whole shares the balance buys, no more than are left. */
    max(available: string, sharePrice: string, remaining: number): number {
      return maxShares(available, sharePrice, remaining);
    },
  };
}
