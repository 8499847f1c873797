import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_NAMES, accountName, parseAccount, type AccountName } from '../../../domain/funds/formulas';
import { apiQuery, usePages } from '../../api/queries';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import { accountLabel, billKindLabel } from '../../ui/fundsLabels';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Sheet } from '../../ui/Sheet';
import { Tabs } from '../../ui/Tabs';
import { BillRow } from './BillRow';
import { PagedView } from '../../ui/PagedView';
import styles from './AllBillsPage.module.css';

/** The bill kinds the filter offers, in the order of the journal's life cycle. */
const KINDS = [
  'deposit',
  'withdraw',
  'withdraw_refund',
  'transfer',
  'exchange',
  'credit',
  'rebate',
  'coupon_fee',
  'deposit_bonus',
] as const;
const ALL = 'all';
type AccountTab = AccountName | typeof ALL;

/**
 * Every bill of the user (fund/assets_all_record), newest first, a page at a time,
 * filtered by account, coin and kind. The filters live in the query string, so a link can
 * open a filtered list and going back keeps them.
 */
export default function AllBillsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [sheet, setSheet] = useState<'currency' | 'kind' | null>(null);
  const colors = useCoinColors();
  const currencies = useQuery(apiQuery('/currency/user_currency_list'));

  const accountId = parseAccount(params.get('account') ?? '');
  const tab: AccountTab = accountId ? accountName(accountId) : ALL;
  const currencyParam = params.get('currency') ?? '';
  const currency = /^[1-9]\d{0,8}$/.test(currencyParam) ? currencyParam : '';
  const kindParam = params.get('kind') ?? '';
  const kind = (KINDS as readonly string[]).includes(kindParam) ? kindParam : '';

  const list = usePages('/wallet/bills', {
    ...(tab !== ALL && { account: tab }),
    ...(currency && { currency }),
    ...(kind && { kind }),
  });

  /** Sets one filter in the query string (empty removes it), replacing the history entry. */
  const setFilter = (key: 'account' | 'currency' | 'kind', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setSheet(null);
  };

  const coinName = currency ? currencies.data?.find((c) => String(c.currency_id) === currency)?.currency : undefined;
  const tabs: { key: AccountTab; label: string }[] = [
    { key: ALL, label: t('funds.records.all') },
    ...ACCOUNT_NAMES.map((key) => ({ key, label: accountLabel(t, key) })),
  ];

  return (
    <Page title={pageTitle(t, { area: 'fund', page: 'assets_all_record' })}>
      <div className={styles.filters}>
        <Tabs items={tabs} value={tab} onChange={(key) => setFilter('account', key === ALL ? '' : key)} />
        <div className={styles.chips}>
          <button
            type="button"
            className={`${styles.chip} ${currency ? styles.chipOn : ''}`}
            onClick={() => setSheet('currency')}
            aria-haspopup="dialog"
            data-testid="filter-currency"
          >
            <span className={styles.chipText}>{currency ? (coinName ?? t('funds.records.chooseCoin')) : t('funds.records.allCoins')}</span>
            <ChevronDown size={14} />
          </button>
          <button
            type="button"
            className={`${styles.chip} ${kind ? styles.chipOn : ''}`}
            onClick={() => setSheet('kind')}
            aria-haspopup="dialog"
            data-testid="filter-kind"
          >
            <span className={styles.chipText}>{kind ? billKindLabel(t, kind) : t('funds.records.allKinds')}</span>
            <ChevronDown size={14} />
          </button>
        </div>
      </div>

      <PagedView list={list} emptyText={currency || kind || tab !== ALL ? t('funds.records.noMatch') : t('funds.records.noBills')}>
        <ul className={styles.list} data-testid="bills">
          {list.items.map((bill) => (
            <BillRow key={bill.id} bill={bill} detailed color={colors.get(bill.currency)} />
          ))}
        </ul>
      </PagedView>

      <Sheet open={sheet === 'currency'} title={t('funds.records.chooseCoin')} onClose={() => setSheet(null)}>
        <ul className={styles.options} data-testid="currency-options">
          <Option label={t('funds.records.allCoins')} selected={!currency} onSelect={() => setFilter('currency', '')} />
          {currencies.data?.map((c) => (
            <Option
              key={c.currency_id}
              label={c.currency}
              badge={<CoinBadge name={c.currency} color={colors.get(c.currency)} size={24} />}
              selected={currency === String(c.currency_id)}
              onSelect={() => setFilter('currency', String(c.currency_id))}
            />
          ))}
        </ul>
      </Sheet>
      <Sheet open={sheet === 'kind'} title={t('funds.records.chooseKind')} onClose={() => setSheet(null)}>
        <ul className={styles.options} data-testid="kind-options">
          <Option label={t('funds.records.allKinds')} selected={!kind} onSelect={() => setFilter('kind', '')} />
          {KINDS.map((k) => (
            <Option key={k} label={billKindLabel(t, k)} selected={kind === k} onSelect={() => setFilter('kind', k)} />
          ))}
        </ul>
      </Sheet>
    </Page>
  );
}

/** One choice of a filter sheet; a coin's shows its badge. */
function Option({ label, selected, onSelect, badge }: { label: string; selected: boolean; onSelect: () => void; badge?: ReactNode }) {
  return (
    <li>
      <button type="button" className={`${styles.option} ${selected ? styles.selected : ''}`} onClick={onSelect} aria-pressed={selected}>
        {badge}
        <span className={styles.optionLabel}>{label}</span>
        {selected && <Check size={18} />}
      </button>
    </li>
  );
}
