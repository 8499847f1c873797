/**
 * A slot between two worker snapshots for work that paints a lot and need not be on time, such
 * as the chart's live bar. A snapshot's React commit is laid out and painted in the frame after
 * it lands; a canvas drawn in that same frame makes one long task of both (bench/ trade-screen
 * at 4× CPU). Work given to `betweenSnapshots` runs once the snapshot's frame has gone by and
 * well before the next snapshot is due (they come at most every `SNAPSHOT_INTERVAL_MS`, 100 ms).
 */

/** After a snapshot, the frames that render it (two at 60 Hz). */
const SETTLE_MS = 34;
/** Later than this after a snapshot, the next one may land with the work: wait for it instead. */
const LATEST_MS = 60;
/** Without snapshots (a quiet feed), the work runs anyway after this. */
const MAX_WAIT_MS = 200;

let lastSnapshotAt = -Infinity;
const waiting = new Set<() => void>();

/** Called by `applySnapshot` once a snapshot is merged. */
export function noteSnapshot(): void {
  lastSnapshotAt = performance.now();
  for (const next of [...waiting]) next();
}

/** Runs `fn` in the next quiet slot between snapshots; returns a cancel. */
export function betweenSnapshots(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done = false;
  const run = () => {
    cancel();
    done = true;
    fn();
  };
  const onSnapshot = () => {
    waiting.delete(onSnapshot);
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  };
  const cancel = () => {
    waiting.delete(onSnapshot);
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const since = performance.now() - lastSnapshotAt;
  if (since >= SETTLE_MS && since <= LATEST_MS) run();
  else if (since < SETTLE_MS) timer = setTimeout(run, SETTLE_MS - since);
  else {
    waiting.add(onSnapshot);
    timer = setTimeout(run, MAX_WAIT_MS);
  }
  return () => {
    if (!done) cancel();
  };
}
