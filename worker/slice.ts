/**
 * The worker's state is a set of slices, one per area (`worker/<area>/`). Each applies what the
 * feed brings through the hooks it declares (`SliceHooks`), says whether it changed (`isDirty`)
 * and hands its changes over once (`take`). The snapshot the UI receives is the union of the
 * dirty slices' changes, built at most once per frame. `areas.ts` lists the slices and
 * `state.ts` calls each hook on every slice that declares it, so adding an area adds a slice and
 * a line there, not a branch in the fan-out.
 */
import type { Lang } from '../domain/i18n';
import type { Ticker } from '../domain/market/types';
import type { PrivateKind, PrivateSnapshot, TopicMessage, TopicSnapshot, UserMessage } from '../domain/protocol';

/**
 * What a slice takes from outside, each optional. For one event every slice's hook runs in
 * `areas.ts`'s order, so a slice listed after the account slice reads the account as it already
 * is after the event (the futures and options slices do).
 */
export interface SliceHooks {
  /** A public topic's whole state (on subscribe or after a resync). */
  applySnapshot?(snap: TopicSnapshot): void;
  /** One live message of a public topic, its sequence number already checked. */
  applyMessage?(msg: TopicMessage): void;
  /** The tickers a `quotes` snapshot or message brought, once every slice applied that event. */
  applyTickers?(tickers: readonly Ticker[]): void;
  /** The private channel's whole state; null when it closed. */
  applyPrivate?(snap: PrivateSnapshot | null): void;
  /** One private channel message, in `seq` order. */
  applyUser?(msg: UserMessage): void;
  /**
   * The private channel changed (a snapshot when `kind` is undefined, else a message of that
   * kind); called right after this slice's own `applyPrivate` or `applyUser`.
   */
  privateChanged?(kind?: PrivateKind): void;
  /** Nobody watches this public topic any more. */
  drop?(topic: string): void;
  /** The interface language changed. */
  setLang?(lang: Lang): void;
}

export interface Slice<Changes extends object> {
  /** What the feed and the interface language hand this slice; none for a slice the UI alone drives. */
  readonly hooks?: SliceHooks;
  /** True when something changed since the last `take` that should go to the UI now. */
  readonly isDirty: boolean;
  /** Changes held back (not `isDirty` yet): how long until they should go; null or absent when none are. */
  readonly dueInMs?: number | null;
  /** The changes since the last call, clearing the change marks; `nowMs` paces slow work. */
  take(nowMs: number): Changes;
}

/**
 * How long changes a slice holds back still wait (0: they may go now): until `everyMs` after its
 * last take (`lastTakeAt`, null or -Infinity before the first), on the slice's clock (`now`).
 * The one rule of the slices that pace what ticks (the market's pairs off screen, the futures
 * positions, the loans' LTV).
 */
export function heldFor(lastTakeAt: number | null, everyMs: number, now: number): number {
  return lastTakeAt === null ? 0 : Math.max(0, lastTakeAt + everyMs - now);
}

/** The union of the dirty slices' changes. */
export function takeChanges<S extends readonly Slice<object>[]>(slices: S, nowMs: number): Partial<ChangesOf<S[number]>> {
  const out: Record<string, unknown> = {};
  for (const slice of slices) if (slice.isDirty) Object.assign(out, slice.take(nowMs));
  return out as Partial<ChangesOf<S[number]>>;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** The changes type of a union of slices, merged. */
export type ChangesOf<S> = UnionToIntersection<S extends Slice<infer C> ? C : never>;

/**
 * What a view row sends after its first time: `next`'s fields that differ from `prev` (the last
 * sent), with `next[key]` naming the row; null when nothing differs. The UI merges it into the
 * row it holds (`{ ...old, ...patch }`), so a tick costs the wire only the fields it moved.
 */
export function changedFields<T extends object, K extends keyof T>(prev: T, next: T, key: K): (Partial<T> & Pick<T, K>) | null {
  let patch: Partial<T> | null = null;
  for (const k of Object.keys(next) as (keyof T)[])
    if (prev[k] !== next[k]) (patch ??= { [key]: next[key] } as unknown as Partial<T>)[k] = next[k];
  return patch as (Partial<T> & Pick<T, K>) | null;
}
