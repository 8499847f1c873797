/**
 * The signed-in user's price alerts, shared by the pair screens' bell and sheet and the alerts
 * page: the list (`/alerts/list`, kept fresh by the private channel: a fire arrives as an
 * `alert…` notification, src/api/liveInvalidation.ts) and the calls that change it.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AlertKind, PriceAlert } from '../../../domain/alerts/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { sessionState } from '../../state/session';
import { showToast } from '../../state/ui';

const NONE: readonly PriceAlert[] = [];

/** The user's alerts (active first), optionally those of one pair; empty when signed out or not loaded. */
export function useAlerts(symbol?: string): { alerts: readonly PriceAlert[]; loaded: boolean; signedIn: boolean } {
  const signedIn = Boolean(useSnapshot(sessionState).token);
  const { data } = useQuery({ ...apiQuery('/alerts/list'), enabled: signedIn });
  const all = signedIn ? (data ?? NONE) : NONE;
  return { alerts: symbol ? all.filter((a) => a.symbol === symbol) : all, loaded: !signedIn || data !== undefined, signedIn };
}

/** Create, edit (which re-arms) and delete; each toasts what it did and refreshes the list. Resolves true when done. */
export function useAlertActions() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const done = useCallback(
    async (text: string) => {
      showToast(text);
      await invalidate('alerts');
      return true;
    },
    [invalidate],
  );
  const failed = useCallback(() => false, []);
  return {
    create: useCallback(
      (matchId: number, kind: AlertKind, threshold: string) =>
        call('/alerts/create', { match_id: String(matchId), kind, threshold }).then(() => done(t('alerts.created')), failed),
      [done, failed, t],
    ),
    update: useCallback(
      (id: number, kind: AlertKind, threshold: string) =>
        call('/alerts/update', { id: String(id), kind, threshold }).then(() => done(t('alerts.saved')), failed),
      [done, failed, t],
    ),
    remove: useCallback(
      (id: number) => call('/alerts/delete', { id: String(id) }).then(() => done(t('alerts.deleted')), failed),
      [done, failed, t],
    ),
  };
}
