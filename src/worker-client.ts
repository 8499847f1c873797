/**
 * The one wrapper around the worker: the UI talks to the socket only through this typed
 * comlink proxy, and snapshots land in the valtio market state.
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { WorkerApi, WorkerSnapshot } from '../worker';

export type { BookGlance, PaintTheme, SurfaceKind } from '../worker';
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
export type { IeoPreview, IeoPreviewInput, IeoProblem } from '../worker';
export type { LockmingPreview, LockmingPreviewInput, LockmingProblem } from '../worker';
export type { BorrowPreview, BorrowProblem, LoanLiveView, RepayPreview, RepayProblem, TopUpPreview, TopUpProblem } from '../worker';
export type { DualPreview, DualPreviewInput, DualProblem, PayoffPoint } from '../worker';
export type { FollowPreview, FollowPreviewInput, FollowProblem, LotRules, RiskProblem } from '../worker';
export type { OtcPreview, OtcPreviewInput, OtcPreviewProblem } from '../worker';
export type { GameStakePreview } from '../worker';
export type { AlertPreview, AlertPreviewInput } from '../worker';
export type { ChatView } from '../worker';
export type {
  AuctionView,
  BidPreview,
  BidPreviewInput,
  BidProblem,
  BoxPreview,
  BoxPreviewInput,
  BoxVerification,
  ResalePreview,
  ResalePreviewInput,
} from '../worker';
import { applySnapshot } from './state/market';

/**
 * The worker sends the UI its changes at most this often (20 a second: a price is on screen
 * within about this long of arriving, bench/ latency), and never faster than the UI draws them.
 */
export const SNAPSHOT_INTERVAL_MS = 50;

let remote: Remote<WorkerApi> | null = null;

/** Starts the worker and its socket (once). */
export function startWorker(): Remote<WorkerApi> {
  if (remote) return remote;
  const worker = new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'feed' });
  remote = wrap<WorkerApi>(worker);
  // Snapshots come on a port of their own, as plain messages; calls and their answers stay on
  // comlink. Each snapshot is answered once the frame that shows it is painted, with what it cost
  // the main thread (applying it, then that frame's rendering; not the wait for the frame): the
  // worker sends the next only then, and leaves the main thread at least as long for everything
  // else. A phone that draws slower is sent fewer snapshots, each holding everything since.
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = (e: MessageEvent<WorkerSnapshot>) => {
    const start = performance.now();
    applySnapshot(e.data);
    const applied = performance.now() - start;
    requestAnimationFrame(() => {
      const frame = performance.now();
      // A task queued in a frame callback runs after that frame's style, layout and paint.
      setTimeout(() => port1.postMessage(applied + performance.now() - frame), 0);
    });
  };
  void remote.connection.onSnapshot(transfer(port2, [port2]));
  // Twenty screen updates a second at most, however many ticks arrive, and fewer when the phone
  // draws slower (bench/ live-screen, latency).
  void remote.connection.connect(location.origin, SNAPSHOT_INTERVAL_MS);
  return remote;
}

export function getWorker(): Remote<WorkerApi> {
  return remote ?? startWorker();
}
