import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './FeedBanner.module.css';
import { useFeedStatus } from './useFeedStatus';

/**
 * The notice every live screen (futures, spot, options, market, home movers, chat) places at the
 * top of its body while its figures cannot be trusted: `stale` (the connection is lost, or the
 * browser is offline) or `resyncing` (catching up after a gap). Nothing while live or still
 * connecting. Sticky, so it stays in sight while the page scrolls; a polite live region, so a
 * screen reader says it once when it appears.
 */
export function FeedBanner() {
  const { t } = useTranslation();
  const { status, offline, feed } = useFeedStatus();
  if (status !== 'stale' && status !== 'resyncing') return null;
  const text = offline ? t('feed.banner.offline') : status === 'stale' ? t('feed.banner.stale') : t('feed.banner.resyncing');
  return (
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
  );
}
