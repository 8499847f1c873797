import { useTranslation } from 'react-i18next';
import type { SortDirection } from '../../../domain/market/ranking';
import styles from './SortHeader.module.css';

interface SortHeaderProps {
  label: string;
  /** This column's sort, or null when the list is not sorted by it. */
  direction: SortDirection | null;
  onToggle: () => void;
  testId?: string;
}

/** A tappable column header with a two-way arrow whose active half is lit, as exchanges' market lists have. */
export function SortHeader({ label, direction, onToggle, testId }: SortHeaderProps) {
  const { t } = useTranslation();
  const state = direction === 'asc' ? t('market.sort.ascending') : direction === 'desc' ? t('market.sort.descending') : null;
  return (
    <button
      type="button"
      className={`${styles.header} ${direction ? styles.active : ''}`}
      onClick={onToggle}
      aria-label={state ? `${label}, ${state}` : t('market.sort.by', { column: label })}
      data-testid={testId}
      data-sort={direction ?? undefined}
    >
      <span className={styles.label}>{label}</span>
      <svg className={styles.arrows} width="7" height="11" viewBox="0 0 7 11" aria-hidden="true">
        <path d="M3.5 0 7 4.2H0z" className={direction === 'asc' ? styles.lit : undefined} />
        <path d="M3.5 11 0 6.8h7z" className={direction === 'desc' ? styles.lit : undefined} />
      </svg>
    </button>
  );
}
