/** A day in milliseconds (UTC days: the engines' day boundaries are UTC midnights). */
export const DAY_MS = 86_400_000;

/** Under this age a timestamp reads "just now". */
export const JUST_NOW_MS = 5 * 60 * 1000;

/** A timestamp with more than 10 digits is in milliseconds, otherwise in seconds. */
export function toMillis(timestamp: number | string): number {
  const digits = String(timestamp).replace(/^-/, '').split('.')[0] ?? '';
  const n = Number(timestamp);
  return digits.length > 10 ? n : n * 1000;
}

/** True when `timestamp` is less than 5 minutes before `nowMs` ("just now"). */
export function isJustNow(timestamp: number | string, nowMs: number): boolean {
  const age = nowMs - toMillis(timestamp);
  return age >= 0 && age < JUST_NOW_MS;
}
