import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { marketState } from '../state/market';
import styles from './FeedStatusBadge.module.css';

/** The realtime connection's state: a green dot when live, amber while catching up or reconnecting. */
export function FeedStatusBadge() {
  const { status } = useSnapshot(marketState);
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-status={status} title={t(`feed.${status}`)}>
      <span className={styles.dot} />
      {status !== 'live' && t(`feed.${status}`)}
    </span>
  );
}
