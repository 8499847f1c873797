/**
 * The dual products ("invest"): coin tabs (BTC / ETH, `?coin=`), the
 * "buy low" (put: invests USDT) / "sell high" (call: invests the coin) toggle (`?type=`, buy low
 * first and by default, as on Binance and OKX), each product a card with its APR,
 * linked price, term, maturity, shares left, a progress bar and its status; a tap opens the purchase.
 */
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, ReceiptText } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Decimal } from '../../../domain/decimal';
import { DUAL_TAB_ORDER } from '../../../domain/invest/formulas';
import type { DualProduct, DualType } from '../../../domain/invest/types';
import { apiQuery } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { aprPercent, DUAL_COINS, shortDateTime, type DualCoin } from './format';
import styles from './Invest.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

function ProductCard({ p, color }: { p: DualProduct; color: string | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const linkedLabel = [t('invest.linkedPrice'), `(${p.quote})`].join(' ');
  const sold = new Decimal(p.progress).mul(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
  return (
    <button
      type="button"
      className={styles.card}
      data-testid="invest-product"
      data-id={p.id}
      data-days={p.days}
      data-type={p.type}
      disabled={p.status !== 'open'}
      onClick={() => navigate(pagePath('invest', 'purchase', { id: p.id }))}
    >
      <div className={styles.cardHead}>
        <span className={styles.coin}>
          <CoinBadge name={p.currency} color={color} size={32} />
          <b>{p.currency}</b>
          <span className={`${styles.typeTag} ${styles[p.type]}`}>{t(`invest.type.${p.type}`)}</span>
        </span>
        <span className={`${styles.status} ${styles[p.status]}`}>{t(`invest.status.${p.status}`)}</span>
      </div>
      <div className={styles.rateRow}>
        <div>
          <div className={`${styles.rate} num up`} data-testid="invest-apr">
            {aprPercent(p.apr, fmt.lang)}
          </div>
          <div className={styles.muted}>{t('invest.apr')}</div>
        </div>
        <div className={styles.right}>
          <div className={`${styles.big} num`} data-testid="invest-linked">
            {fmt.number(p.linked_price)}
          </div>
          <div className={styles.muted}>{linkedLabel}</div>
        </div>
      </div>
      <dl className={styles.cells}>
        <Term label={t('invest.days')}>{t('invest.daysN', { n: p.days })}</Term>
        <Term label={t('invest.maturity')}>{shortDateTime(p.maturity_at)}</Term>
        <Term label={t('invest.sharePrice')}>
          {fmt.number(p.share_price)} {p.invest_currency}
        </Term>
      </dl>
      <div className={styles.progress} aria-label={t('invest.soldPercent', { n: sold })}>
        <span style={{ width: `${sold}%` }} />
      </div>
      <div className={styles.progressText}>
        <span>{t('invest.soldPercent', { n: sold })}</span>
        <span className="num">
          {t('invest.remaining')} {fmt.number(String(p.remaining_shares))} / {fmt.number(String(p.total_shares))}
        </span>
      </div>
    </button>
  );
}

export default function InvestPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const coin: DualCoin = params.get('coin') === 'ETH' ? 'ETH' : 'BTC';
  const type: DualType = params.get('type') === 'call' ? 'call' : 'put';
  const currencies = useQuery(apiQuery('/currency/list'));
  const currencyId = useMemo(() => currencies.data?.currencies.find((c) => c.name === coin)?.id, [currencies.data, coin]);
  const products = useQuery({
    ...apiQuery('/dual/index', { currency_id: String(currencyId ?? 0), type }),
    enabled: currencyId !== undefined,
  });
  const colors = useCoinColors();
  const set = (next: { coin?: DualCoin; type?: DualType }) =>
    setParams({ coin: next.coin ?? coin, type: next.type ?? type }, { replace: true });
  return (
    <Page
      title={t('invest.title')}
      right={
        <Link to={pagePath('invest', 'mine')} className={styles.navLink} data-testid="invest-my-positions">
          <ReceiptText size={18} /> {t('invest.myPositions')}
        </Link>
      }
    >
      <div className={styles.hero}>
        <div>
          <h2>{t('invest.heroTitle')}</h2>
          <p>{t('invest.heroText')}</p>
        </div>
        <Link to={pagePath('invest', 'help')} className={styles.heroLink}>
          {t('invest.howItWorks')} <ChevronRight size={14} />
        </Link>
      </div>
      <div className={styles.tabs}>
        <Tabs items={DUAL_COINS.map((c) => ({ key: c, label: c }))} value={coin} onChange={(c) => set({ coin: c })} />
      </div>
      <div className={styles.toggle} data-testid="invest-type">
        <Tabs
          variant="pill"
          items={DUAL_TAB_ORDER.map((k) => ({ key: k, label: t(`invest.type.${k}`) }))}
          value={type}
          onChange={(k) => set({ type: k })}
        />
      </div>
      <p className={styles.hint} data-testid="invest-hint">
        {t(`invest.typeHint.${type}`, { coin })}
      </p>
      <div className={styles.list}>
        {products.isPending ? (
          [0, 1].map((i) => <Skeleton key={i} height={200} />)
        ) : products.data && products.data.length > 0 ? (
          products.data.map((p) => <ProductCard key={p.id} p={p} color={colors.get(p.currency)} />)
        ) : (
          <Empty text={t('invest.noProducts')} />
        )}
      </div>
    </Page>
  );
}
