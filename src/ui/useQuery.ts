import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointPath, InputOf, OutputOf } from '../../domain/api/contract';
import { call } from '../api/request';

export interface QueryState<T> {
  data: T | undefined;
  error: boolean;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads one endpoint when the component mounts, when `input` changes and when the language
 * changes (answers are localised); failures toast (the API rule) and set `error`.
 */
export function useQuery<P extends EndpointPath>(path: P, input?: InputOf<P>, enabled = true): QueryState<OutputOf<P>> {
  const key = JSON.stringify(input ?? {});
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [state, setState] = useState<{ data: OutputOf<P> | undefined; error: boolean; loading: boolean }>({
    data: undefined,
    error: false,
    loading: enabled,
  });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: false }));
    call(path, JSON.parse(key) as InputOf<P>).then(
      (data) => live && setState({ data, error: false, loading: false }),
      () => live && setState((s) => ({ ...s, error: true, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [path, key, enabled, version, lang]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
