import dayjs from 'dayjs';
export { ratePercent } from '../../ui/ratePercent';

/** A date and time to the minute (expiry, next yield, redemption). */
export function dateTime(ts: number): string {
  return dayjs(ts).format('YYYY-MM-DD HH:mm');
}
