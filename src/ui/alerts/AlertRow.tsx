import { BellRing, Pencil, Trash2, TrendingDown, TrendingUp, Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AlertKind, PriceAlert } from '../../../domain/alerts/types';
import { useFormat } from '../useFormat';
import { useTimeText } from '../useTimeText';
import styles from './Alerts.module.css';

const KIND_ICONS: Record<AlertKind, typeof TrendingUp> = { above: TrendingUp, below: TrendingDown, change: Activity };

/** What an alert waits for, in the interface language: "Rises to 61,000.5", "24h move ±5%". */
export function useAlertText(): (alert: Pick<PriceAlert, 'kind' | 'threshold'>) => string {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (alert) => t(`alerts.short.${alert.kind}`, { threshold: fmt.number(alert.threshold) });
}

/**
 * One alert as the lists show it: the rule, the pair (unless `showSymbol` is off), when it was set
 * or, once triggered, the recorded price and time it fired at; edit (re-arm) and delete buttons.
 */
export function AlertRow({
  alert,
  showSymbol = true,
  onEdit,
  onDelete,
}: {
  alert: PriceAlert;
  showSymbol?: boolean;
  onEdit: (alert: PriceAlert) => void;
  onDelete: (alert: PriceAlert) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  const text = useAlertText();
  const Icon = alert.state === 'triggered' ? BellRing : KIND_ICONS[alert.kind];
  const triggered = alert.state === 'triggered';
  return (
    <li
      className={`${styles.row} ${triggered ? styles.rowTriggered : ''}`}
      data-testid="alert-row"
      data-state={alert.state}
      data-id={alert.id}
    >
      <span className={`${styles.rowIcon} ${styles[`icon_${triggered ? 'triggered' : alert.kind}`]}`}>
        <Icon size={18} />
      </span>
      <div className={styles.rowMain}>
        <div className={styles.rowTitle}>
          {showSymbol && <b>{alert.symbol}</b>}
          <span className="num">{text(alert)}</span>
        </div>
        <div className={`${styles.rowSub} num`} data-testid="alert-row-sub">
          {triggered && alert.fired_price && alert.fired_at !== null
            ? t('alerts.firedAt', { price: fmt.number(alert.fired_price), time: timeText(alert.fired_at) })
            : t('alerts.setAt', { time: timeText(alert.updated_at) })}
        </div>
      </div>
      <button
        type="button"
        className={`${styles.rowAction} ${triggered ? styles.rearm : ''}`}
        onClick={() => onEdit(alert)}
        aria-label={triggered ? t('alerts.rearm') : t('alerts.edit')}
        data-testid="alert-edit"
      >
        {triggered ? t('alerts.rearm') : <Pencil size={16} />}
      </button>
      <button
        type="button"
        className={styles.rowAction}
        onClick={() => onDelete(alert)}
        aria-label={t('alerts.delete')}
        data-testid="alert-delete"
      >
        <Trash2 size={16} />
      </button>
    </li>
  );
}
