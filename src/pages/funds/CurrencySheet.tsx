import { Check, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserCurrency } from '../../../domain/funds/types';
import { CoinBadge } from '../../ui/CoinBadge';
import { Sheet } from '../../ui/Sheet';
import { TextField } from '../../ui/TextField';
import styles from './CurrencySheet.module.css';
import { formatAmount } from '../../../domain/format';
import { useFormat } from '../../ui/useFormat';

interface CurrencySheetProps {
  open: boolean;
  title: string;
  /** The user's currencies (`/currency/user_currency_list`). */
  currencies: readonly UserCurrency[];
  /** The chosen currency id. */
  value: string;
  onSelect: (currency: UserCurrency) => void;
  onClose: () => void;
  /** Show what each coin has available in the coin account. */
  showAvailable?: boolean;
  testId?: string;
}

/** The brand colour of a user currency for `CoinBadge` (stored without `#`). */
export function currencyColor(currency: Pick<UserCurrency, 'color'> | undefined): string | undefined {
  return currency?.color ? `#${currency.color}` : undefined;
}

/** A bottom sheet listing the user's currencies with a search box; tapping one chooses it. */
export function CurrencySheet({ open, title, onClose, ...list }: CurrencySheetProps) {
  return (
    <Sheet open={open} title={title} onClose={onClose}>
      <CurrencyList {...list} />
    </Sheet>
  );
}

/** The sheet's content: mounted while the sheet is open, so the search starts empty each time. */
function CurrencyList({ currencies, value, onSelect, showAvailable, testId }: Omit<CurrencySheetProps, 'open' | 'title' | 'onClose'>) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toUpperCase();
    return q ? currencies.filter((c) => c.currency.toUpperCase().includes(q)) : currencies;
  }, [currencies, query]);

  return (
    <div className={styles.wrap}>
      <TextField
        value={query}
        onChange={setQuery}
        placeholder={t('funds.select.search')}
        prefix={<Search size={16} className={styles.searchIcon} />}
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        className={styles.search}
        aria-label={t('funds.select.search')}
      />
      {shown.length === 0 ? (
        <p className={styles.none}>{t('funds.select.none')}</p>
      ) : (
        <ul className={styles.list} data-testid={testId}>
          {shown.map((c) => {
            const current = String(c.currency_id) === value;
            return (
              <li key={c.currency_id}>
                <button type="button" className={styles.coin} aria-current={current || undefined} onClick={() => onSelect(c)}>
                  <CoinBadge name={c.currency} color={currencyColor(c)} size={30} />
                  <span className={styles.name}>{c.currency}</span>
                  {showAvailable && (
                    <span className={`num ${styles.available} ${c.available === '0' ? styles.zero : ''}`}>
                      {formatAmount(c.available, c.decimals, fmt.lang)}
                    </span>
                  )}
                  <span className={styles.mark}>{current && <Check size={18} />}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
