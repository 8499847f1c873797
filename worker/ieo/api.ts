/** The IEO namespace of the worker's comlink API (`api.ieo…`): subscription previews. */
import type { Lang } from '../../domain/i18n';
import { maxTokens, previewIeo, type IeoPreviewInput } from './preview';

export function ieoApi(lang: () => Lang) {
  return {
    /** The cost of the amount of tokens as typed (the server's rule), or why the server would refuse it. */
    preview(input: IeoPreviewInput) {
      return previewIeo(input, lang());
    },
    /** The "Max" amount of tokens: min(what the balance pays for, what the user may still ask for, one request's ceiling). */
    max(available: string, price: string, token: string, tokenDecimals: number, remaining: string): string {
      return maxTokens(available, price, token, tokenDecimals, remaining);
    },
  };
}
