import { X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from './Sheet.module.css';
import { useModal } from './useModal';

/**
 * A bottom sheet over the page, a modal dialog: it takes focus, keeps Tab inside, makes the page
 * behind inert, closes on the backdrop, the close button or Escape, and gives focus back to its
 * opener (`useModal`).
 */
export function Sheet({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  useModal(ref, open, onClose);
  if (!open) return null;
  return createPortal(
    <div className={styles.backdrop} onClick={onClose}>
      <section
        ref={ref}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <header className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
            <X size={20} />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </section>
    </div>,
    document.getElementById('root') ?? document.body,
  );
}
