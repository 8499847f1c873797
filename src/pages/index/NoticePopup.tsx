import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiQuery } from '../../api/queries';
import { readStored, writeStored, STORAGE_KEYS } from '../../state/storage';
import { Button } from '../../ui/Button';
import { useModal } from '../../ui/useModal';
import styles from './NoticePopup.module.css';
import { pagePath } from '../../paths';

/** The home page's popup notice (`GET /news/index_pop`), shown until dismissed; a new notice shows again. */
export function NoticePopup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery(apiQuery('/news/index_pop'));
  const [dismissed, setDismissed] = useState(() => readStored(STORAGE_KEYS.dismissedNotice));
  const ref = useRef<HTMLDivElement>(null);
  const shown = !!data && dismissed !== String(data.id);
  const close = () => {
    if (!data) return;
    writeStored(STORAGE_KEYS.dismissedNotice, String(data.id));
    setDismissed(String(data.id));
  };
  // A modal like a sheet: focus in, Tab kept inside, the home page behind inert, Escape closes.
  useModal(ref, shown, close);
  if (!shown) return null;
  return (
    <div ref={ref} className={styles.backdrop} role="dialog" aria-modal="true" aria-label={data.title} data-testid="notice-popup">
      <div className={styles.card}>
        <button type="button" className={styles.close} onClick={close} aria-label={t('common.close')}>
          <X size={18} />
        </button>
        <h2 className={styles.title}>{data.title}</h2>
        <p className={styles.summary}>{data.summary}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => (close(), navigate(pagePath('common', 'article', { id: data.id })))}>
            {t('home.readMore')}
          </Button>
          <Button onClick={close}>{t('home.gotIt')}</Button>
        </div>
      </div>
    </div>
  );
}
