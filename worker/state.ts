/**
 * The worker's state: the slices `areas.ts` lists, composed here. Each feed event goes to every
 * slice that declares a hook for it (`SliceHooks`), in the areas' order; `index.ts` wires the
 * state to the feed and the UI; tests drive it directly.
 */
import type { Lang } from '../domain/i18n';
import type { Ticker } from '../domain/market/types';
import { createAreas, type Areas } from './areas';
import type { FeedHandlers } from './feed/Feed';
import { takeChanges, type ChangesOf, type Slice, type SliceHooks } from './slice';

/** What the UI receives, at most once per frame: the dirty slices' changes, merged. */
export type WorkerSnapshot = Partial<ChangesOf<Areas[keyof Areas]>>;

/** `now`: the clock of the slices that hold changes back (`createAreas`), injected in tests. */
export function createWorkerState(now: () => number = Date.now) {
  const slices = createAreas(now);
  const all = Object.values(slices);
  const hooks: readonly SliceHooks[] = all.flatMap((s: Slice<object>) => (s.hooks ? [s.hooks] : []));
  /** A `quotes` snapshot or message: its tickers go to the slices that price with them, after every public hook ran. */
  const applyTickers = (tickers: readonly Ticker[]): void => {
    for (const h of hooks) h.applyTickers?.(tickers);
  };
  return {
    ...slices,
    /** True when any slice changed since the last `take`. */
    get isDirty(): boolean {
      return all.some((s) => s.isDirty);
    },
    /** How long until changes held back by a slice should go (the soonest); null when none are. */
    get dueInMs(): number | null {
      const due = all.flatMap((s: Slice<object>) => (s.dueInMs === undefined || s.dueInMs === null ? [] : [s.dueInMs]));
      return due.length ? Math.min(...due) : null;
    },
    /** The dirty slices' changes, merged; `nowMs` paces slow work (the movers ranking). */
    take(nowMs = now()): WorkerSnapshot {
      return takeChanges(all, nowMs);
    },
    /** Sets the interface language the slices write their texts in. */
    setLang(lang: Lang): void {
      for (const h of hooks) h.setLang?.(lang);
    },
    /** Feed handlers that hand what arrives to the slices' hooks, then call `changed`. */
    feedHandlers(changed: () => void): FeedHandlers {
      return {
        snapshot: (s) => {
          for (const h of hooks) h.applySnapshot?.(s);
          if (s.kind === 'quotes') applyTickers(s.data);
          changed();
        },
        message: (m) => {
          for (const h of hooks) h.applyMessage?.(m);
          if (m.kind === 'quotes') applyTickers(m.data);
          changed();
        },
        privateSnapshot: (s) => {
          for (const h of hooks) {
            h.applyPrivate?.(s);
            h.privateChanged?.();
          }
          changed();
        },
        user: (m) => {
          for (const h of hooks) {
            h.applyUser?.(m);
            h.privateChanged?.(m.kind);
          }
          changed();
        },
        status: (s) => (slices.connection.setStatus(s), changed()),
        dropped: (t) => {
          for (const h of hooks) h.drop?.(t);
        },
        hello: (info) => (slices.connection.setServerVersion(info.version), changed()),
      };
    },
  };
}
export type WorkerState = ReturnType<typeof createWorkerState>;
