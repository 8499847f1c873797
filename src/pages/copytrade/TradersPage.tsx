/**
 * The traders: sort tabs (30-day and 7-day rate of return, P&L, accuracy,
 * followers, `?sort=`), each trader a card with followers, total P&L, accuracy, rate of return,
 * when the hourly figures were computed and Follow (or Following); links to becoming a trader
 * and to my copy trading.
 */
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Users } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TRADER_SORTS, type TraderSort, type TraderSummary } from '../../../domain/copytrade/types';
import { apiQuery } from '../../api/queries';
import { sessionState } from '../../state/session';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import { Avatar, plainPercent, signedPercent, signedUsdt, toneClass } from './parts';
import styles from './CopyTrading.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

function TraderCard({ trader, sort }: { trader: TraderSummary; sort: TraderSort }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const time = useTimeText();
  const navigate = useNavigate();
  const ror = sort === 'ror7' ? trader.ror_7d : trader.ror_30d;
  const following = trader.my_follow_id !== null;
  const self = useSnapshot(sessionState).user?.id === trader.user_id;
  return (
    <article className={styles.order} data-testid="trader-card" data-id={trader.user_id}>
      <div className={styles.cardHead}>
        <Link
          to={pagePath('follow', 'trader', { id: trader.user_id })}
          className={`${styles.trader} ${styles.cardLink}`}
          data-testid="trader-link"
        >
          <Avatar name={trader.nickname} src={trader.avatar} />
          <span>
            <b>{trader.nickname}</b>
            <span className={styles.muted}>
              <Users size={12} /> {t('copytrade.followersN', { n: trader.followers })}
            </span>
          </span>
        </Link>
        {!self && (
          <button
            type="button"
            className={`${styles.followBtn} ${following ? styles.following : ''}`}
            disabled={!following && !trader.accepting}
            onClick={() => void navigate(pagePath('follow', 'follow', { trader: trader.user_id }))}
            data-testid="trader-follow"
          >
            {following ? t('copytrade.followingBtn') : trader.accepting ? t('copytrade.follow') : t('copytrade.full')}
          </button>
        )}
      </div>
      <div className={styles.rateRow}>
        {trader.closed_trades === 0 ? (
          // Nothing closed yet: said plainly instead of a row of "--" and a 0.
          <div data-testid="trader-new">
            <div className={styles.rate}>{t('copytrade.newTrader')}</div>
            <div className={styles.muted}>{t('copytrade.newTraderHint')}</div>
          </div>
        ) : (
          <div>
            <div className={`${styles.rate} num ${toneClass(ror)}`}>{signedPercent(ror, fmt.lang)}</div>
            <div className={styles.muted}>{t(sort === 'ror7' ? 'copytrade.ror7' : 'copytrade.ror30')}</div>
          </div>
        )}
      </div>
      {trader.closed_trades > 0 && (
        <dl className={styles.cells}>
          <div>
            <dt>{t('copytrade.totalPnl')}</dt>
            <dd className={`num ${toneClass(trader.total_pnl)}`}>{signedUsdt(trader.total_pnl, fmt.lang)}</dd>
          </div>
          <Term label={t('copytrade.accuracy')}>{plainPercent(trader.accuracy, fmt.lang)}</Term>
          <Term label={t('copytrade.closedTrades')}>{trader.closed_trades}</Term>
        </dl>
      )}
      <p className={styles.updated}>{t('copytrade.updatedAt', { time: time(trader.computed_at) })}</p>
    </article>
  );
}

export default function IndexPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort');
  const sort: TraderSort = (TRADER_SORTS as readonly string[]).includes(raw ?? '') ? (raw as TraderSort) : 'ror30';
  const { data, isPending } = useQuery(apiQuery('/follow/index', { sort, limit: '50' }));
  return (
    <Page title={t('copytrade.title')}>
      <div className={styles.hero}>
        <div>
          <h2>{t('copytrade.heroTitle')}</h2>
          <p>{t('copytrade.heroText')}</p>
        </div>
        <div className={styles.heroLinks}>
          <Link to={pagePath('copytrade', 'my')} data-testid="copytrade-my-link">
            <Users size={16} /> {t('copytrade.myCopyTrading')}
          </Link>
          <Link to={pagePath('copytrade', 'trader')} data-testid="copytrade-become-link">
            <BadgeCheck size={16} /> {t('copytrade.becomeTrader')}
          </Link>
        </div>
      </div>
      <div className={styles.tabs}>
        <Tabs
          items={TRADER_SORTS.map((s) => ({ key: s, label: t(`copytrade.sort.${s}`) }))}
          value={sort}
          onChange={(s) => setParams({ sort: s }, { replace: true })}
        />
      </div>
      <div className={styles.list}>
        {isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={170} />)
        ) : data && data.data.length > 0 ? (
          data.data.map((trader) => <TraderCard key={trader.user_id} trader={trader} sort={sort} />)
        ) : (
          <Empty text={t('copytrade.noTraders')} />
        )}
      </div>
    </Page>
  );
}
