/**
 * The worker's state is a set of slices, one per area (`worker/<area>/`). Each applies what the
 * feed brings (its own `apply…` methods), says whether it changed (`isDirty`) and hands its
 * changes over once (`take`). The snapshot the UI receives is the union of the dirty slices'
 * changes, built at most once per frame; adding an area adds a slice, not a branch here.
 */
export interface Slice<Changes extends object> {
  /** True when something changed since the last `take`. */
  readonly isDirty: boolean;
  /** The changes since the last call, clearing the change marks; `nowMs` paces slow work. */
  take(nowMs: number): Changes;
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
