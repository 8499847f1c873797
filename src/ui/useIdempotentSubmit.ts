import { useCallback, useRef, useState } from 'react';
import type { EndpointPath, InputOf, OutputOf } from '../../domain/api/contract';
import { call, mayHaveTakenEffect, newIdempotencyKey } from '../api/request';

/**
 * A submit of a money call (an `idempotent` endpoint): its Idempotency-Key is kept while the
 * outcome is unknown (a lost answer, a 409, a 5xx), so a retry cannot take effect twice, and
 * dropped once the server answered either way. `run` resolves with the answer, or null when the
 * call failed (the `call` toast said why).
 */
export function useIdempotentSubmit<P extends EndpointPath>(path: P) {
  const key = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (input: InputOf<P>): Promise<OutputOf<P> | null> => {
      setBusy(true);
      key.current ??= newIdempotencyKey();
      try {
        const answer = await call(path, input, { idempotencyKey: key.current });
        key.current = null;
        return answer;
      } catch (error) {
        if (!mayHaveTakenEffect(error)) key.current = null;
        return null;
      } finally {
        setBusy(false);
      }
    },
    [path],
  );
  /** A changed form is a new submit. */
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return { run, busy, reset };
}
