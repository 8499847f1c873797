import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketField } from '../state/market';
import styles from './VersionBanner.module.css';

/**
 * Shown when the server speaks another realtime protocol version than this build (its `hello`):
 * a small strip that offers a reload and otherwise stays out of the way. Mounted once, in the app shell.
 */
export function VersionBanner() {
  const versionMismatch = useMarketField('versionMismatch');
  const [dismissed, setDismissed] = useState(false);
  const { t } = useTranslation();
  if (!versionMismatch || dismissed) return null;
  return (
    <div className={styles.banner} role="status" aria-live="polite" data-testid="version-banner">
      <span className={styles.text}>{t('feed.newVersion')}</span>
      <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
        {t('feed.reload')}
      </button>
      <button type="button" className={styles.close} onClick={() => setDismissed(true)} aria-label={t('common.close')}>
        ×
      </button>
    </div>
  );
}
