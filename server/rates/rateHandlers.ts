import type { HandlerMap } from '../http/context';
import type { RateSource } from './RateSource';

/** `GET /wallet/getRateCurrency`: display rates, all of them or the one named by `id` (a currency code). */
export function createRateHandlers(rates: RateSource): HandlerMap {
  return {
    '/wallet/getRateCurrency': async (input) => {
      const all = await rates.all();
      const code = input.id?.toUpperCase();
      return code ? all.filter((r) => r.currency_code === code) : all;
    },
  };
}
