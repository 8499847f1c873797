import type { WorkerSnapshot } from '../../worker/state';

/** A key of the worker's snapshot: each belongs to one area's slice (worker/<area>/). */
export type SnapshotKey = keyof WorkerSnapshot;

/** Merges one key of a snapshot into an area's state. */
export type Applier<K extends SnapshotKey> = (value: NonNullable<WorkerSnapshot[K]>) => void;

/** One applier per key in `K`: with the default, every key the worker can send, or it does not compile. */
export type Appliers<K extends SnapshotKey = SnapshotKey> = { [P in K]-?: Applier<P> };
