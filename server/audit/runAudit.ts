/**
 * Runs every registered auditor (`GET /ops/audit`, docs/AUDIT.md) one after another and sums
 * them. An auditor that throws is reported as one mismatch of its kind (id 0) rather than
 * failing the whole report: the audit never reads as clean when part of it could not run.
 */
import type { AuditReport, AuditSection } from '../../domain/audit/types';
import type { Clock } from '../clock';
import type { AuditContext, AuditRegistry } from './registry';

export async function runAudit(registry: AuditRegistry, ctx: AuditContext, clock: Clock): Promise<AuditReport> {
  const at = clock.now();
  const sections: AuditSection[] = [];
  for (const auditor of registry.list()) {
    try {
      const section = await auditor.audit(ctx);
      sections.push({ ...section, kind: auditor.kind });
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
  };
}

/** The report as the CLI prints it: a line per kind, each mismatch, then `N settled, M mismatches`. */
export function formatAudit(report: AuditReport): string {
  const lines: string[] = [];
  for (const section of report.sections) {
    lines.push(`${section.kind}: ${section.settled} settled, ${section.mismatches.length} mismatches`);
    for (const m of section.mismatches) lines.push(`  ${m.kind} #${m.id}: ${m.detail}`);
  }
  lines.push(`${report.settled} settled, ${report.mismatches} mismatches`);
  return lines.join('\n');
}
