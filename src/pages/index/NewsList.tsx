import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NewsItem } from '../../../domain/content/types';
import { useTimeText } from '../../ui/useTimeText';
import home from './HomePage.module.css';
import styles from './NewsList.module.css';

/** Latest news (`/news/list` c_id 4). */
export function NewsList({ items }: { items: NewsItem[] }) {
  const { t } = useTranslation();
  const timeText = useTimeText();
  if (!items.length) return null;
  return (
    <section className={home.section}>
      <div className={home.sectionHead}>
        <h3 className={home.sectionTitle}>{t('home.news')}</h3>
      </div>
      <ul className={styles.list}>
        {items.map((n) => (
          <li key={n.id}>
            <Link to={`/pages/common/article?id=${n.id}`} className={styles.item}>
              <span className={styles.title}>{n.title}</span>
              <span className={styles.summary}>{n.summary}</span>
              <time className={styles.time}>{timeText(n.created_at, 'YYYY-MM-DD')}</time>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
