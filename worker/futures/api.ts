/**
 * The futures namespace of the worker's comlink API (`api.futures…`): the page hands over the
 * pairs' settings and asks for previews; prices never come from the page.
 */
import type { FuturesSettings } from '../../domain/futures/types';
import type { FuturesSlice } from './FuturesSlice';
import { lotsForFraction, previewOrder, type PreviewInput } from './preview';

export function futuresApi(slice: FuturesSlice, schedule: () => void) {
  return {
    /** Hands over pairs' settings (`/lever/deal`); prices never come from the page, the worker uses its own. */
    setSettings(settings: (FuturesSettings & { quote_usdt?: string | null })[]): void {
      slice.setSettings(settings);
      schedule();
    },

    /** What an order would cost (margin, fee, total, estimated liquidation price) or why it would be refused. */
    preview(input: PreviewInput) {
      return previewOrder(slice, input, slice.language());
    },

    /** An open position's take-profit and stop-loss as typed in its TP/SL sheet: each field's issue, or null. */
    checkStops(id: number, takeProfit: string, stopLoss: string) {
      return slice.checkPositionStops(id, takeProfit, stopLoss);
    },

    /** The most lots `fraction` of the available futures balance opens (the 25/50/75/100 % buttons); null below the least. */
    lotsFor(input: Omit<PreviewInput, 'lots'>, fraction: number): string | null {
      return lotsForFraction(slice, input, fraction);
    },
  };
}
