import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../paths';
import styles from './NavBar.module.css';

export interface NavBarProps {
  title: ReactNode;
  /** Show the back button (default true). */
  back?: boolean;
  right?: ReactNode;
  left?: ReactNode;
}

/**
 * Whether one step back stays in the app: the router numbers its history entries (`idx`), and
 * the first one this app made is 0. A page opened from a link, a bookmark or a new tab is at 0,
 * even when the tab has other sites' pages behind it (which `history.length` counts).
 */
export function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

/** The custom navigation bar every page uses (webView keeps the default one). */
export function NavBar({ title, back = true, right, left }: NavBarProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => void (canGoBack() ? navigate(-1) : navigate(HOME_PATH));
  return (
    <header className={styles.bar}>
      <div className={styles.side}>
        {left ??
          (back && (
            <button type="button" className={styles.back} onClick={goBack} aria-label={t('common.back')}>
              <ChevronLeft size={24} />
            </button>
          ))}
      </div>
      {/* A page without a title here (login, register) names itself with its own h1: one per page. */}
      {title === '' || title == null ? <div className={styles.title} /> : <h1 className={styles.title}>{title}</h1>}
      <div className={`${styles.side} ${styles.right}`}>{right}</div>
    </header>
  );
}
