/**
 * What an incremental audit reads (docs/AUDIT.md "Incremental audits"): the repositories' audit
 * pages take the touched ids (`AuditContext.touched`) and add this filter; null reads every row.
 */
import type { SqlValue } from '../db/db';
import type { AuditContext } from './registry';

/** ` AND <column> = ANY(…)` over `only`, its parameter pushed onto `params`; '' for every row. */
export function onlyRows(column: string, only: readonly number[] | null | undefined, params: SqlValue[]): string {
  if (!only) return '';
  params.push(only.join(','));
  return ` AND ${column} = ANY(string_to_array($${params.length}, ',')::bigint[])`;
}

/** The ids of `refType` an incremental audit covers, or null for every row. */
export async function auditScope(ctx: Pick<AuditContext, 'touched'>, refType: string): Promise<readonly number[] | null> {
  return ctx.touched ? ctx.touched(refType) : null;
}
