import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiQuery } from '../../api/queries';
import { CoinBadge } from '../../ui/CoinBadge';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { TextField } from '../../ui/TextField';
import styles from './SelectCoinPage.module.css';
import { formatAmount } from '../../../domain/format';
import { useFormat } from '../../ui/useFormat';
import { pagePath } from '../../paths';

/** Where a picked coin goes next, and which coins qualify. */
const NEXT = {
  receive: { path: pagePath('fund', 'receive'), filter: 'can_deposit' },
  withdraw: { path: pagePath('fund', 'withdraw'), filter: 'can_withdraw' },
  assets_record: { path: pagePath('fund', 'assets_record'), filter: null },
} as const;

/** The coin picker (fund/select): searchable, with the balance of each; `?next=` says where to go. */
export default function SelectCoinPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = NEXT[(params.get('next') ?? 'receive') as keyof typeof NEXT] ?? NEXT.receive;
  const list = useQuery(apiQuery('/currency/user_currency_list'));
  const [query, setQuery] = useState('');
  const q = query.trim().toUpperCase();
  const coins = (list.data ?? []).filter((c) => (next.filter ? c[next.filter] : true) && (!q || c.currency.includes(q)));

  return (
    <Page title={pageTitle(t, { area: 'fund', page: 'select' })}>
      <div className={styles.search}>
        <TextField
          value={query}
          onChange={setQuery}
          placeholder={t('funds.select.search')}
          name="coin-search"
          prefix={<Search size={16} />}
          autoFocus
        />
      </div>
      {list.data && coins.length === 0 && <Empty text={t('funds.select.none')} />}
      <ul className={styles.list}>
        {coins.map((c) => (
          <li key={c.currency_id}>
            <button
              type="button"
              className={styles.row}
              onClick={() => navigate(`${next.path}?currency=${c.currency_id}`, { replace: true })}
              data-coin={c.currency}
            >
              <CoinBadge name={c.currency} color={c.color ? `#${c.color}` : undefined} size={32} />
              <b>{c.currency}</b>
              <span className={`${styles.balance} num`}>{formatAmount(c.available, c.decimals, fmt.lang)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Page>
  );
}
