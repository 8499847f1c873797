/** Kline periods, in the spelling of the API (`new_timeshar`). */
export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Fixed length of the periods that have one; weeks and months are calendar-aligned instead. */
const FIXED_PERIOD_MS: Record<Exclude<KlinePeriod, '1week' | '1mon'>, number> = {
  '1min': MINUTE_MS,
  '5min': 5 * MINUTE_MS,
  '15min': 15 * MINUTE_MS,
  '30min': 30 * MINUTE_MS,
  '60min': 60 * MINUTE_MS,
  '4hour': 240 * MINUTE_MS,
  '1day': DAY_MS,
};

/** True when `value` names a kline period. */
export function isKlinePeriod(value: string): value is KlinePeriod {
  return (KLINE_PERIODS as readonly string[]).includes(value);
}

/**
 * Start (UTC ms) of the bar that contains `timeMs`. Minutes to days align on the epoch,
 * weeks start on Monday 00:00 UTC, months on the first day 00:00 UTC.
 */
export function calculatePeriodStart(period: KlinePeriod, timeMs: number): number {
  if (period === '1week') {
    const dayStart = Math.floor(timeMs / DAY_MS) * DAY_MS;
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday = 0
    return dayStart - weekday * DAY_MS;
  }
  if (period === '1mon') {
    const d = new Date(timeMs);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const len = FIXED_PERIOD_MS[period];
  return Math.floor(timeMs / len) * len;
}

/** Start (UTC ms) of the bar after the one that starts at `startMs`. */
export function calculateNextPeriodStart(period: KlinePeriod, startMs: number): number {
  if (period === '1week') return startMs + 7 * DAY_MS;
  if (period === '1mon') {
    const d = new Date(startMs);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return startMs + FIXED_PERIOD_MS[period];
}
