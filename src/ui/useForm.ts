import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { firstIssueKey } from './validation';

/**
 * The state every form shares: the message of the first broken rule, and whether a call is
 * running. `check` validates with the endpoint's own schema; `run` wraps the call and resolves
 * undefined when it failed (the API client has already shown why; `onError` may look closer).
 */
export function useForm() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = useCallback(
    (schema: z.ZodType, input: unknown): boolean => {
      const key = firstIssueKey(schema, input);
      setError(key ? t(key as never) : null);
      return !key;
    },
    [t],
  );

  const run = useCallback(async <T>(action: () => Promise<T>, onError?: (error: unknown) => void): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await action();
    } catch (error) {
      onError?.(error);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);

  return { error, setError, busy, check, run };
}
