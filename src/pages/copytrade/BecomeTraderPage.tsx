/**
 * Becoming a trader: the conditions with a tick for each one met (identity verified, a
 * minimum futures balance), the agreement (follow/agreement_en or _zh) to accept, apply; then the
 * application's status; an approved trader chooses whether to take new followers and what
 * followers see of the open positions (live, an hour late, hidden).
 */
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, Clock, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { POSITION_VISIBILITY, type PositionVisibility, type TraderApplication } from '../../../domain/copytrade/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call, IDENTITY_PATH, LOGIN_PATH } from '../../api/request';
import { sessionState } from '../../state/session';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import styles from './CopyTrading.module.css';
import { pagePath } from '../../paths';

function Condition({ met, text, testId }: { met: boolean; text: string; testId: string }) {
  const Icon = met ? CheckCircle2 : Circle;
  return (
    <li className={met ? styles.met : styles.unmet} data-testid={testId} data-met={met}>
      <Icon size={18} /> <span>{text}</span>
    </li>
  );
}

function Settings({ app }: { app: TraderApplication }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  async function save(accepting: boolean, visibility: PositionVisibility) {
    setBusy(true);
    try {
      await call('/follow/traderSettings', { accepting: accepting ? '1' : '0', visibility });
      await invalidate('copytrade');
    } catch {
      // The `call` toast shows the server's reason.
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className={styles.section} data-testid="trader-settings">
      <h3>{t('copytrade.settingsTitle')}</h3>
      <div className={styles.settingRow}>
        <span>{t('copytrade.acceptingLabel')}</span>
        <Switch
          checked={app.accepting}
          disabled={busy}
          label={t('copytrade.acceptingLabel')}
          onChange={(next) => void save(next, app.visibility)}
        />
      </div>
      <small className={styles.muted}>{t('copytrade.acceptingHelp')}</small>
      <div className={styles.field}>
        <span>{t('copytrade.visibilityLabel')}</span>
        <Tabs
          variant="pill"
          items={POSITION_VISIBILITY.map((v) => ({ key: v, label: t(`copytrade.visibility.${v}`) }))}
          value={app.visibility}
          onChange={(v) => void save(app.accepting, v)}
        />
        <small>{t(`copytrade.visibilityHelp.${app.visibility}`)}</small>
      </div>
    </section>
  );
}

export default function TraderApplyPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const session = useSnapshot(sessionState);
  const signedIn = Boolean(session.token);
  const me = session.user?.id;
  const application = useQuery({ ...apiQuery('/follow/application'), enabled: signedIn });
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const agreement = fmt.lang === 'zh' || fmt.lang === 'hk' ? pagePath('follow', 'agreement_zh') : pagePath('follow', 'agreement_en');

  async function apply() {
    setBusy(true);
    try {
      await call('/follow/apply', { agree: '1' });
      await invalidate('copytrade');
    } catch {
      // The `call` toast shows the server's reason.
    } finally {
      setBusy(false);
    }
  }

  const app = application.data;
  const hero = (
    <div className={styles.hero}>
      <div>
        <h2>{t('copytrade.becomeTitle')}</h2>
        <p>{t('copytrade.becomeText')}</p>
      </div>
    </div>
  );
  if (!signedIn)
    return (
      <Page title={t('copytrade.becomeTrader')}>
        {hero}
        <div className={styles.footer}>
          <Button block onClick={() => void navigate(LOGIN_PATH)}>
            {t('copytrade.signInToApply')}
          </Button>
        </div>
      </Page>
    );
  if (!app)
    return (
      <Page title={t('copytrade.becomeTrader')}>
        {hero}
        <Skeleton height={240} />
      </Page>
    );
  const status = app.status;
  const canApply = (status === 'none' || status === 'rejected') && app.conditions.identity && app.conditions.balance && agree;
  return (
    <Page title={t('copytrade.becomeTrader')}>
      {hero}
      {status !== 'none' && (
        <section className={styles.section} data-testid="trader-application" data-status={status}>
          <p className={styles.hiddenNote}>
            {status === 'approved' ? (
              <CheckCircle2 size={18} className={styles.met} />
            ) : status === 'pending' ? (
              <Clock size={18} />
            ) : (
              <XCircle size={18} className="down" />
            )}
            <b className={styles.statusText}>{t(`copytrade.application.${status}`)}</b>
          </p>
          {status === 'approved' && me !== undefined && (
            <Link to={pagePath('follow', 'trader', { id: me })} className={styles.heroLink} data-testid="my-trader-page">
              {t('copytrade.myTraderPage')}
            </Link>
          )}
          {status === 'rejected' && app.reason && <p className={styles.muted}>{t('copytrade.rejectReason', { reason: app.reason })}</p>}
        </section>
      )}
      {status === 'approved' ? (
        <Settings app={app} />
      ) : (
        <>
          <section className={styles.section}>
            <h3>{t('copytrade.conditionsTitle')}</h3>
            <ul className={styles.conditions}>
              <Condition met={app.conditions.identity} text={t('copytrade.conditionIdentity')} testId="condition-identity" />
              <Condition
                met={app.conditions.balance}
                text={t('copytrade.conditionBalance', { min: fmt.number(app.conditions.min_balance) })}
                testId="condition-balance"
              />
            </ul>
            {!app.conditions.identity && (
              <Link to={IDENTITY_PATH} className={styles.heroLink}>
                {t('copytrade.verifyIdentity')}
              </Link>
            )}
          </section>
          {status !== 'pending' && (
            <section className={styles.section}>
              <label className={styles.check}>
                <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} data-testid="trader-agree" />
                <span>
                  {t('copytrade.agreeBefore')} <Link to={agreement}>{t('copytrade.agreementName')}</Link>
                </span>
              </label>
              <Button block busy={busy} disabled={!canApply} onClick={() => void apply()} data-testid="trader-apply">
                {t(status === 'rejected' ? 'copytrade.applyAgain' : 'copytrade.apply')}
              </Button>
            </section>
          )}
        </>
      )}
    </Page>
  );
}
