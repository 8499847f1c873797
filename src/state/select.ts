import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { subscribe } from 'valtio';

/**
 * Reads one value of a valtio state and re-renders only when that value changes (`Object.is`),
 * not when anything else in the state does: a book row reads its own row (kept by identity
 * while its texts stay the same), a form reads one string of a view the worker replaces every
 * tick. `select` reads the live state (not a snapshot) and must return a primitive or an object
 * that keeps its identity while unchanged (the worker's views are held with `ref()`).
 */
export function useSelect<T extends object, R>(state: T, select: (state: T) => R): R {
  const listen = useCallback((onChange: () => void) => subscribe(state, onChange), [state]);
  return useSyncExternalStore(listen, () => select(state));
}

/**
 * Like `useSelect`, but takes changes at most once per `intervalMs` (the first change of a quiet
 * spell after `intervalMs`, then the latest one each interval): for parts a trader reads at a
 * glance (the tape, the depth chart) that need not repaint on every snapshot. `key` names
 * what `select` reads (e.g. the symbol): when it changes, the new value is read at once.
 */
export function useThrottledSelect<T extends object, R>(state: T, select: (state: T) => R, intervalMs: number, key = ''): R {
  const [value, setValue] = useState(() => select(state));
  const latest = useRef(select);
  useEffect(() => {
    latest.current = select;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const take = () => {
      timer = null;
      setValue(() => latest.current(state));
    };
    take();
    const stop = subscribe(state, () => {
      timer ??= setTimeout(take, intervalMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [state, intervalMs, key]);
  return value;
}

/**
 * Runs `fn` once what a change to a valtio state sets off has rendered: valtio tells its
 * subscribers (`useSelect`'s `useSyncExternalStore`) in a microtask, and React renders and
 * commits what they read in one it queues from there; `turns` microtasks later both have run.
 */
export function afterRender(fn: () => void, turns = 3): void {
  queueMicrotask(() => (turns > 1 ? afterRender(fn, turns - 1) : fn()));
}
