import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { parseAccount } from '../../../domain/funds/formulas';
import { usePages } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { accountLabel } from '../../ui/fundsLabels';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Tabs } from '../../ui/Tabs';
import { useTimeText } from '../../ui/useTimeText';
import { PagedView } from '../../ui/PagedView';
import cards from './RecordCards.module.css';
import styles from './TransferHistoryPage.module.css';
import { useFormat } from '../../ui/useFormat';
import { Term } from '../../ui/Term';

type Tab = 'transfer' | 'exchange';

/**
 * Moves of the user's own money (fund/transfer_history): transfers between accounts,
 * and exchanges from one coin to another. `?tab=exchange` opens the second list.
 */
export default function TransferHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'exchange' ? 'exchange' : 'transfer';
  const tabs: { key: Tab; label: string }[] = [
    { key: 'transfer', label: t('funds.history.tabs.transfers') },
    { key: 'exchange', label: t('funds.history.tabs.exchanges') },
  ];
  return (
    <Page title={pageTitle(t, { area: 'fund', page: 'transfer_history' })}>
      <div className={styles.tabs}>
        <Tabs items={tabs} value={tab} onChange={(key) => setParams(key === 'exchange' ? { tab: key } : {}, { replace: true })} />
      </div>
      {tab === 'transfer' ? <Transfers /> : <Exchanges />}
    </Page>
  );
}

/** An account's name from the number the API gives. */
function useAccountText(): (id: number) => string {
  const { t } = useTranslation();
  return (id) => {
    const account = parseAccount(String(id));
    return account ? accountLabel(t, account) : String(id);
  };
}

function Transfers() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  const accountText = useAccountText();
  const colors = useCoinColors();
  const list = usePages('/wallet/hzhistory', {});
  return (
    <PagedView list={list} emptyText={t('funds.history.noTransfers')}>
      <ul className={styles.list} data-testid="transfers">
        {list.items.map((item) => (
          <li key={item.id} className={styles.row} data-testid="transfer-item">
            <CoinBadge name={item.currency} color={colors.get(item.currency)} size={32} />
            <div className={styles.main}>
              <span className={styles.route}>
                <span>{accountText(item.from_account)}</span>
                <ArrowRight size={14} className={styles.arrow} aria-label={t('funds.history.to')} />
                <span>{accountText(item.to_account)}</span>
              </span>
              <time className={styles.time}>{timeText(item.created_at)}</time>
            </div>
            <div className={styles.amounts}>
              <b className={`${styles.amount} num`}>
                {fmt.amount(item.amount, item.currency)}
                <span className={styles.unit}>{item.currency}</span>
              </b>
            </div>
          </li>
        ))}
      </ul>
    </PagedView>
  );
}

function Exchanges() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  const list = usePages('/user/getTransferList', {});
  return (
    <PagedView list={list} emptyText={t('funds.history.noExchanges')}>
      <ul className={cards.cards} data-testid="exchanges">
        {list.items.map((item) => (
          <li key={item.id} className={cards.card} data-testid="exchange-item">
            <div className={styles.pair}>
              <span className={styles.side}>
                <b className="num">{fmt.amount(item.from_amount, item.from_currency)}</b>
                <span className={styles.unit}>{item.from_currency}</span>
              </span>
              <span className={styles.pairArrow}>
                <ArrowRight size={16} aria-label={t('funds.history.to')} />
              </span>
              <span className={`${styles.side} ${styles.sideEnd}`}>
                <b className="num up">{fmt.amount(item.to_amount, item.to_currency)}</b>
                <span className={styles.unit}>{item.to_currency}</span>
              </span>
            </div>
            <dl className={styles.facts}>
              <Term label={t('funds.history.rate')}>
                {t('funds.history.rateValue', { from: item.from_currency, rate: fmt.rate(item.rate), to: item.to_currency })}
              </Term>
              <Term label={t('funds.history.fee')}>
                {fmt.amount(item.fee, item.to_currency)}
                <span className={styles.unit}>{item.to_currency}</span>
              </Term>
            </dl>
            <time className={styles.time}>{timeText(item.created_at)}</time>
          </li>
        ))}
      </ul>
    </PagedView>
  );
}
