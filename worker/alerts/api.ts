/**
 * The alerts namespace of the worker's comlink API (`api.alerts…`): the alert sheet's preview and
 * prefill at the worker's own last price of the pair; prices never come from the page.
 */
import type { AlertKind } from '../../domain/alerts/types';
import type { MarketSlice } from '../market/MarketSlice';
import { previewAlert, suggestThreshold, type AlertPreviewInput } from './preview';

export function alertsApi(market: MarketSlice) {
  return {
    /** The live price, whether the threshold as typed is valid, and how far the alert is from firing. */
    preview(input: AlertPreviewInput) {
      return previewAlert(input, market.tickerOf(input.symbol), market.language());
    },
    /** The threshold a new alert of `kind` on `symbol` starts from (the live price, or 5 % for a 24 h move). */
    suggest(symbol: string, kind: AlertKind): string {
      return suggestThreshold(kind, market.tickerOf(symbol));
    },
  };
}
