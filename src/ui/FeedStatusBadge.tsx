import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { marketState } from '../state/market';
import styles from './FeedStatusBadge.module.css';

/**
 * The realtime connection's state, labelled: a green dot and "Live", or a blinking amber dot and
 * "Connecting" / "Syncing" / "Reconnecting". Announced politely to screen readers when it changes.
 */
export function FeedStatusBadge() {
  const { status } = useSnapshot(marketState);
  const { t } = useTranslation();
  const label = t(`feed.${status}`);
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-status={status} data-testid="feed-status" title={label} role="status">
      <span className={styles.dot} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
