import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayHaveTakenEffect, newIdempotencyKey } from '../api/request';
import { firstIssueKey } from './validation';

/**
 * The Idempotency-Key of a submit (for calls that move money). Each new submit gets a fresh
 * key; when an attempt ended without a known outcome (timeout, lost answer, server error, still
 * running) and the user submits the same input again, the retry resends that attempt — same
 * key, same body — so it cannot take effect twice. `sameAs` says which inputs count as the same
 * submit (default: equal JSON); the exchange ignores its moving price bound, for instance.
 */
export function useSubmitKey() {
  const pending = useRef<{ key: string; input: unknown } | null>(null);
  return useCallback(
    async <I, T>(input: I, send: (input: I, key: string) => Promise<T>, sameAs: (a: I, b: I) => boolean = sameJson): Promise<T> => {
      const retry = pending.current && sameAs(pending.current.input as I, input) ? pending.current : null;
      pending.current = null;
      const key = retry?.key ?? newIdempotencyKey();
      const sent = retry ? (retry.input as I) : input;
      try {
        return await send(sent, key);
      } catch (error) {
        if (mayHaveTakenEffect(error)) pending.current = { key, input: sent };
        throw error;
      }
    },
    [],
  );
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The state every form shares: the message of the first broken rule, and whether a call is
 * running. `check` validates with the endpoint's own schema; `run` wraps the call and resolves
 * undefined when it failed (the API client has already shown why; `onError` may look closer).
 * `run` hands the call the submit's Idempotency-Key: the same one when the input last checked
 * is submitted again after an attempt with no known outcome, a fresh one otherwise.
 */
export function useForm() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = useRef<unknown>(undefined);
  const submit = useSubmitKey();

  const check = useCallback(
    (schema: z.ZodType, input: unknown): boolean => {
      checked.current = input;
      const key = firstIssueKey(schema, input);
      setError(key ? t(key) : null);
      return !key;
    },
    [t],
  );

  const run = useCallback(
    async <T>(action: (idempotencyKey: string) => Promise<T>, onError?: (error: unknown) => void): Promise<T | undefined> => {
      setBusy(true);
      try {
        return await submit(checked.current, (_input, key) => action(key));
      } catch (error) {
        onError?.(error);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [submit],
  );

  return { error, setError, busy, check, run };
}
