/** My OTC orders (`/pages/otc/orders`): by state (all, in progress, completed, cancelled), newest first, each opening its order page. */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { OtcOrder, OtcStateFilter } from '../../../domain/otc/types';
import { usePages } from '../../api/queries';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { Tabs } from '../../ui/Tabs';
import { StateBadge, useOtcAmounts } from './parts';
import { dateTime } from './time';
import styles from './Otc.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

const FILTERS = ['all', 'open', 'completed', 'cancelled'] as const satisfies readonly OtcStateFilter[];

function OrderCard({ o }: { o: OtcOrder }) {
  const { t } = useTranslation();
  const a = useOtcAmounts(o.fiat_decimals, o.usdt_decimals);
  return (
    <Link
      to={pagePath('otc', 'order', { id: o.id })}
      className={styles.card}
      data-testid="otc-order-card"
      data-id={o.id}
      data-state={o.state}
    >
      <div className={styles.cardHead}>
        <span className={o.side === 'buy' ? styles.sideBuy : styles.sideSell}>
          {o.side === 'buy' ? t('otc.buyUsdt') : t('otc.sellUsdt')}
        </span>
        <StateBadge o={o} />
      </div>
      <dl className={styles.rows}>
        <Term label={t('otc.amountUsdt')}>{a.usdt(o.usdt_amount)}</Term>
        <Term label={t('otc.total')}>{a.fiat(o.fiat_amount, o.fiat)}</Term>
        <div>
          <dt>{t('otc.merchant')}</dt>
          <dd>{o.merchant}</dd>
        </div>
        <Term label={t('otc.createdAt')}>{dateTime(o.created_at)}</Term>
      </dl>
    </Link>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = (FILTERS as readonly string[]).includes(raw ?? '') ? (raw as (typeof FILTERS)[number]) : 'all';
  const list = usePages('/otc/orders', { state });
  return (
    <Page title={t('otc.myOrders')}>
      <div className={styles.sideTabs}>
        <Tabs
          items={FILTERS.map((key) => ({ key, label: t(`otc.filter.${key}`) }))}
          value={state}
          onChange={(key) => setParams({ state: key }, { replace: true })}
        />
      </div>
      {list.loadedPage > 0 && list.items.length === 0 ? (
        <Empty text={t('otc.noOrders')} action={{ label: t('otc.goTrade'), onClick: () => void navigate(pagePath('otc', 'otc')) }} />
      ) : (
        <PagedView list={list} emptyText={t('otc.noOrders')}>
          <div className={styles.list}>
            {list.items.map((o) => (
              <OrderCard key={o.id} o={o} />
            ))}
          </div>
        </PagedView>
      )}
    </Page>
  );
}
