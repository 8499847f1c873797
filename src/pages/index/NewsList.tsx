import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NewsItem } from '../../../domain/content/types';
import { Skeleton, SkeletonGroup } from '../../ui/Skeleton';
import { useTimeText } from '../../ui/useTimeText';
import home from './HomePage.module.css';
import styles from './NewsList.module.css';
import { pagePath } from '../../paths';

/** News items a loading list holds the place of, so the page does not jump when they arrive. */
const LOADING_ROWS = 3;

/** Latest news (`/news/list` c_id 4); while `loading`, skeleton rows of the same height. */
export function NewsList({ items, loading = false }: { items: NewsItem[]; loading?: boolean }) {
  const { t } = useTranslation();
  const timeText = useTimeText();
  if (!items.length && !loading) return null;
  return (
    <section className={home.section}>
      <div className={home.sectionHead}>
        <h2 className={home.sectionTitle}>{t('home.news')}</h2>
      </div>
      {loading && !items.length ? (
        <SkeletonGroup className={styles.list}>
          {Array.from({ length: LOADING_ROWS }, (_, i) => (
            <div key={i} className={styles.item}>
              <Skeleton width="70%" height={21} />
              <Skeleton height={36} />
              <Skeleton width={80} height={17} />
            </div>
          ))}
        </SkeletonGroup>
      ) : null}
      <ul className={styles.list} hidden={!items.length}>
        {items.map((n) => (
          <li key={n.id}>
            <Link to={pagePath('common', 'article', { id: n.id })} className={styles.item}>
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
