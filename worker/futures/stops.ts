/**
 * Take-profit and stop-loss prices as the user types them, for the order form's
 * preview and an open position's TP/SL sheet: a readable price, on the right side of the entry
 * and the mark (`checkStops`), within the price band around the mark (`checkBand`), and a
 * stop-loss that triggers before the estimated liquidation (`stopLossPastLiquidation`) — the
 * server's own rules from domain/, each field on its own so the form can say which one is wrong.
 */
import { Decimal } from '../../domain/decimal';
import { formatNumber, formatPrice } from '../../domain/format';
import { normaliseAmount } from '../../domain/funds/amounts';
import { checkStops, stopLossPastLiquidation, type StopIssue } from '../../domain/futures/formulas';
import type { FuturesSide } from '../../domain/futures/types';
import type { Lang } from '../../domain/i18n';
import { checkBand, type BandIssue } from '../../domain/market/priceBand';

/** The message of a refused take-profit or stop-loss: its translation key. */
export type StopKey =
  'futures.problem.priceInvalid' | 'futures.problem.priceDecimals' | StopIssue | BandIssue['key'] | 'validation.stopLossPastLiquidation';

/** Why one field is refused: the key of its message and the message's parameters (display strings). */
export interface FieldIssue {
  key: StopKey;
  params: Record<string, string | number>;
}

/** Each field's issue; null when it is empty or fine. */
export interface StopsCheck {
  takeProfit: FieldIssue | null;
  stopLoss: FieldIssue | null;
}

export const NO_STOP_ISSUES: StopsCheck = { takeProfit: null, stopLoss: null };

/** Significant decimals of a plain decimal string (trailing zeros do not count). */
export const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;

/** A price as typed: null when empty, else the plain decimal or why it is not one. */
export function readStopPrice(typed: string | undefined, priceDecimals: number): { value: string | null } | FieldIssue {
  if (!typed?.trim()) return { value: null };
  const text = normaliseAmount(typed);
  if (text === null || text.length > 40 || new Decimal(text).lte(0)) return { key: 'futures.problem.priceInvalid', params: {} };
  if (decimalsOf(text) > priceDecimals) return { key: 'futures.problem.priceDecimals', params: { decimals: priceDecimals } };
  return { value: text };
}

export interface StopsArgs {
  side: FuturesSide;
  /** The open price (or the fill or limit price of an order); the mark when not known yet. */
  entry: Decimal | string | null;
  /** The worker's last price of the pair; null before one arrived (then only the form of the numbers is checked). */
  mark: string | null;
  /** The position's estimated liquidation price, when known. */
  liquidation: Decimal | null;
  takeProfit: string | undefined;
  stopLoss: string | undefined;
  priceDecimals: number;
  /** The pair's price band (a fraction); null when its settings are not known here. */
  band: string | null;
  lang: Lang;
}

/** Each field's first broken rule: a number, its decimals, its side, the band, then (stop-loss) the liquidation. */
export function checkStopPrices(a: StopsArgs): StopsCheck {
  const one = (which: 'takeProfit' | 'stopLoss', typed: string | undefined): FieldIssue | null => {
    const read = readStopPrice(typed, a.priceDecimals);
    if ('key' in read) return read;
    const price = read.value;
    if (price === null) return null;
    if (a.mark !== null) {
      const entry = a.entry ?? a.mark;
      const side = checkStops(a.side, entry, a.mark, which === 'takeProfit' ? price : null, which === 'stopLoss' ? price : null);
      if (side) return { key: side, params: {} };
      if (a.band !== null) {
        const band = checkBand(which, price, a.mark, a.band, a.priceDecimals);
        if (band)
          return {
            key: band.key,
            params: {
              min: formatPrice(band.params.min, a.priceDecimals, a.lang),
              max: formatPrice(band.params.max, a.priceDecimals, a.lang),
              band: formatNumber(band.params.band, a.lang),
            },
          };
      }
    }
    if (which === 'stopLoss' && a.liquidation && stopLossPastLiquidation(a.side, price, a.liquidation))
      return { key: 'validation.stopLossPastLiquidation', params: { price: formatPrice(a.liquidation, a.priceDecimals, a.lang) } };
    return null;
  };
  return { takeProfit: one('takeProfit', a.takeProfit), stopLoss: one('stopLoss', a.stopLoss) };
}
