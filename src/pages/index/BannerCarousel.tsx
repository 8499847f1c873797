import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NewsItem } from '../../../domain/content/types';
import styles from './BannerCarousel.module.css';
import { pagePath } from '../../paths';

const ADVANCE_MS = 4500;

/**
 * Home banners (`/news/list` c_id 5): swipeable, advancing on their own, tap to open. The dots
 * follow the slide that is mostly in view, told by an IntersectionObserver: reading the track's
 * scroll position in each scroll event made a smooth scroll lay the page out once a frame while
 * the market rows below it ticked.
 */
export function BannerCarousel({ items }: { items: NewsItem[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const shown = useRef(0);
  const navigate = useNavigate();

  useEffect(() => {
    const root = track.current;
    if (!root || items.length < 2) return;
    const slides = [...root.children];
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.intersectionRatio < 0.6) continue;
          shown.current = slides.indexOf(e.target);
          setIndex(shown.current);
        }
      },
      { root, threshold: 0.6 },
    );
    for (const slide of slides) observer.observe(slide);
    // The track only (never the page: the banner may be scrolled out of view), once per advance.
    const timer = setInterval(() => {
      root.scrollTo({ left: ((shown.current + 1) % slides.length) * root.clientWidth, behavior: 'smooth' });
    }, ADVANCE_MS);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, [items]);

  if (!items.length) return <div className={`${styles.frame} ${styles.placeholder}`} />;
  return (
    <div className={styles.frame} data-testid="banner">
      <div ref={track} className={styles.track}>
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
          <span key={b.id} className={`${styles.dot} ${i === index ? styles.activeDot : ''}`} data-active={i === index || undefined} />
        ))}
      </div>
    </div>
  );
}
