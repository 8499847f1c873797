/**
 * Spot orders (transaction/currency_order): tabs open | filled | cancelled from
 * `/coin/list`, newest first, paged. Each row: side, pair, amount, average price, total, fee,
 * time; a filled one also the recorded price and tick time that decided its fill; an open one its
 * frozen funds and a cancel.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../domain/format';
import type { SpotOrder, SpotStatus } from '../../../domain/spot/types';
import { apiQuery, usePages } from '../../api/queries';
import { ApiError, call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import styles from './SpotPage.module.css';
import { invalidateSpot } from './spotShared';

function OrderCard({ order, decimals }: { order: SpotOrder; decimals: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  const time = (ts: number) => timeText(ts, 'YYYY-MM-DD HH:mm:ss');
  const client = useQueryClient();
  const [base, quote] = order.symbol.split('/') as [string, string];
  const price = (v: string | null) => (v === null ? '--' : formatPrice(v, decimals, fmt.lang));
  const cell = (label: string, value: string, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const cancel = async () => {
    try {
      await call('/coin/cancel', { id: String(order.id) }, { idempotencyKey: `spot-cancel-${order.id}`, silent: true });
      showToast(t('spot.open.cancelled'));
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message);
    }
    void invalidateSpot(client);
  };
  return (
    <li className={styles.card} data-testid="spot-order-row" data-status={order.status}>
      <div className={styles.cardHead}>
        <b className={order.side === 'buy' ? 'up' : 'down'}>{t(order.side === 'buy' ? 'spot.form.buy' : 'spot.form.sell')}</b>
        <b>{order.symbol}</b>
        <span className={styles.muted}>{t(order.kind === 'market' ? 'spot.form.market' : 'spot.form.limit')}</span>
        {order.status === 'open' ? (
          <button type="button" className={styles.cancel} onClick={() => void cancel()} data-testid="spot-row-cancel">
            {t('spot.open.cancel')}
          </button>
        ) : (
          <span className={styles.status}>{t(`spot.status.${order.status}`)}</span>
        )}
      </div>
      <dl className={styles.grid}>
        {cell(`${t('spot.form.amount')} (${base})`, fmt.number(order.amount), 'row-amount')}
        {order.kind === 'limit' && cell(t('spot.form.price'), price(order.target_price))}
        {cell(t('spot.form.avgPrice'), price(order.avg_price), 'row-avg')}
        {cell(`${t('spot.form.total')} (${quote})`, order.total ? fmt.amount(order.total, quote) : '--', 'row-total')}
        {cell(`${t('spot.form.fee')} (${order.fee_currency})`, fmt.amount(order.fee, order.fee_currency), 'row-fee')}
        {order.status === 'open' &&
          cell(`${t('spot.open.frozen')} (${order.frozen_currency})`, fmt.amount(order.frozen, order.frozen_currency), 'row-frozen')}
      </dl>
      <div className={styles.times}>
        <span>
          {t('spot.orders.placed')} <time>{time(order.created_at)}</time>
        </span>
        {order.status === 'filled' && (
          <span data-testid="row-deciding">
            {t('spot.orders.decided', { price: price(order.deciding_price) })}{' '}
            <time>{order.deciding_ts ? time(order.deciding_ts) : '--'}</time>
          </span>
        )}
        {order.status === 'cancelled' && order.cancelled_at && (
          <span>
            {t('spot.orders.cancelledAt')} <time>{time(order.cancelled_at)}</time>
          </span>
        )}
      </div>
    </li>
  );
}

export default function SpotOrderPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SpotStatus>('open');
  const list = usePages('/coin/list', { status });
  const catalogue = useQuery(apiQuery('/currency/list'));
  const decimals = useMemo(() => new Map((catalogue.data?.pairs ?? []).map((p) => [p.symbol, p.price_decimals])), [catalogue.data]);
  return (
    <Page title={t('spot.orders.title')}>
      <div className={styles.tabs}>
        <Tabs
          items={(['open', 'filled', 'cancelled'] as const).map((key) => ({ key, label: t(`spot.status.${key}`) }))}
          value={status}
          onChange={setStatus}
        />
      </div>
      <PagedView list={list} emptyText={t(`spot.orders.empty.${status}`)}>
        <ul className={styles.list} data-testid="spot-order-list">
          {list.items.map((o) => (
            <OrderCard key={o.id} order={o} decimals={decimals.get(o.symbol) ?? 2} />
          ))}
        </ul>
      </PagedView>
    </Page>
  );
}
