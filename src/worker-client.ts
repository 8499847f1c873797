/**
 * The one wrapper around the worker: the UI talks to the socket only through this typed
 * comlink proxy, and snapshots land in the valtio market state.
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { WorkerApi, WorkerSnapshot } from '../worker';

export type { AmountProblem, BookRowView, BookView, ExchangePreview, FeedStatus, Movers, TradeView, WorkerSnapshot } from '../worker';
export type {
  FuturesAccountView,
  FuturesOrderView,
  FuturesPositionPatch,
  FuturesPositionView,
  FuturesPreview,
  FuturesView,
  OptionView,
  OptionsView,
  PreviewFigures,
  PreviewInput,
  PreviewProblem,
  RiskLevel,
} from '../worker';
export type { SpotFigures, SpotPreview, SpotPreviewInput, SpotProblem } from '../worker';
import { applySnapshot } from './state/market';

/** The worker sends the UI its changes at most this often. */
export const SNAPSHOT_INTERVAL_MS = 100;

let remote: Remote<WorkerApi> | null = null;
/** The UI's end of the snapshot channel, held here for the life of the app. */
let snapshots: MessagePort | null = null;

/** Starts the worker and its socket (once). */
export function startWorker(): Remote<WorkerApi> {
  if (remote) return remote;
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'feed' });
  remote = wrap<WorkerApi>(worker);
  // Snapshots come one-way on a port of their own (no reply per snapshot, as a comlink callback
  // would send); calls and their answers stay on comlink.
  const { port1, port2 } = new MessageChannel();
  snapshots = port1;
  snapshots.onmessage = (e: MessageEvent<WorkerSnapshot>) => applySnapshot(e.data);
  void remote.connection.onSnapshot(transfer(port2, [port2]));
  // Ten screen updates a second, however many ticks arrive: what a trader can read, and what a
  // cheap phone can draw (bench/ trade-screen).
  void remote.connection.connect(location.origin, SNAPSHOT_INTERVAL_MS);
  return remote;
}

export function getWorker(): Remote<WorkerApi> {
  return remote ?? startWorker();
}
