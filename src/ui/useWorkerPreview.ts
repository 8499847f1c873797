import { useEffect, useState, type DependencyList } from 'react';
import { useTranslation } from 'react-i18next';

export interface WorkerPreviewOptions<T> {
  /**
   * Where each answer goes instead of the hook's state: a form whose preview follows the price
   * keeps it outside React state, so a tick re-renders only the lines that show it. The hook
   * then returns null.
   */
  into?: (answer: T) => void;
  /**
   * Something besides `deps` that makes the answer stale (a price the preview follows): called
   * once the first question was asked, with a function that asks again; returns how to stop.
   * How often it asks (a throttle) is its own business.
   */
  follow?: (askAgain: () => void) => () => void;
}

/**
 * The worker's answer for the form's current inputs: an order sheet's cost, a loan's LTV, a
 * bid's minimum. `ask` is called whenever one of `deps` changes (eslint checks the list, as for
 * `useMemo`) and when the language changes (the worker words its problems in it); it returns the
 * worker's promise, or nothing while the inputs it needs are still loading, which keeps the
 * answer already shown. An answer to inputs that have since changed, or to a question asked
 * again since, is dropped, so a slow reply never overwrites the reply to what the user typed last.
 */
export function useWorkerPreview<T>(
  ask: () => Promise<T> | null | undefined | false,
  deps: DependencyList,
  { into, follow }: WorkerPreviewOptions<T> = {},
): T | null {
  const { i18n } = useTranslation();
  const [answer, setAnswer] = useState<T | null>(null);
  useEffect(
    () => {
      let live = true;
      let asked = 0;
      const send = (): boolean => {
        const pending = ask();
        if (!pending) return false;
        const n = ++asked;
        void pending.then((next) => {
          if (!live || n !== asked) return;
          if (into) into(next);
          else setAnswer(next);
        });
        return true;
      };
      if (!send()) return;
      const stop = follow?.(() => void send());
      return () => {
        live = false;
        stop?.();
      };
    },
    // The caller's deps are checked at the call site (eslint's additionalHooks); `ask`, `into`
    // and `follow` are new closures on every render by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [...deps, i18n.language],
  );
  return answer;
}
