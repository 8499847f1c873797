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
  PreviewFigures,
  PreviewInput,
  PreviewProblem,
  RiskLevel,
} from '../worker';
import { applySnapshot } from './state/market';

let remote: Remote<WorkerApi> | null = null;

/** Starts the worker and its socket (once). */
export function startWorker(): Remote<WorkerApi> {
  if (remote) return remote;
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'feed' });
  remote = wrap<WorkerApi>(worker);
  void remote.connection.onSnapshot(comlinkProxy(applySnapshot));
  void remote.connection.connect(location.origin);
  return remote;
}

export function getWorker(): Remote<WorkerApi> {
  return remote ?? startWorker();
}
