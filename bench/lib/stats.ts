/** Small statistics over samples; no time thresholds anywhere. */

/** The p-th percentile (0–100) of an ascending array, nearest rank; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** p50, p95, p99 and max of unsorted samples. */
export function quantiles(samples: readonly number[]): { p50: number; p95: number; p99: number; max: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    n: sorted.length,
  };
}

export function median(samples: readonly number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}

/** Rounds for display and JSON: `d` decimals. */
export const round = (n: number, d = 2): number => (Number.isFinite(n) ? Number(n.toFixed(d)) : n);

/** `a / b` rounded, or "n/a" when b is 0. */
export const ratio = (a: number, b: number, d = 1): number | string => (b ? round(a / b, d) : 'n/a');

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Linear least-squares slope of y over x (per unit of x); 0 with fewer than two points. */
export function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}
