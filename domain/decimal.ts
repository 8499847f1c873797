import DecimalBase from 'decimal.js';

/** The project's one Decimal class: 20 significant digits, half-up rounding. */
export const Decimal = DecimalBase.clone({ precision: 20, rounding: DecimalBase.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;

/** A plain decimal literal as it may appear on the wire: no exponent, no sign prefix `+`, no spaces. */
const DECIMAL_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** True when `value` is a plain decimal string (no exponent, NaN, Infinity or hex). */
export function isDecimalString(value: string): boolean {
  return DECIMAL_RE.test(value);
}

/** Count of digits after the decimal point in a plain decimal string. */
export function countDecimals(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * Formats an integer count of `10^-decimals` units as a decimal string:
 * `formatUnits(6512345n, 2)` → `"65123.45"`. Prices and quantities of the market
 * source are integers of their tick and lot size, so they never pass through a float.
 */
export function formatUnits(units: bigint | number, decimals: number): string {
  const n = typeof units === 'bigint' ? units : BigInt(units);
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const frac = decimals === 0 ? '' : `.${digits.slice(-decimals)}`;
  return `${negative ? '-' : ''}${whole}${frac}`;
}

/** Parses a decimal string into integer units of `10^-decimals`, rounding half up. */
export function parseUnits(value: string, decimals: number): bigint {
  // Fast path, exact: a plain literal with no more decimals than asked is just its digits.
  if (DECIMAL_RE.test(value)) {
    const [whole = '0', frac = ''] = value.split('.');
    if (frac.length <= decimals) return BigInt(whole + frac.padEnd(decimals, '0'));
  }
  return BigInt(new Decimal(value).mul(new Decimal(10).pow(decimals)).toDecimalPlaces(0).toFixed(0));
}

/** Anything a Decimal can be made from without loss: a decimal string, an integer number, a Decimal. */
export type DecimalValue = string | number | Decimal;
