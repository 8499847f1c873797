/** How the OTC screens write a moment. */
import dayjs from 'dayjs';

/** A date and time to the second (created, paid, completed). */
export function dateTime(ts: number): string {
  return dayjs(ts).format('YYYY-MM-DD HH:mm:ss');
}
