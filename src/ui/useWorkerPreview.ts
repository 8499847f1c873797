import { useEffect, useState, type DependencyList } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The worker's answer for the form's current inputs: an order sheet's cost, a loan's LTV, a
 * bid's minimum. `ask` is called whenever one of `deps` changes (eslint checks the list, as for
 * `useMemo`) and when the language changes (the worker words its problems in it); it returns the
 * worker's promise, or nothing while the inputs it needs are still loading, which keeps the
 * answer already shown. An answer to inputs that have since changed is dropped, so a slow reply
 * never overwrites the reply to what the user typed last.
 */
export function useWorkerPreview<T>(ask: () => Promise<T> | null | undefined | false, deps: DependencyList): T | null {
  const { i18n } = useTranslation();
  const [answer, setAnswer] = useState<T | null>(null);
  useEffect(
    () => {
      const pending = ask();
      if (!pending) return;
      let live = true;
      void pending.then((next) => {
        if (live) setAnswer(next);
      });
      return () => {
        live = false;
      };
    },
    // The caller's deps are checked at the call site (eslint's additionalHooks); `ask` is a new
    // closure on every render by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [...deps, i18n.language],
  );
  return answer;
}
