/**
 * How often an engine that keeps its working set in memory (futures, spot, alerts, loans, the
 * seconds options, the mini game) reads it whole again. The engine hears every change committed on
 * its own node (its service's `onChange`); the reload is how it learns of a change committed on
 * another node (and, where the bus carries those, a net for a lost message). A node alone (the
 * cluster bus reaches no other node: no `REDIS_URL`) hears every change, so it reads again only
 * hourly, a net for a change that was not heard; a fresh start reads it whole as well.
 */
import type { ClusterBus } from './cluster/ClusterBus';

export const ALONE_RELOAD_EVERY_MS = 3_600_000;

/** The reload period: `sharedMs` when other nodes may write, hourly when this node is alone. */
export function reloadEvery(bus: Pick<ClusterBus, 'shared'>, sharedMs: number): number {
  return bus.shared ? sharedMs : Math.max(sharedMs, ALONE_RELOAD_EVERY_MS);
}
