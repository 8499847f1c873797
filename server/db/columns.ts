/**
 * Reading a row's columns alike on PostgreSQL and PGlite, which answer NUMERIC as text in the
 * column's scale ("0.0100") and BIGINT as text: a decimal comes back normalised ("0.01"), a BIGINT
 * (an id, a time in ms) as a number, and NULL (or a column the query left out) as null.
 */
import { Decimal } from '../../domain/decimal';

/** NUMERIC text without trailing zeros ("0.0100" → "0.01"), or null. */
export function norm(v: string | number | null | undefined): string | null {
  return v === null || v === undefined ? null : new Decimal(v).toFixed();
}

/** A BIGINT or INTEGER as a number, or null. */
export function num(v: string | number | null | undefined): number | null {
  return v === null || v === undefined ? null : Number(v);
}
