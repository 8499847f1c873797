/**
 * The finance tab (`financial/index`): what the user holds in the
 * finance products in all — in USDT and the display currency, with the yield earned — then each
 * product: what it offers now (from its public list) and the user's holdings in it, with the way
 * to its list and to the user's orders. Signed out, the products and a way to sign in.
 */
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Pickaxe, ReceiptText, Rocket, Target, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Decimal } from '../../../domain/decimal';
import { FIAT_CODES, type FiatCode } from '../../../domain/fiat';
import type { FinanceProduct, FinanceProductSummary } from '../../../domain/financial/types';
import { apiQuery } from '../../api/queries';
import { sessionState } from '../../state/session';
import { readStored, STORAGE_KEYS } from '../../state/storage';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { useFormat } from '../../ui/useFormat';
import { ratePercent } from '../../ui/ratePercent';
import styles from './Financial.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

/** The coin the summary values in (a symbol, not a word to translate). */
const USDT = 'USDT';

interface ProductView {
  product: FinanceProduct;
  icon: LucideIcon;
  color: string;
  list: string;
  orders: string;
  /** What the product offers now, from its public list (null while loading or when nothing is on sale). */
  highlight: string | null;
}

/** The best rate of the lockming products on sale: "up to 0.28% a day". */
function useLockmingHighlight(): string | null {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data } = useQuery(apiQuery('/lh/deposit/config', {}, { silent: true }));
  const open = data?.filter((p) => p.status === 'open') ?? [];
  if (!open.length) return null;
  const best = open.reduce((a, b) => (new Decimal(b.daily_rate).gt(a.daily_rate) ? b : a));
  return t('financial.lockming.highlight', { rate: ratePercent(best.daily_rate, fmt.lang) });
}

/** The best APR of the BTC dual products on sale (the invest page opens on them). */
function useDualHighlight(): string | null {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data } = useQuery(apiQuery('/dual/index', { currency_id: '1' }, { silent: true }));
  const open = data?.filter((p) => p.status === 'open') ?? [];
  if (!open.length) return null;
  const best = open.reduce((a, b) => (new Decimal(b.apr).gt(a.apr) ? b : a));
  return t('financial.dual.highlight', { rate: ratePercent(best.apr, fmt.lang) });
}

/** How many IEO projects take subscriptions now, or start soon. */
function useIeoHighlight(): string | null {
  const { t } = useTranslation();
  const { data } = useQuery(apiQuery('/project', {}, { silent: true }));
  if (!data) return null;
  const live = data.filter((p) => p.phase === 'in_progress').length;
  const soon = data.filter((p) => p.phase === 'preheating').length;
  return live ? t('financial.ieo.highlight', { count: live }) : soon ? t('financial.ieo.soon', { count: soon }) : null;
}

