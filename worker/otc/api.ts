/** The OTC namespace of the worker's comlink API (`api.otc…`): order previews, Max, and the pay countdown. */
import type { Lang } from '../../domain/i18n';
import { maxOtc, otcCountdown, previewOtc, type OtcPreviewInput } from './preview';

export function otcApi(lang: () => Lang) {
  return {
    /** The other amount of the order as typed (the server's rule), or why the server would refuse it. */
    preview(input: OtcPreviewInput) {
      return previewOtc(input, lang());
    },
    /** The most the user may enter in the typed currency. */
    max(input: Omit<OtcPreviewInput, 'amount'>): string {
      return maxOtc(input);
    },
    /** Minutes and seconds left to a pay deadline at `now`. */
    countdown(deadline: number, now: number) {
      return otcCountdown(deadline, now);
    },
  };
}
