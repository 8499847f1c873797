/**
 * How both drivers turn a column's text into a JS value, so PGlite and PostgreSQL answer alike:
 * - NUMERIC (OID 1700, also what SUM/AVG over NUMERIC return) becomes its normalised decimal
 *   string: trailing zeros go ("0.0100" → "0.01", "5.000" → "5"), never a float.
 * - BIGINT (INT8, OID 20: ids, millisecond times, COUNT(*)) becomes a JS number; the values the
 *   app stores stay far below 2^53.
 * - INTEGER and SMALLINT are numbers already in both drivers; text, booleans and JSON keep their
 *   drivers' defaults. A `::text` cast in SQL is text and is left exactly as the database wrote it
 *   (prices keep their recorded decimals that way).
 */
import { Decimal, isDecimalString } from '../../domain/decimal';

export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

/**
 * NUMERIC text as its normalised decimal string ("0.0100" → "0.01"). Every NUMERIC column of
 * every read comes through here, so the database's own plain form is normalised by trimming its
 * trailing zeros (a Decimal per value was a tenth of a restarted node's start, reading its bars);
 * anything else (NaN, an exponent) goes through Decimal. Both give the same string.
 */
export function parseNumeric(value: string): string {
  // PostgreSQL writes a finite NUMERIC as a plain decimal: an optional minus, no leading zeros, no exponent.
  if (!isDecimalString(value)) return new Decimal(value).toFixed();
  const dot = value.indexOf('.');
  if (dot === -1) return value;
  let end = value.length;
  while (value.charCodeAt(end - 1) === 48) end--;
  if (end === dot + 1) end = dot;
  const trimmed = value.slice(0, end);
  return trimmed === '-0' ? '0' : trimmed;
}

/** BIGINT text as a number. */
export function parseBigint(value: string): number {
  return Number(value);
}

/** The parsers by type OID, the same map for both drivers. */
export const COLUMN_PARSERS: Readonly<Record<number, (value: string) => string | number>> = {
  [INT8_OID]: parseBigint,
  [NUMERIC_OID]: parseNumeric,
};
