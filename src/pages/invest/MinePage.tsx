/**
 * The user's dual positions: holding / settling / settled / failed tabs
 * (`status`), each position's coin and type, amount, linked price, APR, term and maturity; a
 * settled one its settlement price and what was paid (coin and amount), a failed one its reason
 * (the principal was refunded).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUAL_ORDER_STATUSES, type DualOrder, type DualOrderStatus } from '../../../domain/invest/types';
import { usePages } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { aprPercent, dateTime } from './format';
import styles from './Invest.module.css';
import { Term } from '../../ui/Term';

function OrderCard({ o }: { o: DualOrder }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const colors = useCoinColors();
  const reasons: Record<string, string> = { 'fail.noPrice': t('invest.fail.noPrice') };
  return (
    <article className={styles.order} data-testid="invest-order" data-id={o.id} data-status={o.status}>
      <div className={styles.cardHead}>
        <span className={styles.coin}>
          <CoinBadge name={o.currency} color={colors.get(o.currency)} size={28} />
          <b>{o.symbol}</b>
          <span className={`${styles.typeTag} ${styles[o.type]}`}>{t(`invest.type.${o.type}`)}</span>
        </span>
        <span className={`${styles.status} ${styles[o.status]}`} data-testid="invest-order-status">
          {t(`invest.orderStatus.${o.status}`)}
        </span>
      </div>
      <dl className={styles.cells}>
        <Term label={t('invest.amount')} testId="invest-order-amount">
          {fmt.amount(o.amount, o.invest_currency)} {o.invest_currency}
        </Term>
        <Term label={t('invest.linkedPrice')}>{fmt.number(o.linked_price)}</Term>
        <Term label={t('invest.apr')} tone="up">
          {aprPercent(o.apr, fmt.lang)}
        </Term>
        <Term label={t('invest.days')}>{t('invest.daysN', { n: o.days })}</Term>
        <Term label={t('invest.maturity')}>{dateTime(o.maturity_at)}</Term>
        {o.status === 'success' ? (
          <>
            <Term label={t('invest.settlePrice')} testId="invest-order-settle">
              {o.settle_price === null ? '--' : fmt.number(o.settle_price)}
            </Term>
            <Term label={t('invest.payout')} tone="up" testId="invest-order-payout">
              {o.payout_amount === null || o.payout_currency === null
                ? '--'
                : `${fmt.amount(o.payout_amount, o.payout_currency)} ${o.payout_currency}`}
            </Term>
            <Term label={t('invest.settledAt')}>{o.settled_at === null ? '--' : dateTime(o.settled_at)}</Term>
          </>
        ) : (
          <Term label={t('invest.bought')}>{dateTime(o.created_at)}</Term>
        )}
      </dl>
      {o.status === 'fail' && (
        <p className={styles.reason} data-testid="invest-order-reason">
          {t('invest.failReason')}: {o.fail_reason === null ? '--' : (reasons[o.fail_reason] ?? o.fail_reason)}
        </p>
      )}
    </article>
  );
}

function OrderList({ status }: { status: DualOrderStatus }) {
  const { t } = useTranslation();
  const list = usePages('/dual/dual_list', { status });
  return (
    <PagedView list={list} emptyText={t('invest.noOrders')}>
      <div className={styles.list}>
        {list.items.map((o) => (
          <OrderCard key={o.id} o={o} />
        ))}
      </div>
    </PagedView>
  );
}

export default function MinePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DualOrderStatus>('purchased');
  return (
    <Page title={t('invest.mineTitle')}>
      <div className={styles.tabs} data-testid="invest-tabs">
        <Tabs items={DUAL_ORDER_STATUSES.map((s) => ({ key: s, label: t(`invest.tabs.${s}`) }))} value={tab} onChange={setTab} />
      </div>
      <OrderList key={tab} status={tab} />
    </Page>
  );
}
