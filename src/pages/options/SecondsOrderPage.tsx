/**
 * The options orders (transaction/seconds_order): pending | settled tabs, 5 a page
 * (load more), each with the pair, direction, stake, expiry, open price and time, and for a
 * settled one the price and time that decided it, the result and the P&L in colour.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../domain/decimal';
import { formatNumber, formatPrice, selectTone } from '../../../domain/format';
import { OPTIONS_PAGE_SIZE } from '../../../domain/options/contract';
import type { OptionOrder, OptionStatus } from '../../../domain/options/types';
import { apiQuery, usePages } from '../../api/queries';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { clockTime } from './clockTime';
import styles from './Options.module.css';
import { Term } from '../../ui/Term';

const RESULT_KEYS = { win: 'options.result.win', draw: 'options.result.draw', loss: 'options.result.loss' } as const;

/** Each pair's price decimals by match id: prices shown as the trading screens show them. */
function usePriceDecimals(): Map<number, number> {
  const { data } = useQuery(apiQuery('/currency/list'));
  return useMemo(() => new Map((data?.pairs ?? []).map((p) => [p.id, p.price_decimals])), [data]);
}

function OrderRow({ o, priceDecimals }: { o: OptionOrder; priceDecimals: number | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const price = (v: string) => (priceDecimals === undefined ? fmt.number(v) : formatPrice(v, priceDecimals, fmt.lang));
  const signed = (v: string) => {
    const text = formatNumber(v, fmt.lang, { maxDecimals: 2 });
    return new Decimal(v).gt(0) ? `+${text}` : text;
  };
  const tone = o.profit === null ? 'flat' : selectTone(o.profit);
  return (
    <article className={styles.card} data-testid="option-order" data-id={o.id} data-status={o.status}>
      <div className={styles.cardHead}>
        <span>
          {o.symbol} <span className={`${styles.badge} ${styles[o.direction]}`}>{t(`options.${o.direction}`)}</span>
        </span>
        {o.result ? (
          <span className={tone} data-testid="order-result">
            {t(RESULT_KEYS[o.result])}
          </span>
        ) : (
          <span>{t('options.pending')}</span>
        )}
      </div>
      <dl className={styles.cells}>
        <Term label={t('options.stake')}>
          {fmt.number(o.number)} {o.currency}
        </Term>
        <Term label={t('options.expiry')}>{t('options.secondsShort', { n: o.seconds })}</Term>
        <Term label={t('options.expectedPnl')} tone="up">
          {signed(o.expected_profit)}
        </Term>
        <Term label={t('options.openPrice')}>{price(o.open_price)}</Term>
        <Term label={t('options.closePrice')} testId="order-close-price">
          {o.close_price === null ? '--' : price(o.close_price)}
        </Term>
        <div>
          <dt>{t('options.actualPnl')}</dt>
          <dd className={`num ${tone}`} data-testid="order-pnl">
            {o.profit === null ? '--' : signed(o.profit)}
          </dd>
        </div>
        <Term label={t('options.openTime')}>{clockTime(o.open_ts, 'MM-DD HH:mm:ss')}</Term>
        <Term label={t('options.closeTime')} testId="order-close-time">
          {o.close_ts === null ? '--' : clockTime(o.close_ts, 'MM-DD HH:mm:ss')}
        </Term>
      </dl>
      {o.decided_by === 'record' && <p className={styles.hint}>{t('options.decidedByRecord')}</p>}
    </article>
  );
}

function OrderList({ status }: { status: OptionStatus }) {
  const { t } = useTranslation();
  const list = usePages('/microtrade/lists', { status }, OPTIONS_PAGE_SIZE);
  const decimals = usePriceDecimals();
  return (
    <div className={styles.section}>
      <PagedView list={list} emptyText={t(status === 'pending' ? 'options.noPending' : 'options.noSettled')}>
        <div className={styles.list}>
          {list.items.map((o) => (
            <OrderRow key={o.id} o={o} priceDecimals={decimals.get(o.match_id)} />
          ))}
        </div>
      </PagedView>
    </div>
  );
}

export default function SecondsOrderPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OptionStatus>('pending');
  return (
    <Page title={t('options.ordersTitle')}>
      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'pending', label: t('options.pending') },
            { key: 'settled', label: t('options.settled') },
          ]}
          value={tab}
          onChange={setTab}
        />
      </div>
      <OrderList key={tab} status={tab} />
    </Page>
  );
}
