/**
 * A project's details (`/pages/ieo/ieo?detail=<id>`): the token and phase with the
 * countdown, the issuance price and total, the progress, the subscription cycle, per-user
 * limits, the lock period and unlock date, the description, the whitepaper and website links,
 * and "Subscribe" while the subscription is in progress.
 */
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileText, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatAmount } from '../../../domain/format';
import { apiQuery } from '../../api/queries';
import { Button } from '../../ui/Button';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { useFormat } from '../../ui/useFormat';
import { Countdown, PhaseBadge, Progress } from './parts';
import { dateTime, useSecondTick } from './time';
import styles from './Ieo.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

const ID = /^[1-9]\d{0,8}$/;

export default function DetailView({ id }: { id: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const colors = useCoinColors();
  const valid = ID.test(id);
  // When the page opened: enough to mark the unlock reached (the countdown ticks on its own).
  const now = useSecondTick(false);
  const { data: p, isPending } = useQuery({ ...apiQuery('/project/detail', { id: valid ? id : '1' }, { silent: true }), enabled: valid });
  if (valid && isPending)
    return (
      <Page title={t('ieo.detailTitle')}>
        <div className={styles.list}>
          <Skeleton height={200} />
          <Skeleton height={260} />
        </div>
      </Page>
    );
  if (!p || !valid)
    return (
      <Page title={t('ieo.detailTitle')}>
        <Empty text={t('ieo.noProject')} />
      </Page>
    );
  const tok = (v: string) => `${formatAmount(v, p.token_decimals, fmt.lang)} ${p.token}`;
  const pay = (v: string) => `${formatAmount(v, p.pay_decimals, fmt.lang)} ${p.pay_currency}`;
  return (
    <Page title={t('ieo.detailTitle')}>
      <div className={styles.detail} data-testid="ieo-detail" data-id={p.id} data-phase={p.phase}>
        <section className={styles.detailHead}>
          <div className={styles.cardHead}>
            <span className={styles.coin}>
              <CoinBadge name={p.token} color={colors.get(p.token)} size={44} />
              <span className={styles.names}>
                <b className={styles.tokenName}>{p.token}</b>
                <span className={styles.muted}>{p.name}</span>
              </span>
            </span>
            <PhaseBadge phase={p.phase} />
          </div>
          <div className={styles.rateRow}>
            <div>
              <div className={`${styles.price} num`}>{pay(p.price)}</div>
              <div className={styles.muted}>{t('ieo.price')}</div>
            </div>
            <Countdown p={p} large />
          </div>
          <Progress p={p} />
        </section>

        <section className={styles.panel}>
          <h3>{t('ieo.terms')}</h3>
          <dl className={styles.rows}>
            <Term label={t('ieo.totalIssuance')}>{tok(p.total)}</Term>
            <Term label={t('ieo.subscribed')}>{tok(p.subscribed)}</Term>
            <Term label={t('ieo.perUser')}>
              {t('ieo.minMax', {
                min: formatAmount(p.min_amount, p.token_decimals, fmt.lang),
                max: formatAmount(p.max_amount, p.token_decimals, fmt.lang),
              })}{' '}
              {p.token}
            </Term>
            {p.user_subscribed !== null && (
              <Term label={t('ieo.yourSubscription')} testId="ieo-user-subscribed">
                {tok(p.user_subscribed)}
              </Term>
            )}
          </dl>
          <div className={styles.cycle}>
            <div className={styles.muted}>{t('ieo.cycle')}</div>
            <ol className={styles.timeline}>
              <li className={p.phase !== 'preheating' ? styles.done : ''}>
                <span>{t('ieo.start')}</span>
                <b className="num">{dateTime(p.starts_at)}</b>
              </li>
              <li className={p.phase === 'finished' ? styles.done : ''}>
                <span>{t('ieo.end')}</span>
                <b className="num">{dateTime(p.ends_at)}</b>
              </li>
              <li className={now >= p.unlock_at ? styles.done : ''}>
                <span>{t('ieo.unlockDate')}</span>
                <b className="num">{dateTime(p.unlock_at)}</b>
              </li>
            </ol>
          </div>
          <dl className={styles.rows}>
            <Term label={t('ieo.lockPeriod')}>{t('ieo.daysN', { count: p.lock_days })}</Term>
          </dl>
        </section>

        <section className={styles.panel}>
          <h3>{t('ieo.about')}</h3>
          <p className={styles.description}>{p.description}</p>
          <div className={styles.links}>
            <a href={p.whitepaper} target="_blank" rel="noopener noreferrer" data-testid="ieo-whitepaper">
              <FileText size={16} /> {t('ieo.whitepaper')} <ExternalLink size={12} />
            </a>
            <a href={p.website} target="_blank" rel="noopener noreferrer" data-testid="ieo-website">
              <Globe size={16} /> {t('ieo.website')} <ExternalLink size={12} />
            </a>
          </div>
        </section>
      </div>
      <div className={styles.footer}>
        <Button
          block
          disabled={p.phase !== 'in_progress'}
          onClick={() => void navigate(pagePath('ieo', 'subscribe', { id: p.id }))}
          data-testid="ieo-subscribe"
        >
          {p.phase === 'in_progress' ? t('ieo.subscribeNow') : p.phase === 'preheating' ? t('ieo.notStarted') : t('ieo.ended')}
        </Button>
      </div>
    </Page>
  );
}
