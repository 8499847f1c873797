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
