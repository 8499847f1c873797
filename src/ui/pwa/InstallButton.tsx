import { CircleCheck, Download, Share, SquarePlus } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { showToast } from '../../state/ui';
import { Button } from '../Button';
import { promptInstall, useInstallMode } from './pwaState';
import styles from './InstallButton.module.css';

/**
 * The download page's install card: one tap on the browser's install dialog where there is one
 * (Chrome, Edge, Android), Safari's Share → Add to Home Screen on iOS, the browser's menu
 * elsewhere, and a plain "installed" once the app runs from the home screen.
 */
export function InstallButton() {
  const mode = useInstallMode();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const install = async () => {
    setBusy(true);
    try {
      if ((await promptInstall()) === 'accepted') showToast(t('pwa.install.accepted'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${styles.card} ${mode === 'installed' ? styles.done : ''}`} data-testid="install-entry" data-mode={mode}>
      <img className={styles.icon} src="/icons/icon-192.png" alt="" width={48} height={48} />
      <div className={styles.body}>
        {mode === 'installed' ? (
          <>
            <h3 className={styles.title}>
              <CircleCheck size={16} className={styles.check} />
              {t('pwa.install.installedTitle')}
            </h3>
            <p className={styles.text}>{t('pwa.install.installedText')}</p>
          </>
        ) : (
          <>
            <h3 className={styles.title}>{t('pwa.install.title')}</h3>
            <p className={styles.text}>
              {mode === 'ios' ? (
                <Trans
                  i18nKey="pwa.install.ios"
                  components={{
                    share: <Share size={14} className={styles.inline} />,
                    add: <SquarePlus size={14} className={styles.inline} />,
                  }}
                />
              ) : mode === 'manual' ? (
                t('pwa.install.manual')
              ) : (
                t('pwa.install.benefit')
              )}
            </p>
            {mode === 'prompt' && (
              <Button className={styles.action} busy={busy} onClick={() => void install()} data-testid="install-app">
                <Download size={16} />
                {t('pwa.install.button')}
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
