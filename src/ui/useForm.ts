import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useIdempotencyKey } from './useIdempotentSubmit';
import { issuesOf } from './validation';

/**
 * The state every form shares: its errors, and whether a call is running.
 *
 * `fields` names the input fields the form shows (the keys of the endpoint's input). `check`
 * validates with the endpoint's own schema and keeps one message per field, from the zod issue's
 * path: `errorOf(field)` is shown under that field and cleared by `clear(field)` or `edit(field, set)`
 * when the user changes it. A rule about no shown field (or about the whole input) is the
 * form-level `error`, shown above the submit button; a form that names no fields gets its first
 * broken rule there. `run` wraps the call and resolves undefined when it failed (the API client
 * has already shown why; `onError` may look closer). `run` hands the call the submit's
 * Idempotency-Key from `createSubmitKey`, keyed by the input last checked: the same one when
 * that input is submitted again after an attempt with no known outcome, a fresh one otherwise.
 */
export function useForm<F extends string = never>(fields: readonly F[] = []) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = useRef<unknown>(undefined);
  // The same fields on every render (a list literal is new each time): keyed by their names.
  const fieldNames = fields.join(' ');
  const shown = useMemo(() => new Set(fieldNames.split(' ')), [fieldNames]);
  const { send } = useIdempotencyKey();

  /** Sets or clears one field's message (a rule checked by hand, or a field the server refused). */
  const setFieldError = useCallback((field: F, text: string | null): void => {
    setErrors((current) => {
      if ((current[field] ?? null) === text) return current;
      const next = { ...current };
      if (text === null) delete next[field];
      else next[field] = text;
      return next;
    });
  }, []);

  /** Validates the whole input: every shown field's first broken rule, the rest at the form level. */
  const check = useCallback(
    (schema: z.ZodType, input: unknown): boolean => {
      checked.current = input;
      const issues = issuesOf(schema, input);
      const next: Partial<Record<F, string>> = {};
      let formLevel: string | null = null;
      for (const issue of issues) {
        if (issue.field !== null && shown.has(issue.field)) next[issue.field as F] ??= t(issue.key);
        else formLevel ??= t(issue.key);
      }
      setErrors(next);
      setError(formLevel);
      return issues.length === 0;
    },
    [t, shown],
  );

  /**
   * Validates `input` but updates only one field's message: the rule broken at `path` (a key of
   * this schema's input), shown under `field` (default the same name). A check as the user
   * leaves a field, or before a code is sent to the address typed.
   */
  const checkField = useCallback(
    (schema: z.ZodType, input: unknown, path: string, field: F = path as F): boolean => {
      const issue = issuesOf(schema, input).find((i) => i.field === path);
      setFieldError(field, issue ? t(issue.key) : null);
      return !issue;
    },
    [t, setFieldError],
  );

  /** Forgets `field`'s message (the user changed it), or every message. */
  const clear = useCallback(
    (field?: F) => {
      if (field === undefined) {
        setErrors({});
        setError(null);
      } else setFieldError(field, null);
    },
    [setFieldError],
  );

  /** An onChange for `field`: stores the value and clears the field's message. */
  const edit = useCallback(
    <V>(field: F, set: (value: V) => void) =>
      (value: V) => {
        set(value);
        clear(field);
      },
    [clear],
  );

  const errorOf = (field: F): string | null => errors[field] ?? null;

  const run = useCallback(
    async <T>(action: (idempotencyKey: string) => Promise<T>, onError?: (error: unknown) => void): Promise<T | undefined> => {
      setBusy(true);
      try {
        return await send(checked.current, (_input, key) => action(key));
      } catch (error) {
        onError?.(error);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [send],
  );

  return { error, setError, errors, errorOf, setFieldError, clear, edit, busy, check, checkField, run };
}
