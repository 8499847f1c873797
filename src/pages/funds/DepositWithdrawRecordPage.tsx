import { Image as ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { DepositItem, WithdrawalItem } from '../../../domain/funds/types';
import { usePages } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Sheet } from '../../ui/Sheet';
import { StatusBadge } from '../../ui/StatusBadge';
import { Tabs } from '../../ui/Tabs';
import { useTimeText } from '../../ui/useTimeText';
import { PagedView } from '../../ui/PagedView';
import cards from './RecordCards.module.css';
import styles from './DepositWithdrawRecordPage.module.css';
import { useFormat } from '../../ui/useFormat';
import { Term } from '../../ui/Term';

type Tab = 'deposit' | 'withdraw';

/**
 * Deposit requests and withdrawals with their review state (fund/receive_withdraw_record).
 * `?tab=withdraw` opens the second list.
 */
export default function DepositWithdrawRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  const tabs: { key: Tab; label: string }[] = [
    { key: 'deposit', label: t('funds.history.tabs.deposits') },
    { key: 'withdraw', label: t('funds.history.tabs.withdrawals') },
  ];
  return (
    <Page title={pageTitle(t, { area: 'fund', page: 'receive_withdraw_record' })}>
      <div className={styles.tabs}>
        <Tabs items={tabs} value={tab} onChange={(key) => setParams(key === 'withdraw' ? { tab: key } : {}, { replace: true })} />
      </div>
      {tab === 'deposit' ? <Deposits /> : <Withdrawals />}
    </Page>
  );
}

/** The top of a record card: coin, amount and review state. */
function CardHead({
  currency,
  amount,
  status,
}: {
  currency: string;
  amount: string;
  status: DepositItem['status'] | WithdrawalItem['status'];
}) {
  const colors = useCoinColors();
  const fmt = useFormat();
  return (
    <div className={styles.head}>
      <CoinBadge name={currency} color={colors.get(currency)} size={32} />
      <b className={`${styles.amount} num`}>
        {fmt.amount(amount, currency)}
        <span className={styles.unit}>{currency}</span>
      </b>
      <StatusBadge status={status} />
    </div>
  );
}

function Deposits() {
  const { t } = useTranslation();
  const timeText = useTimeText();
  const list = usePages('/recharge/log', {});
  const [voucher, setVoucher] = useState<DepositItem | null>(null);
  return (
    <>
      <PagedView list={list} emptyText={t('funds.history.noDeposits')}>
        <ul className={cards.cards} data-testid="deposits">
          {list.items.map((item) => (
            <li key={item.id} className={cards.card} data-testid="deposit-item" data-status={item.status}>
              <CardHead currency={item.currency} amount={item.amount} status={item.status} />
              <dl className={styles.facts}>
                <div>
                  <dt>{t('funds.history.network')}</dt>
                  <dd>{item.network}</dd>
                </div>
              </dl>
              {item.status === 'rejected' && item.reason && <Reason text={item.reason} />}
              <div className={styles.foot}>
                <time className={styles.time}>{timeText(item.created_at)}</time>
                {item.voucher && (
                  <button type="button" className={styles.voucher} onClick={() => setVoucher(item)} data-testid="voucher">
                    <ImageIcon size={14} />
                    {t('funds.history.voucher')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </PagedView>
      <Sheet open={voucher !== null} title={t('funds.history.voucherTitle')} onClose={() => setVoucher(null)}>
        {voucher?.voucher && (
          <div className={styles.preview} data-testid="voucher-preview">
            <img src={voucher.voucher} alt={t('funds.history.voucherTitle')} />
          </div>
        )}
      </Sheet>
    </>
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  const list = usePages('/user/withdraw/list', {});
  return (
    <PagedView list={list} emptyText={t('funds.history.noWithdrawals')}>
      <ul className={cards.cards} data-testid="withdrawals">
        {list.items.map((item: WithdrawalItem) => (
          <li key={item.id} className={cards.card} data-testid="withdrawal-item" data-status={item.status}>
            <CardHead currency={item.currency} amount={item.amount} status={item.status} />
            <dl className={styles.facts}>
              <Term label={t('funds.history.fee')}>
                {fmt.amount(item.fee, item.currency)}
                <span className={styles.unit}>{item.currency}</span>
              </Term>
              <Term label={t('funds.history.arrival')}>
                {fmt.amount(item.arrival, item.currency)}
                <span className={styles.unit}>{item.currency}</span>
              </Term>
              <div className={styles.target}>
                <dt>{t('funds.history.target')}</dt>
                <dd>{item.target_label}</dd>
                <dd className={styles.detail}>{item.target_detail}</dd>
              </div>
              {item.remark && (
                <div>
                  <dt>{t('funds.history.remark')}</dt>
                  <dd>{item.remark}</dd>
                </div>
              )}
            </dl>
            {item.status === 'rejected' && item.reason && <Reason text={item.reason} />}
            <div className={styles.foot}>
              <time className={styles.time}>{timeText(item.created_at)}</time>
            </div>
          </li>
        ))}
      </ul>
    </PagedView>
  );
}

function Reason({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <p className={styles.reason} data-testid="reject-reason">
      {t('funds.history.reason', { reason: text })}
    </p>
  );
}
