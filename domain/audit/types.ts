/**
 * The settlement audit (`npm run audit`): every area that settles from market prices
 * registers an auditor that re-derives each settled row from its stored inputs and the stored
 * price record, with the same domain/ formulas that settled it. The operator endpoint
 * `GET /ops/audit` runs them all; the CLI prints `N settled, M mismatches`.
 *
 * An audit is whole (every settled row) or incremental (`after`: only the rows the ledger moved
 * money for after that journal row; the report's `through` is where the next one starts).
 */

/** One settled row that does not recompute. */
export interface AuditMismatch {
  /** The auditor's kind (`options`, `futures`, `spot`, …) and the row's id within it. */
  kind: string;
  id: number;
  /** What differs, in English for the operator: `payout 19.2 stored, 18 recomputed`. */
  detail: string;
}

/** What one auditor found. */
export interface AuditSection {
  kind: string;
  /** Settled rows checked. */
  settled: number;
  mismatches: AuditMismatch[];
  /** How long the auditor took (ms of wall time). */
  ms?: number;
}

/** `GET /ops/audit`: every auditor's section and the totals. */
export interface AuditReport {
  settled: number;
  mismatches: number;
  sections: AuditSection[];
  /** When the audit ran (server clock, ms). */
  at: number;
  /** Null for a whole audit; else the journal row after which money moved for the rows audited. */
  after: number | null;
  /**
   * The newest journal row when the audit began: everything the ledger had moved by then is
   * covered (with `after`, what it moved since). Pass it as the next audit's `after`.
   */
  through: number;
}
