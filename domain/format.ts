import { Decimal } from './decimal';

/** Default display precision (spec §9): 2 decimals, at most 4. */
export const DISPLAY_PRECISION_DEFAULT = 2;
export const DISPLAY_PRECISION_MAX = 4;

type Numeric = string | number | Decimal;

function clampPrecision(precision: number): number {
  return Math.min(DISPLAY_PRECISION_MAX, Math.max(DISPLAY_PRECISION_DEFAULT, Math.trunc(precision)));
}

/** Fixed decimals clamped to 2..4 (spec §9), rounding half up: `formatPrecision("1.23456", 3)` → `"1.235"`. */
export function formatPrecision(value: Numeric, precision = DISPLAY_PRECISION_DEFAULT): string {
  return new Decimal(value).toFixed(clampPrecision(precision));
}

/**
 * Compact display of large numbers (spec §9): above 1,000,000 as M, above 1,000 as K,
 * otherwise fixed decimals: `1234.5` → `"1.23K"`, `2500000` → `"2.50M"`, `999` → `"999.00"`.
 */
export function formatCompact(value: Numeric, precision = DISPLAY_PRECISION_DEFAULT): string {
  const d = new Decimal(value);
  const p = clampPrecision(precision);
  const abs = d.abs();
  if (abs.gt(1_000_000)) return `${d.div(1_000_000).toFixed(p)}M`;
  if (abs.gt(1_000)) return `${d.div(1_000).toFixed(p)}K`;
  return d.toFixed(p);
}

/** Sign of a profit or change for colouring: positive is up (green), zero flat (grey), negative down (red). */
export type Tone = 'up' | 'flat' | 'down';

/** Tone of a signed decimal (spec §9 colours). */
export function selectTone(value: Numeric): Tone {
  const d = new Decimal(value);
  if (d.isZero()) return 'flat';
  return d.isNegative() ? 'down' : 'up';
}

/** A signed percentage for display: `"1.5"` → `"+1.50%"`, `"-0.2"` → `"-0.20%"`. */
export function formatPercent(value: Numeric, precision = DISPLAY_PRECISION_DEFAULT): string {
  const d = new Decimal(value);
  const text = d.toFixed(clampPrecision(precision));
  return `${d.gt(0) ? '+' : ''}${text}%`;
}

/** Thousands separators on a plain decimal string, digits untouched: `"67250.1"` → `"67,250.1"`. */
export function groupThousands(value: string): string {
  const negative = value.startsWith('-');
  const body = negative ? value.slice(1) : value;
  const [whole = '', frac] = body.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
}
