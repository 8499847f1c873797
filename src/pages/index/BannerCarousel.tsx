import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NewsItem } from '../../../domain/content/types';
import styles from './BannerCarousel.module.css';
import { pagePath } from '../../paths';

const ADVANCE_MS = 4500;

/** Home banners (`/news/list` c_id 5): swipeable, advancing on their own, tap to open. */
export function BannerCarousel({ items }: { items: NewsItem[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const navigate = useNavigate();

  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % items.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, ADVANCE_MS);
    return () => clearInterval(timer);
  }, [items.length]);

  if (!items.length) return <div className={`${styles.frame} ${styles.placeholder}`} />;
  return (
    <div className={styles.frame} data-testid="banner">
      <div
        ref={track}
        className={styles.track}
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
      >
        {items.map((b) => (
          <button
            key={b.id}
            type="button"
            className={styles.slide}
            style={b.image ? { backgroundImage: `url(${b.image})` } : undefined}
            onClick={() => navigate(b.link ?? pagePath('common', 'article', { id: b.id }))}
          >
            <span className={styles.caption}>
              <b>{b.title}</b>
              <span>{b.summary}</span>
            </span>
          </button>
        ))}
      </div>
      <div className={styles.dots}>
        {items.map((b, i) => (
          <span key={b.id} className={`${styles.dot} ${i === index ? styles.activeDot : ''}`} />
        ))}
      </div>
    </div>
  );
}
