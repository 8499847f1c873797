/**
 * The one wrapper around the worker: the UI talks to the socket only through this typed
 * comlink proxy, and each snapshot goes to the function the app starts it with (main.tsx hands
 * it state/snapshot.ts's `applySnapshot`, so this file knows no state). The views' types are
 * imported from the worker area that declares them (`import type`), not through here.
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { WorkerApi } from '../worker';
import type { WorkerSnapshot } from '../worker/state';
import { afterRender } from './state/select';

/**
 * The least time between two snapshots; 0: one per animation frame at most. What keeps a slow
 * phone's main thread free is the rest the worker takes after each snapshot (1.5× what the UI
 * says it cost), not a fixed interval: with 50 ms here a fast phone showed a price 57 ms after
 * its emit at the median (bench/ latency, 1×), 28 ms per frame.
 */
export const SNAPSHOT_INTERVAL_MS = 0;

let remote: Remote<WorkerApi> | null = null;

/** Starts the worker and its socket (once); `apply` merges each snapshot into the UI's state. */
export function startWorker(apply: (snap: WorkerSnapshot) => void): Remote<WorkerApi> {
  if (remote) return remote;
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'feed' });
  remote = wrap<WorkerApi>(worker);
  // Snapshots come on a port of their own, as plain messages; calls and their answers stay on
  // comlink. Each snapshot is answered once the frame that shows it is painted, with what it cost
  // the main thread (applying it and React's render, then that frame's; not the wait for it): the
  // worker sends the next only then, and leaves the main thread at least as long for everything
  // else. A phone that draws slower is sent fewer snapshots, each holding everything since.
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = (e: MessageEvent<WorkerSnapshot>) => {
    const start = performance.now();
    apply(e.data);
    // What the snapshot cost includes React's render of it, which runs in microtasks after `apply`:
    // without it the worker's rest missed the larger part (bench/HISTORY.md, 2026-12-05).
    afterRender(() => {
      const applied = performance.now() - start;
      requestAnimationFrame(() => {
        const frame = performance.now();
        // A task queued in a frame callback runs after that frame's style, layout and paint.
        setTimeout(() => port1.postMessage(applied + performance.now() - frame), 0);
      });
    });
  };
  void remote.connection.onSnapshot(transfer(port2, [port2]));
  // One screen update per frame at most, however many ticks arrive, and fewer when the phone
  // draws slower (bench/ live-screen, latency).
  void remote.connection.connect(location.origin, SNAPSHOT_INTERVAL_MS);
  return remote;
}

/** The running worker; main.tsx starts it before the app renders. */
export function getWorker(): Remote<WorkerApi> {
  if (!remote) throw new Error('the worker has not been started (main.tsx starts it before rendering)');
  return remote;
}
