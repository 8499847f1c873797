/**
 * Where settling areas register their auditors (docs/AUDIT.md). An area's plugin calls
 * `fastify.audit.registry.register({ kind, audit })` with a function that re-derives each of its settled
 * rows from the stored inputs and the price record and reports the rows that differ.
 */
import type { AuditSection } from '../../domain/audit/types';
import type { PriceRecord } from './PriceRecord';

export interface AuditContext {
  /** The stored market record to check a deciding price against. */
  prices: PriceRecord;
  /**
   * An incremental audit (`GET /ops/audit?after=`): the ids of the rows the ledger moved money
   * for in its window, by the `ref` type their operations carry (`options`, `futures`, …); each
   * auditor re-derives those rows only (whole: a trade with all its settlements, a loan with all
   * its events). Absent or null in a whole audit: every settled row.
   */
  touched?: ((refType: string) => Promise<readonly number[]>) | null;
}

export interface Auditor {
  /** Short name of what it audits (`options`, `futures`, `spot`); one auditor per kind. */
  kind: string;
  audit(ctx: AuditContext): Promise<AuditSection>;
}

export class AuditRegistry {
  private readonly auditors = new Map<string, Auditor>();

  register(auditor: Auditor): void {
    if (this.auditors.has(auditor.kind)) throw new Error(`auditor ${auditor.kind} registered twice`);
    this.auditors.set(auditor.kind, auditor);
  }

  list(): Auditor[] {
    return [...this.auditors.values()];
  }
}
