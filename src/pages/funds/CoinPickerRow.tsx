import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CoinBadge, useCoinColors } from '../../ui/CoinBadge';
import styles from './CoinPickerRow.module.css';
import { pagePath } from '../../paths';

/** The chosen coin at the top of the deposit and withdrawal pages; tapping opens the coin picker. */
export function CoinPickerRow({ currency, next, label }: { currency: string; next: 'receive' | 'withdraw'; label: string }) {
  const colors = useCoinColors();
  return (
    <Link to={pagePath('fund', 'select', { next })} className={styles.row} data-testid="coin-picker">
      <CoinBadge name={currency} color={colors.get(currency)} size={32} />
      <b>{currency}</b>
      <span className={styles.label}>{label}</span>
      <ChevronRight size={18} />
    </Link>
  );
}
