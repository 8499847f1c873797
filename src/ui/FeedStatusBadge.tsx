import { useTranslation } from 'react-i18next';
import styles from './FeedStatusBadge.module.css';
import { useFeedStatus } from './useFeedStatus';

/**
 * The realtime connection's state, labelled: a green dot and "Live", or a blinking amber dot and
 * "Connecting" / "Syncing" / "Reconnecting" (also at once when the browser goes offline: see
 * useFeedStatus). Announced politely to screen readers when it changes. A live screen also places
 * FeedBanner, which says in a sentence what the state means for its figures.
 */
export function FeedStatusBadge() {
  const { status } = useFeedStatus();
  const { t } = useTranslation();
  const label = t(`feed.${status}`);
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-status={status} data-testid="feed-status" title={label} role="status">
      <span className={styles.dot} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
