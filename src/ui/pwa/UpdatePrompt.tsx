import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pwaState } from './pwaState';
import { applyUpdate } from './registerServiceWorker';
import styles from './UpdatePrompt.module.css';

/**
 * "Update available — Reload": shown when a new version of the app has installed in the
 * background. Reload lets it take over and reloads once; Later keeps the running version until the
 * next start (the new one takes over when every window of the app has closed). Shown by
 * `UpdatePromptHost` while `pwaState.updateReady`.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  return (
    <div className={styles.card} role="status" aria-live="polite" data-testid="update-prompt">
      <span className={styles.icon} aria-hidden="true">
        <RefreshCw size={18} />
      </span>
      <span className={styles.text}>
        <b>{t('pwa.update.title')}</b>
        <span>{t('pwa.update.detail')}</span>
      </span>
      <button type="button" className={styles.later} onClick={() => (pwaState.updateReady = false)}>
        {t('pwa.update.later')}
      </button>
      <button type="button" className={styles.reload} onClick={applyUpdate} data-testid="update-reload">
        {t('pwa.update.reload')}
      </button>
    </div>
  );
}
