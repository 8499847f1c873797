/**
 * My IEO subscriptions: each subscription's project and token, its state (subscribed,
 * waiting for the end → allocated, tokens frozen → released), the tokens asked for and what was
 * paid, the passed amount and the refund once allocated, and the unlock date.
 */
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../domain/format';
import type { IeoOrder } from '../../../domain/ieo/types';
import { usePages } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { PagedView } from '../../ui/PagedView';
import { useFormat } from '../../ui/useFormat';
import { dateOnly, dateTime } from './time';
import styles from './Ieo.module.css';
import { Term } from '../../ui/Term';
import { pagePath } from '../../paths';

function OrderCard({ o }: { o: IeoOrder }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const colors = useCoinColors();
  const tok = (v: string | null) => (v === null ? t('ieo.atEnd') : `${formatAmount(v, o.token_decimals, fmt.lang)} ${o.token}`);
  const pay = (v: string | null) => (v === null ? t('ieo.atEnd') : `${formatAmount(v, o.pay_decimals, fmt.lang)} ${o.pay_currency}`);
  return (
    <article className={styles.order} data-testid="ieo-order" data-id={o.id} data-status={o.status}>
      <div className={styles.cardHead}>
        <Link to={pagePath('ieo', 'ieo', { detail: o.project_id })} className={styles.coin}>
          <CoinBadge name={o.token} color={colors.get(o.token)} size={32} />
          <span className={styles.names}>
            <b>{o.token}</b>
            <span className={styles.muted}>{o.name}</span>
          </span>
        </Link>
        <span className={`${styles.status} ${styles[o.status]}`} data-testid="ieo-order-status">
          {t(`ieo.status.${o.status}`)}
        </span>
      </div>
      <dl className={styles.cells}>
        <Term label={t('ieo.asked')} testId="ieo-order-amount">
          {tok(o.amount)}
        </Term>
        <Term label={t('ieo.paid')} testId="ieo-order-paid">
          {pay(o.paid)}
        </Term>
        <Term label={t('ieo.price')}>{pay(o.price)}</Term>
        <div>
          <dt>{t('ieo.passed')}</dt>
          <dd className={`num ${o.passed === null ? styles.pending : 'up'}`} data-testid="ieo-order-passed">
            {tok(o.passed)}
          </dd>
        </div>
        <div>
          <dt>{t('ieo.refunded')}</dt>
          <dd className={`num ${o.refunded === null ? styles.pending : ''}`} data-testid="ieo-order-refunded">
            {pay(o.refunded)}
          </dd>
        </div>
        <Term label={t('ieo.unlockDate')}>{dateOnly(o.unlock_at)}</Term>
      </dl>
      <div className={styles.orderFoot}>
        <span>
          {t('ieo.subscribedAt')} <span className="num">{dateTime(o.created_at)}</span>
        </span>
        <span>
          {t('ieo.end')} <span className="num">{dateTime(o.ends_at)}</span>
        </span>
      </div>
    </article>
  );
}

export default function OrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePages('/user/project/order', {});
  return (
    <Page title={t('ieo.ordersTitle')}>
      {list.loadedPage > 0 && list.items.length === 0 ? (
        <Empty text={t('ieo.noOrders')} action={{ label: t('ieo.browse'), onClick: () => void navigate(pagePath('ieo', 'ieo')) }} />
      ) : (
        <PagedView list={list} emptyText={t('ieo.noOrders')}>
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
