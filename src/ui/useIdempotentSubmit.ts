import { useCallback, useState } from 'react';
import type { EndpointPath, InputOf, OutputOf } from '../../domain/api/contract';
import { call, mayHaveTakenEffect, newIdempotencyKey } from '../api/request';

/** Which inputs count as the same submit: by default, equal JSON. */
export type SameSubmit<I> = (a: I, b: I) => boolean;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The Idempotency-Key of a submit of a money call, kept in this one place. Each new submit gets
 * a fresh key. When an attempt ended without a known outcome (a lost answer, a timeout, a 409
 * while the server still works on it, a 5xx) the key and the input sent are kept, and submitting
 * the same input again resends that attempt — same key, same body — so it cannot take effect
 * twice. Once the server answered either way, or the input differs (`sameAs`), the key is
 * dropped. `reset` drops it by hand (a changed form is a new submit).
 */
export function createSubmitKey() {
  let pending: { key: string; input: unknown } | null = null;
  return {
    async send<I, T>(input: I, attempt: (input: I, key: string) => Promise<T>, sameAs: SameSubmit<I> = sameJson): Promise<T> {
      const retry = pending && sameAs(pending.input as I, input) ? pending : null;
      const mine = retry ?? { key: newIdempotencyKey(), input };
      // Kept while the outcome is unknown, the time it is in flight included: a second tap on
      // the same input meanwhile sends the same key, and the server runs it once.
      pending = mine;
      try {
        const answer = await attempt(mine.input as I, mine.key);
        if (pending === mine) pending = null;
        return answer;
      } catch (error) {
        if (!mayHaveTakenEffect(error) && pending === mine) pending = null;
        throw error;
      }
    },
    reset(): void {
      pending = null;
    },
  };
}

/** A component's `createSubmitKey`, the same for its whole life. */
export function useIdempotencyKey() {
  const [keeper] = useState(createSubmitKey);
  return keeper;
}

/**
 * A submit of an `idempotent` endpoint's call, keyed by `createSubmitKey`. `run` resolves with
 * the answer, or null when the call failed (the `call` toast said why). `sameAs` says which
 * inputs count as the same submit (default: equal JSON); the exchange ignores its moving price
 * bound, for instance.
 */
export function useIdempotentSubmit<P extends EndpointPath>(path: P, sameAs?: SameSubmit<InputOf<P>>) {
  const { send, reset } = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (input: InputOf<P>): Promise<OutputOf<P> | null> => {
      setBusy(true);
      try {
        return await send(input, (body, idempotencyKey) => call(path, body, { idempotencyKey }), sameAs);
      } catch {
        return null;
      } finally {
        setBusy(false);
      }
    },
    [path, send, sameAs],
  );
  return { run, busy, reset };
}
