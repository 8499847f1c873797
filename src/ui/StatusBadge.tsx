import { useTranslation } from 'react-i18next';
import styles from './StatusBadge.module.css';

type Status = 'pending' | 'approved' | 'completed' | 'rejected';

/** The state of a reviewed request: pending (gold), approved or completed (green), rejected (red). */
export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-status={status}>
      {t(`funds.status.${status}`)}
    </span>
  );
}
