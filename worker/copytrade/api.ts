/** The copytrade namespace of the worker's comlink API (`api.copytrade…`): the follow form's preview. */
import type { Lang } from '../../domain/i18n';
import { previewFollow, typicalLots, type FollowPreviewInput } from './preview';

export function copytradeApi(lang: () => Lang) {
  return {
    /** The number as the server will keep it, an example copy of the trader's typical order; or why the server would refuse the form. */
    preview(input: FollowPreviewInput) {
      return previewFollow(input, lang());
    },
    /** The trader's typical order in lots (the median of recent closed positions). */
    typicalLots(shares: string[]): string | null {
      return typicalLots(shares);
    },
  };
}
