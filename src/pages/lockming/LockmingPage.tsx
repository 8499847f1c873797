/**
 * The lockming products: category tabs (mining / DeFi / cloud, `?category=`),
 * each product a card with its coin, daily yield, lock-up, minimum, per-user limit, quota progress
 * and status; a tap opens the purchase.
 */
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, ReceiptText } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../domain/decimal';
import { LOCKMING_CATEGORIES, type LockmingCategory, type LockmingProduct } from '../../../domain/lockming/types';
import { apiQuery } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { ratePercent } from './percent';
import styles from './Lockming.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

function ProductCard({ p, color }: { p: LockmingProduct; color: string | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const sold = new Decimal(p.quota).isZero()
    ? 0
    : new Decimal(p.sold).div(p.quota).mul(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
  return (
    <button
      type="button"
      className={styles.card}
      data-testid="lockming-product"
      data-id={p.id}
      data-days={p.cycle_days}
      disabled={p.status !== 'open'}
      onClick={() => navigate(pagePath('lockming', 'buy', { id: p.id }))}
    >
      <div className={styles.cardHead}>
        <span className={styles.coin}>
          <CoinBadge name={p.currency} color={color} size={32} />
          <b>{p.currency}</b>
          <span className={styles.days}>{t(`lockming.category.${p.category}`)}</span>
        </span>
        <span className={`${styles.status} ${styles[p.status]}`}>{t(`lockming.status.${p.status}`)}</span>
      </div>
      <div className={styles.rateRow}>
        <div>
          <div className={`${styles.rate} num up`}>{ratePercent(p.daily_rate, fmt.lang)}</div>
          <div className={styles.muted}>{t('lockming.dailyYield')}</div>
        </div>
        <div className={styles.right}>
          <div className={`${styles.big} num`}>{t('lockming.daysN', { n: p.cycle_days })}</div>
          <div className={styles.muted}>{t('lockming.lockup')}</div>
        </div>
      </div>
      <dl className={styles.terms}>
        <Term label={t('lockming.minimum')}>
          {fmt.amount(p.min_amount, p.currency)} {p.currency}
        </Term>
        <Term label={t('lockming.userLimit')}>
          {fmt.amount(p.user_limit, p.currency)} {p.currency}
        </Term>
      </dl>
      <div className={styles.progress} aria-label={t('lockming.quotaSold', { n: sold })}>
        <span style={{ width: `${sold}%` }} />
      </div>
      <div className={styles.progressText}>
        <span>{t('lockming.quotaSold', { n: sold })}</span>
        <span className="num">
          {fmt.amount(p.sold, p.currency)} / {fmt.amount(p.quota, p.currency)}
        </span>
      </div>
    </button>
  );
}

export default function LockmingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const category: LockmingCategory = (LOCKMING_CATEGORIES as readonly string[]).includes(raw ?? '') ? (raw as LockmingCategory) : 'mining';
  const { data, isPending } = useQuery(apiQuery('/lh/deposit/config', { category }));
  const colors = useCoinColors();
  return (
    <Page
      title={t('lockming.title')}
      right={
        <Link to={pagePath('lockming', 'order')} className={styles.navLink} data-testid="lockming-my-orders">
          <ReceiptText size={18} /> {t('lockming.myOrders')}
        </Link>
      }
    >
      <div className={styles.hero}>
        <div>
          <h2>{t(`lockming.hero.${category}`)}</h2>
          <p>{t('lockming.heroText')}</p>
        </div>
        <Link to={pagePath('lockming', 'welcome')} className={styles.heroLink}>
          {t('lockming.howItWorks')} <ChevronRight size={14} />
        </Link>
      </div>
      <div className={styles.tabs}>
        <Tabs
          items={LOCKMING_CATEGORIES.map((c) => ({ key: c, label: t(`lockming.category.${c}`) }))}
          value={category}
          onChange={(c) => setParams({ category: c }, { replace: true })}
        />
      </div>
      <div className={styles.list}>
        {isPending ? (
          [0, 1].map((i) => <Skeleton key={i} height={190} />)
        ) : data && data.length > 0 ? (
          data.map((p) => <ProductCard key={p.id} p={p} color={colors.get(p.currency)} />)
        ) : (
          <Empty text={t('lockming.noProducts')} />
        )}
      </div>
    </Page>
  );
}
