/**
 * The lockming orders: in progress / redeemed tabs (`status`), each order's amount,
 * daily yield, yield paid, days paid of the cycle, next yield, expiry and state; an order in
 * progress can be redeemed early after a sheet shows the server's penalty and what returns.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LockmingOrder, LockmingOrderStatus } from '../../../domain/lockming/types';
import { useInvalidate, usePages } from '../../api/queries';
import { call } from '../../api/request';
import { Button } from '../../ui/Button';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { Sheet } from '../../ui/Sheet';
import { Tabs } from '../../ui/Tabs';
import { useFormat } from '../../ui/useFormat';
import { dateTime } from './percent';
import styles from './Lockming.module.css';
import { Term } from '../../ui/Term';

function OrderCard({ o, onRedeem }: { o: LockmingOrder; onRedeem: (o: LockmingOrder) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const colors = useCoinColors();
  const c = o.currency;
  const amount = (v: string | null) => (v === null ? '--' : `${fmt.amount(v, c)} ${c}`);
  const state = o.status === 'holding' ? 'holding' : o.redemption === 'early' ? 'early' : 'expiry';
  return (
    <article className={styles.order} data-testid="lockming-order" data-id={o.id} data-status={o.status}>
      <div className={styles.cardHead}>
        <span className={styles.coin}>
          <CoinBadge name={c} color={colors.get(c)} size={28} />
          <b>{c}</b>
          <span className={styles.days}>{t('lockming.daysN', { n: o.cycle_days })}</span>
        </span>
        <span className={`${styles.status} ${styles[state]}`} data-testid="lockming-order-state">
          {t(`lockming.orderState.${state}`)}
        </span>
      </div>
      <div className={styles.progressText}>
        <span>{t('lockming.daysPaid', { n: o.days_paid, of: o.cycle_days })}</span>
      </div>
      <div className={styles.progress}>
        <span style={{ width: `${Math.round((o.days_paid / o.cycle_days) * 100)}%` }} />
      </div>
      <dl className={styles.cells}>
        <Term label={t('lockming.amount')}>{amount(o.amount)}</Term>
        <Term label={t('lockming.dailyYieldAmount')} tone="up">
          {amount(o.daily_yield)}
        </Term>
        <Term label={t('lockming.yieldPaid')} tone="up">
          {amount(o.yield_paid)}
        </Term>
        {o.status === 'holding' ? (
          <>
            <Term label={t('lockming.nextYield')}>{o.next_yield_at === null ? '--' : dateTime(o.next_yield_at)}</Term>
            <Term label={t('lockming.expiry')}>{dateTime(o.expires_at)}</Term>
            <Term label={t('lockming.bought')}>{dateTime(o.created_at)}</Term>
          </>
        ) : (
          <>
            <Term label={t('lockming.penalty')} tone="down" testId="lockming-order-penalty">
              {amount(o.penalty)}
            </Term>
            <Term label={t('lockming.returned')}>{amount(o.returned)}</Term>
            <Term label={t('lockming.redeemedAt')}>{o.redeemed_at === null ? '--' : dateTime(o.redeemed_at)}</Term>
          </>
        )}
      </dl>
      {o.status === 'holding' && (
        <Button variant="secondary" block onClick={() => onRedeem(o)} data-testid="lockming-redeem">
          {t('lockming.redeemEarly')}
        </Button>
      )}
    </article>
  );
}

function RedeemSheet({ order, onClose }: { order: LockmingOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const c = order?.currency ?? '';
  const amount = (v: string | null) => (v === null ? '--' : `${fmt.amount(v, c)} ${c}`);
  async function confirm() {
    if (!order) return;
    setBusy(true);
    try {
      await call('/lh/deposit/order/cancel', { id: String(order.id) });
      await invalidate('balances', 'lockming');
      onClose();
    } catch {
      // The `call` toast shows the server's reason.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Sheet open={order !== null} title={t('lockming.redeemTitle')} onClose={onClose}>
      {order && (
        <div className={styles.sheetBody} data-testid="lockming-redeem-sheet">
          <dl className={styles.rows}>
            <Term label={t('lockming.amount')}>{amount(order.amount)}</Term>
            <Term label={t('lockming.daysLeft')}>{t('lockming.daysN', { n: order.days_left })}</Term>
            <Term label={t('lockming.penalty')} tone="down" testId="lockming-redeem-penalty">
              {amount(order.redeem_penalty)}
            </Term>
            <Term label={t('lockming.returns')} testId="lockming-redeem-returns">
              {amount(order.redeem_returns)}
            </Term>
            <Term label={t('lockming.yieldPaid')} tone="up">
              {amount(order.yield_paid)}
            </Term>
          </dl>
          <p className={styles.note}>{t('lockming.redeemNote')}</p>
          <Button block busy={busy} onClick={() => void confirm()} data-testid="lockming-redeem-submit">
            {t('lockming.confirmRedeem')}
          </Button>
        </div>
      )}
    </Sheet>
  );
}

function OrderList({ status, onRedeem }: { status: LockmingOrderStatus; onRedeem: (o: LockmingOrder) => void }) {
  const { t } = useTranslation();
  const list = usePages('/lh/deposit/order', { status });
  return (
    <PagedView list={list} emptyText={t(status === 'holding' ? 'lockming.noHolding' : 'lockming.noRedeemed')}>
      <div className={styles.list}>
        {list.items.map((o) => (
          <OrderCard key={o.id} o={o} onRedeem={onRedeem} />
        ))}
      </div>
    </PagedView>
  );
}

export default function OrderPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<LockmingOrderStatus>('holding');
  const [redeeming, setRedeeming] = useState<LockmingOrder | null>(null);
  return (
    <Page title={t('lockming.ordersTitle')}>
      <div className={styles.tabs}>
        <Tabs
          items={[
            { key: 'holding', label: t('lockming.holding') },
            { key: 'redeemed', label: t('lockming.redeemed') },
          ]}
          value={tab}
          onChange={setTab}
        />
      </div>
      <OrderList key={tab} status={tab} onRedeem={setRedeeming} />
      <RedeemSheet order={redeeming} onClose={() => setRedeeming(null)} />
    </Page>
  );
}
