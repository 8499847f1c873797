import dayjs from 'dayjs';

/**
 * An option's moment to the second (open, deciding tick). Not `useTimeText`: its "just now" for
 * the last five minutes would hide the very time a 30 s option was decided at.
 */
export function clockTime(ts: number, pattern: 'HH:mm:ss' | 'MM-DD HH:mm:ss'): string {
  return dayjs(ts).format(pattern);
}
