/** The IEO screens' clock: the shared second tick for the countdowns (src/ui), and how times read. */
import dayjs from 'dayjs';

export { countdownParts, useSecondTick } from '../../ui/useSecondTick';

/** A date and time to the minute (start, end, subscription). */
export function dateTime(ts: number): string {
  return dayjs(ts).format('YYYY-MM-DD HH:mm');
}

/** A date (unlock). */
export function dateOnly(ts: number): string {
  return dayjs(ts).format('YYYY-MM-DD');
}
