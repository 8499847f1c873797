/**
 * The price alerts page (`/pages/alerts/index`): the user's alerts grouped active
 * and triggered ("fired at <price> · <time>"), each editable (which re-arms it) and deletable, and
 * the switch for Web Push on this device. The list follows fires live: a fire arrives as an
 * `alert…` notification on the private channel, which refreshes `/alerts/list`.
 */
import { BellOff, BellRing, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceAlert } from '../../../domain/alerts/types';
import { showToast } from '../../state/ui';
import { AlertRow } from '../../ui/alerts/AlertRow';
import { AlertSheet } from '../../ui/alerts/AlertSheet';
import { disablePush, enablePush, readPushStatus, type PushStatus } from '../../ui/alerts/pushDevice';
import { useAlertActions, useAlerts } from '../../ui/alerts/useAlerts';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { useTopics } from '../../ui/useTopics';
import styles from './AlertsPage.module.css';

export default function AlertsPage() {
  const { t } = useTranslation();
  const { alerts, loaded } = useAlerts();
  const actions = useAlertActions();
  const [editing, setEditing] = useState<PriceAlert | null>(null);
  useTopics(['quotes']);
  const active = alerts.filter((a) => a.state === 'active');
  const triggered = alerts.filter((a) => a.state === 'triggered');
  const row = (a: PriceAlert) => <AlertRow key={a.id} alert={a} onEdit={setEditing} onDelete={(x) => void actions.remove(x.id)} />;

  return (
    <Page title={t('pages.alerts.index')}>
      <div className={styles.body} data-testid="alerts-page">
        <section className={styles.hero}>
          <BellRing size={22} />
          <div>
            <b className="num" data-testid="alerts-summary">
              {t('alerts.summary', { active: active.length, triggered: triggered.length })}
            </b>
            <p>{t('alerts.onceNote')}</p>
          </div>
        </section>

        <PushCard />

        {!loaded ? (
          <div className={styles.group}>
            <Skeleton height={60} />
            <Skeleton height={60} />
          </div>
        ) : alerts.length === 0 ? (
          <Empty icon={BellOff} text={t('alerts.empty')} hint={t('alerts.emptyHint')} testId="alerts-empty" />
        ) : (
          <>
            {active.length > 0 && (
              <section className={styles.group} data-testid="alerts-active">
                <h3>
                  {t('alerts.active')} <span className="num">{active.length}</span>
                </h3>
                <ul className={styles.list}>{active.map(row)}</ul>
              </section>
            )}
            {triggered.length > 0 && (
              <section className={styles.group} data-testid="alerts-triggered">
                <h3>
                  {t('alerts.triggered')} <span className="num">{triggered.length}</span>
                </h3>
                <ul className={styles.list}>{triggered.map(row)}</ul>
              </section>
            )}
          </>
        )}
      </div>
      {editing && (
        <AlertSheet
          pair={{ id: editing.match_id, symbol: editing.symbol, price_decimals: editing.price_decimals }}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}

/** Web Push on this device: a switch, or why it cannot be had here (in-app alerts work regardless). */
function PushCard() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PushStatus | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void readPushStatus().then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, []);

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      const next = on ? await enablePush() : await disablePush();
      setStatus(next);
      if (next === 'on' || next === 'off') showToast(t(next === 'on' ? 'alerts.push.enabled' : 'alerts.push.disabled'));
    } catch {
      // The API client has said why.
    } finally {
      setBusy(false);
    }
  }

  const text = status === null ? '' : t(`alerts.push.${status}`);
  return (
    <section className={styles.push} data-testid="alerts-push" data-status={status ?? 'loading'}>
      <Smartphone size={20} />
      <div>
        <b>{t('alerts.push.title')}</b>
        <p>{text}</p>
      </div>
      <Switch
        checked={status === 'on'}
        disabled={busy || status === null || status === 'unavailable' || status === 'denied'}
        onChange={(on) => void toggle(on)}
        label={t('alerts.push.title')}
      />
    </section>
  );
}
