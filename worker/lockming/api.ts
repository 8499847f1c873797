/** The lockming namespace of the worker's comlink API (`api.lockming…`): purchase previews. */
import type { Lang } from '../../domain/i18n';
import { maxAmount, previewLockming, type LockmingPreviewInput } from './preview';

export function lockmingApi(lang: () => Lang) {
  return {
    /** A day's yield, the cycle's yield and the expiry of the amount as typed; or why the server would refuse it. */
    preview(input: LockmingPreviewInput) {
      return previewLockming(input, lang());
    },
    /** The "Max" amount: min(available, user_remaining). */
    max(available: string, remaining: string | null): string {
      return maxAmount(available, remaining);
    },
  };
}
