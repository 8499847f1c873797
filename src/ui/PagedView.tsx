import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedFallback } from './DelayedFallback';
import { Empty } from './Empty';
import type { PagedList } from '../api/queries';
import styles from './PagedView.module.css';

/**
 * The states of a paged list: a placeholder until the first answer, a retry when it fails,
 * `emptyText` when there is nothing, else `children` and a footer that loads the next page
 * when it scrolls into view (or on tap) and says when there is no more.
 */
export function PagedView<T>({ list, emptyText, children }: { list: PagedList<T>; emptyText: string; children: ReactNode }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, status, loadMore } = list;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || status !== 'idle') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
      rootMargin: '120px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, status, loadMore]);

  if (list.loadedPage === 0) {
    return status === 'error' ? (
      <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: loadMore }} />
    ) : (
      <div className={styles.pending}>
        <DelayedFallback />
      </div>
    );
  }
  if (list.items.length === 0) return <Empty text={emptyText} />;
  return (
    <>
      {children}
      <div ref={sentinel} className={styles.footer}>
        {hasMore ? (
          <button type="button" className={styles.more} onClick={loadMore} disabled={status === 'loading'} data-testid="load-more">
            {status === 'loading' ? (
              <span className={styles.spinner} role="progressbar" aria-label={t('common.loading')} />
            ) : status === 'error' ? (
              t('common.retry')
            ) : (
              t('common.loadMore')
            )}
          </button>
        ) : (
          <span className={styles.end}>{t('common.noMoreData')}</span>
        )}
      </div>
    </>
  );
}
