import dayjs from 'dayjs';
import { formatPercent } from '../../../domain/format';
import type { Lang } from '../../../domain/i18n';
import { Decimal } from '../../../domain/decimal';

/** An APR as a fraction (`0.365`) shown as a percentage (`36.5%`): a display shift, no money math. */
export function aprPercent(apr: string, lang: Lang): string {
  return formatPercent(new Decimal(apr).mul(100).toFixed(), lang, 2).replace(/^\+/, '');
}

/** A date and time to the minute (maturity, sale end, settlement). */
export function dateTime(ts: number): string {
  return dayjs(ts).format('YYYY-MM-DD HH:mm');
}

/** The dual coins (each against USDT). */
export const DUAL_COINS = ['BTC', 'ETH'] as const;
export type DualCoin = (typeof DUAL_COINS)[number];

/** A date within the next weeks, to the minute, without the year (a card's maturity: fits a third of the row). */
export function shortDateTime(ts: number): string {
  return dayjs(ts).format('MM-DD HH:mm');
}
