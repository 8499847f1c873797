import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './DelayedFallback.module.css';

/** Lazy pages show a placeholder only when loading takes longer than this. */
export const PAGE_PLACEHOLDER_DELAY_MS = 200;

/** Nothing for 200 ms, then a loading placeholder, so fast loads never flash. */
export function DelayedFallback() {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), PAGE_PLACEHOLDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className={styles.wrap} role="progressbar" aria-label={t('common.loading')}>
      <span className={styles.spinner} />
    </div>
  );
}
