/**
 * The IEO projects: phase tabs (in progress / preheating / finished,
 * `?phase=`), each project a card with its token, name, issuance price, total issuance, the
 * subscription progress (past 100 % when oversubscribed), the countdown to its start or end and
 * the lock period. A tap opens the project's details (`?detail=<id>`, the same page).
 */
import { useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatAmount } from '../../../domain/format';
import { IEO_PHASES, type IeoPhase, type IeoProject } from '../../../domain/ieo/types';
import { apiQuery } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import DetailView from './DetailView';
import { Countdown, PhaseBadge, Progress } from './parts';
import styles from './Ieo.module.css';
import { pagePath } from '../../paths';

/** The tabs' order: what can be subscribed now first. */
const TAB_ORDER: readonly IeoPhase[] = ['in_progress', 'preheating', 'finished'];

function ProjectCard({ p, color }: { p: IeoProject; color: string | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.card}
      data-testid="ieo-project"
      data-id={p.id}
      data-phase={p.phase}
      onClick={() => void navigate(pagePath('ieo', 'ieo', { detail: p.id }))}
    >
      <div className={styles.cardHead}>
        <span className={styles.coin}>
          <CoinBadge name={p.token} color={color} size={36} />
          <span className={styles.names}>
            <b>{p.token}</b>
            <span className={styles.muted}>{p.name}</span>
          </span>
        </span>
        <PhaseBadge phase={p.phase} />
      </div>
      <div className={styles.rateRow}>
        <div>
          <div className={`${styles.price} num`}>
            {formatAmount(p.price, p.pay_decimals, fmt.lang)} <small>{p.pay_currency}</small>
          </div>
          <div className={styles.muted}>{t('ieo.price')}</div>
        </div>
        <div className={styles.right}>
          <div className={`${styles.big} num`}>
            {formatAmount(p.total, p.token_decimals, fmt.lang)} <small>{p.token}</small>
          </div>
          <div className={styles.muted}>{t('ieo.totalIssuance')}</div>
        </div>
      </div>
      <Progress p={p} />
      <div className={styles.cardFoot}>
        <Countdown p={p} />
        <div className={styles.right}>
          <span className={styles.muted}>{t('ieo.lockPeriod')}</span>
          <b className="num">{t('ieo.daysN', { count: p.lock_days })}</b>
        </div>
      </div>
    </button>
  );
}

function ProjectList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('phase');
  const phase: IeoPhase = (IEO_PHASES as readonly string[]).includes(raw ?? '') ? (raw as IeoPhase) : 'in_progress';
  const { data, isPending } = useQuery(apiQuery('/project', { phase }));
  const colors = useCoinColors();
  return (
    <Page
      title={t('ieo.title')}
      right={
        <Link to={pagePath('ieo', 'order')} className={styles.navLink} data-testid="ieo-my-orders">
          <ReceiptText size={18} /> {t('ieo.mySubscriptions')}
        </Link>
      }
    >
      <div className={styles.hero}>
        <h2>{t('ieo.heroTitle')}</h2>
        <p>{t('ieo.heroText')}</p>
      </div>
      <div className={styles.tabs}>
        <Tabs
          items={TAB_ORDER.map((key) => ({ key, label: t(`ieo.phase.${key}`) }))}
          value={phase}
          onChange={(key) => setParams({ phase: key }, { replace: true })}
        />
      </div>
      <div className={styles.list}>
        {isPending ? (
          [0, 1].map((i) => <Skeleton key={i} height={230} />)
        ) : data && data.length > 0 ? (
          data.map((p) => <ProjectCard key={p.id} p={p} color={colors.get(p.token)} />)
        ) : (
          <Empty text={t('ieo.noProjects')} />
        )}
      </div>
    </Page>
  );
}

export default function IeoPage() {
  const [params] = useSearchParams();
  const detail = params.get('detail');
  return detail !== null ? <DetailView id={detail} /> : <ProjectList />;
}
