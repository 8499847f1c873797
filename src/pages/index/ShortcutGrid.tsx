import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SHORTCUTS } from './shortcuts';
import styles from './ShortcutGrid.module.css';

const PER_PAGE = 10;

/** The 24 shortcuts, ten to a swipeable page. */
export function ShortcutGrid() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const pages = Array.from({ length: Math.ceil(SHORTCUTS.length / PER_PAGE) }, (_, i) => SHORTCUTS.slice(i * PER_PAGE, (i + 1) * PER_PAGE));
  return (
    <nav className={styles.wrap} aria-label={t('home.shortcutsLabel')}>
      <div className={styles.track} onScroll={(e) => setPage(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}>
        {pages.map((items, i) => (
          <div key={i} className={styles.page}>
            {items.map(({ key, to, icon: Icon, color }) => (
              <Link key={key} to={to} className={styles.item} data-shortcut={key}>
                <span className={styles.icon} style={{ color, background: `${color}1f` }}>
                  <Icon size={22} strokeWidth={1.8} />
                </span>
                <span className={styles.label}>{t(`home.shortcuts.${key}`)}</span>
              </Link>
            ))}
          </div>
        ))}
      </div>
      <div className={styles.dots}>
        {pages.map((_, i) => (
          <span key={i} className={`${styles.dot} ${i === page ? styles.active : ''}`} />
        ))}
      </div>
    </nav>
  );
}
