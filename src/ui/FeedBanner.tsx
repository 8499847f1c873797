import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './FeedBanner.module.css';
import { useFeedStatus } from './useFeedStatus';

/**
 * The notice every live screen (futures, spot, options, market, home movers, chat) places at the
 * top of its body while its figures cannot be trusted: `stale` (the connection is lost, or the
 * browser is offline) or `resyncing` (catching up after a gap). Nothing while live or still
 * connecting. `about` names what may be out of date: prices (the default) or the chat's
 * messages. Sticky, so it stays in sight while the page scrolls, and laid over the top of the
 * body rather than in its flow: its coming and going moves nothing (a banner in the flow moved
 * the futures screen 34 px while the first snapshot synced: CLS 0.08). A polite live region, so
 * a screen reader says it once when it appears.
 */
export function FeedBanner({ about = 'prices' }: { about?: 'prices' | 'messages' }) {
  const { t } = useTranslation();
  const { status, offline, feed } = useFeedStatus();
  if (status !== 'stale' && status !== 'resyncing') return null;
  const text = t(`feed.banner.${about}.${offline ? 'offline' : status}`);
  return (
    <div className={styles.anchor}>
      <div
        className={`${styles.banner} ${styles[status]}`}
        role="status"
        data-testid="stale-banner"
        data-status={status}
        data-offline={offline || undefined}
        data-feed={feed}
      >
        <WifiOff size={14} aria-hidden="true" className={styles.icon} />
        <span>{text}</span>
      </div>
    </div>
  );
}
