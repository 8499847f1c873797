/**
 * Runs every registered auditor (`GET /ops/audit`, docs/AUDIT.md) one after another and sums
 * them. An auditor that throws is reported as one mismatch of its kind (id 0) rather than
 * failing the whole report: the audit never reads as clean when part of it could not run.
 *
 * Whole, or incremental: with `after` (a journal row id, the previous report's `through`) each
 * auditor re-derives only the rows the ledger moved money for after that row, so a daily audit
 * (or the simulation's checkpoints) costs what settled since rather than the whole history.
 */
import type { AuditReport, AuditSection } from '../../domain/audit/types';
import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import type { Ledger } from '../ledger/Ledger';
import type { AuditContext, AuditRegistry } from './registry';

export interface AuditRun {
  registry: AuditRegistry;
  prices: AuditContext['prices'];
  db: Queryable;
  ledger: Ledger;
  clock: Clock;
}

export async function runAudit(run: AuditRun, after: number | null = null): Promise<AuditReport> {
  const at = run.clock.now();
  // Read first: what the ledger moves while the auditors run belongs to the next window.
  const through = await run.ledger.newestJournalRow(run.db);
  const ctx: AuditContext = { prices: run.prices, touched: after === null ? null : touchedBetween(run, after, through) };
  const sections: AuditSection[] = [];
  for (const auditor of run.registry.list()) {
    const started = performance.now();
    try {
      const section = await auditor.audit(ctx);
      sections.push({ ...section, kind: auditor.kind, ms: Math.round(performance.now() - started) });
    } catch (error) {
      const detail = `auditor failed: ${error instanceof Error ? error.message : String(error)}`;
      sections.push({ kind: auditor.kind, settled: 0, mismatches: [{ kind: auditor.kind, id: 0, detail }] });
    }
  }
  sections.sort((a, b) => a.kind.localeCompare(b.kind));
  return {
    settled: sections.reduce((n, s) => n + s.settled, 0),
    mismatches: sections.reduce((n, s) => n + s.mismatches.length, 0),
    sections,
    at,
    after,
    through,
  };
}

/** The ids each ref type's journal rows name in (after, through], read once per type. */
function touchedBetween(run: AuditRun, after: number, through: number): (refType: string) => Promise<readonly number[]> {
  const read = new Map<string, Promise<readonly number[]>>();
  return (refType) => {
    let ids = read.get(refType);
    if (!ids) read.set(refType, (ids = run.ledger.refsBetween(run.db, after, through, refType)));
    return ids;
  };
}

/**
 * The report as the CLI prints it: a line per kind (with its time), each mismatch, where the
 * audit ended in the journal, then `N settled, M mismatches` (last, for scripts).
 */
export function formatAudit(report: AuditReport): string {
  const lines: string[] = [];
  for (const section of report.sections) {
    const took = section.ms === undefined ? '' : ` (${(section.ms / 1000).toFixed(1)} s)`;
    lines.push(`${section.kind}: ${section.settled} settled, ${section.mismatches.length} mismatches${took}`);
    for (const m of section.mismatches) lines.push(`  ${m.kind} #${m.id}: ${m.detail}`);
  }
  const window = report.after === null ? 'everything' : `what the ledger moved money for after journal row ${report.after}`;
  lines.push(`audited ${window}, through journal row ${report.through} (next: npm run audit -- --after ${report.through})`);
  lines.push(`${report.settled} settled, ${report.mismatches} mismatches`);
  return lines.join('\n');
}
