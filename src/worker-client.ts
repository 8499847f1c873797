/**
 * The one wrapper around the worker: the UI talks to the socket only through this typed
 * comlink proxy, and snapshots land in the valtio market state.
 */
import { proxy as comlinkProxy, wrap, type Remote } from 'comlink';
import type { WorkerApi } from '../worker';

export type { AmountProblem, BookRowView, BookView, ExchangePreview, FeedStatus, Movers, TradeView, WorkerSnapshot } from '../worker';
export type {
  FuturesAccountView,
  FuturesOrderView,
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

/** Starts the worker and its socket (once). */
export function startWorker(): Remote<WorkerApi> {
  if (remote) return remote;
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'feed' });
  remote = wrap<WorkerApi>(worker);
  void remote.connection.onSnapshot(comlinkProxy(applySnapshot));
  // Ten screen updates a second, however many ticks arrive: what a trader can read, and what a
  // cheap phone can draw (bench/ trade-screen).
  void remote.connection.connect(location.origin, SNAPSHOT_INTERVAL_MS);
  return remote;
}

export function getWorker(): Remote<WorkerApi> {
  return remote ?? startWorker();
}