function Holdings({ summary, hidden }: { summary: FinanceProductSummary; hidden: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const colors = useCoinColors();
  const yieldLabel = summary.yield_kind === 'expected' ? t('financial.yieldExpected') : t('financial.yieldPaid');
  if (summary.open_orders === 0) return <p className={styles.none}>{t('financial.noHoldings')}</p>;
  return (
    <div className={styles.holdings} data-testid={`finance-holdings-${summary.product}`}>
      <dl className={styles.figures}>
        <Term label={t('financial.holding')} testId="finance-product-value">
          {hidden ? '****' : fmt.usdtValue(summary.value_usdt)} <small>{USDT}</small>
        </Term>
        {summary.yield_kind !== 'none' && (
          <Term label={yieldLabel} tone="up">
            {hidden ? '****' : `+${fmt.usdtValue(summary.yield_usdt)}`}
          </Term>
        )}
        <Term label={t('financial.openOrders')}>{summary.open_orders}</Term>
      </dl>
      <ul className={styles.coins}>
        {summary.holdings.map((h) => (
          <li key={h.currency_id}>
            <CoinBadge name={h.currency} color={colors.get(h.currency)} size={20} />
            <span className="num">
              {hidden ? '****' : fmt.amount(h.amount, h.currency)} {h.currency}
            </span>
            {!new Decimal(h.yield).isZero() && <span className="num up">+{hidden ? '****' : fmt.amount(h.yield, h.currency)}</span>}
          </li>
        ))}
      </ul>
      {summary.product === 'ieo' && summary.holdings.some((h) => h.currency !== 'USDT') && (
        <p className={styles.note}>{t('financial.ieo.valuedAtIssue')}</p>
      )}
    </div>
  );
}

function ProductCard({
  view,
  summary,
  signedIn,
  hidden,
}: {
  view: ProductView;
  summary?: FinanceProductSummary;
  signedIn: boolean;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const Icon = view.icon;
  let body: ReactNode = null;
  if (signedIn) body = summary ? <Holdings summary={summary} hidden={hidden} /> : <Skeleton height={56} />;
  return (
    <section className={styles.product} data-testid={`finance-product-${view.product}`}>
      <Link to={view.list} className={styles.productHead}>
        <span className={styles.icon} style={{ color: view.color, background: `color-mix(in srgb, ${view.color} 16%, transparent)` }}>
          <Icon size={22} />
        </span>
        <span className={styles.productText}>
          <b>{t(`financial.${view.product}.name`)}</b>
          <span>{t(`financial.${view.product}.tagline`)}</span>
        </span>
        <ChevronRight size={18} className={styles.chevron} />
      </Link>
      {view.highlight && <div className={styles.highlight}>{view.highlight}</div>}
      {body}
      <div className={styles.links}>
        <Link to={view.list} className={styles.primary}>
          {t('financial.explore')}
        </Link>
        {signedIn && (
          <Link to={view.orders} className={styles.secondary}>
            <ReceiptText size={15} /> {t('financial.myOrders')}
          </Link>
        )}
      </div>
    </section>
  );
}

export default function FinancialIndexPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const signedIn = Boolean(useSnapshot(sessionState).token);
  const summary = useQuery({ ...apiQuery('/financial/index'), enabled: signedIn });
  const data = summary.data;
  // The assets tab's "hide balances" choice holds here too.
  const hidden = readStored(STORAGE_KEYS.hideBalance) === '1';
  const fiatCode: FiatCode | null =
    data && (FIAT_CODES as readonly string[]).includes(data.fiat.currency_code) ? (data.fiat.currency_code as FiatCode) : null;
  const views: ProductView[] = [
    {
      product: 'lockming',
      icon: Pickaxe,
      color: '#eab308',
      list: pagePath('lockming', 'lockming'),
      orders: pagePath('lockming', 'order'),
      highlight: useLockmingHighlight(),
    },
    {
      product: 'ieo',
      icon: Rocket,
      color: '#f43f5e',
      list: pagePath('ieo', 'ieo'),
      orders: pagePath('ieo', 'order'),
      highlight: useIeoHighlight(),
    },
    {
      product: 'dual',
      icon: Target,
      color: '#84cc16',
      list: pagePath('invest', 'invest'),
      orders: pagePath('invest', 'mine'),
      highlight: useDualHighlight(),
    },
  ];
  return (
    <Page title={t('financial.title')} back={false}>
      <section className={styles.total} data-testid="finance-total">
        <span className={styles.totalLabel}>{t('financial.total')}</span>
        {!signedIn ? (
          <>
            <p className={styles.signedOut}>{t('financial.signInText')}</p>
            <Link to={pagePath('common', 'login')} className={styles.signIn}>
              {t('financial.signIn')}
            </Link>
          </>
        ) : !data ? (
          <>
            <Skeleton width={180} height={30} />
            <Skeleton width={120} height={14} />
          </>
        ) : (
          <>
            <b className={`${styles.totalValue} num`} data-testid="finance-total-usdt">
              {hidden ? '****' : fmt.usdtValue(data.total_usdt)} <small>{USDT}</small>
            </b>
            <span className={`${styles.totalFiat} num`}>
              ≈ {hidden ? '****' : fiatCode ? fmt.fiat(data.total_fiat, fiatCode) : fmt.number(data.total_fiat)}
            </span>
            <div className={styles.totalYield}>
              <span>{t('financial.yieldEarned')}</span>
              <b className="num up">
                +{hidden ? '****' : fmt.usdtValue(data.yield_usdt)} {USDT}
              </b>
            </div>
          </>
        )}
      </section>
      <div className={styles.list}>
        {views.map((view) => (
          <ProductCard
            key={view.product}
            view={view}
            summary={data?.products.find((p) => p.product === view.product)}
            signedIn={signedIn}
            hidden={hidden}
          />
        ))}
      </div>
    </Page>
  );
}
