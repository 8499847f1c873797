import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { accountName, parseAccount } from '../../../domain/funds/formulas';
import { apiQuery } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { DelayedFallback } from '../../ui/DelayedFallback';
import { Empty } from '../../ui/Empty';
import { accountLabel } from '../../ui/fundsLabels';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { BillRow } from './BillRow';
import styles from './AssetsRecordPage.module.css';
import { useFormat } from '../../ui/useFormat';
import { pagePath } from '../../paths';

const ASSETS_PATH = pagePath('fund', 'assets');

/**
 * One coin in one account (fund/assets_record): its balances and value, shortcuts to
 * deposit, withdraw and transfer it, and its latest bills.
 */
export default function AssetsRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = params.get('currency') ?? '';
  const account = parseAccount(params.get('account') ?? '2');
  const valid = /^[1-9]\d{0,8}$/.test(currency) && account !== null;
  const detail = useQuery({ ...apiQuery('/wallet/detail', { currency, type: String(account ?? '') }), enabled: valid });
  const colors = useCoinColors();
  const fmt = useFormat();

  const title = pageTitle(t, { area: 'fund', page: 'assets_record' });
  if (!valid || account === null) {
    return (
      <Page title={title}>
        <Empty
          text={t('funds.records.missingCoin')}
          action={{ label: t('funds.records.goAssets'), onClick: () => navigate(ASSETS_PATH) }}
        />
      </Page>
    );
  }

  const data = detail.data;
  const name = accountName(account);
  let body;
  if (!data) {
    body = detail.isError ? (
      <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void detail.refetch() }} />
    ) : (
      <div className={styles.pending}>
        <DelayedFallback />
      </div>
    );
  } else {
    body = (
      <>
        <section className={styles.card} data-testid="record-header">
          <div className={styles.head}>
            <CoinBadge name={data.currency} color={colors.get(data.currency)} size={40} />
            <b className={styles.coin}>{data.currency}</b>
            <span className={styles.account}>{t('funds.records.account', { account: accountLabel(t, name) })}</span>
          </div>
          <span className={styles.label}>{t('funds.records.available')}</span>
          <b className={`${styles.available} num`} data-testid="record-available">
            {fmt.balance(data.available, data.currency)}
          </b>
          {/* The value counts frozen funds too: it is a line of its own, not a gloss of "available". */}
          <dl className={styles.facts}>
            <div>
              <dt className={styles.label}>{t('funds.records.frozen')}</dt>
              <dd className="num" data-testid="record-frozen">
                {fmt.balance(data.frozen, data.currency)}
              </dd>
            </div>
            {data.usdt_value !== null && (
              <div>
                <dt className={styles.label}>{t('funds.records.totalValue')}</dt>
                <dd className={`${styles.value} num`} data-testid="record-value">
                  {t('funds.records.usdtValue', { value: fmt.usdtValue(data.usdt_value) })}
                </dd>
              </div>
            )}
          </dl>
          <nav className={styles.actions}>
            <Link to={pagePath('fund', 'receive', { currency: data.currency_id })} className={styles.action}>
              <span className={styles.actionIcon}>
                <ArrowDownToLine size={18} />
              </span>
              {t('funds.records.deposit')}
            </Link>
            <Link to={pagePath('fund', 'withdraw', { currency: data.currency_id })} className={styles.action}>
              <span className={styles.actionIcon}>
                <ArrowUpFromLine size={18} />
              </span>
              {t('funds.records.withdraw')}
            </Link>
            <Link to={pagePath('fund', 'fundTransfer', { currency: data.currency_id, from: name })} className={styles.action}>
              <span className={styles.actionIcon}>
                <ArrowLeftRight size={18} />
              </span>
              {t('funds.records.transfer')}
            </Link>
          </nav>
        </section>

        <section className={styles.bills}>
          <header className={styles.billsHead}>
            <h2 className={styles.billsTitle}>{t('funds.records.recent')}</h2>
            <Link
              to={pagePath('fund', 'assets_all_record', { account, currency: data.currency_id })}
              className={styles.all}
              data-testid="all-bills"
            >
              {t('funds.records.allBills')}
              <ChevronRight size={16} />
            </Link>
          </header>
          {data.bills.length === 0 ? (
            <div className={styles.emptyBills}>
              <Empty text={t('funds.records.noBills')} />
            </div>
          ) : (
            <ul className={styles.list} data-testid="record-bills">
              {data.bills.map((bill) => (
                <BillRow key={bill.id} bill={bill} />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return <Page title={title}>{body}</Page>;
}
