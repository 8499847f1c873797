/**
 * Every area's part of the worker's snapshot, and who merges it: one entry per key the worker can
 * send (`Appliers` has no optional keys, so an area added to the worker without its applier here
 * does not compile). main.tsx hands `applySnapshot` to the worker client, which knows no state.
 */
import type { WorkerSnapshot } from '../../worker/state';
import type { Appliers, SnapshotKey } from './applier';
import { applyChat } from './chat';
import { applyFutures } from './futures';
import { applyLoans } from './loans';
import { marketAppliers } from './market';
import { applyAuctions } from './nft';
import { applyOptions } from './options';

/**
 * In the order they are applied: the connection and the private channel first, then the areas'
 * views, the market's, and last the live messages, whose listeners may read what came before.
 */
const APPLIERS: Appliers = {
  status: marketAppliers.status,
  versionMismatch: marketAppliers.versionMismatch,
  private: marketAppliers.private,
  futures: applyFutures,
  options: applyOptions,
  auctions: applyAuctions,
  loans: applyLoans,
  chat: applyChat,
  tickers: marketAppliers.tickers,
  movers: marketAppliers.movers,
  rankings: marketAppliers.rankings,
  depth: marketAppliers.depth,
  trades: marketAppliers.trades,
  glance: marketAppliers.glance,
  klines: marketAppliers.klines,
  user: marketAppliers.user,
};
const KEYS = Object.keys(APPLIERS) as SnapshotKey[];

/** Merges one worker snapshot into the state, key by key. */
export function applySnapshot(snap: WorkerSnapshot): void {
  for (const key of KEYS) {
    const value = snap[key];
    if (value !== undefined) (APPLIERS[key] as (v: typeof value) => void)(value);
  }
}
