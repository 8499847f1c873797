import { Bell, CheckCheck, KeyRound, LockKeyhole, ShieldAlert, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT } from '../../../domain/api/envelope';
import type { NotificationItem } from '../../../domain/api/types';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { DelayedFallback } from '../../ui/DelayedFallback';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { useTimeText } from '../../ui/useTimeText';
import styles from './NotificationsPage.module.css';

/** An icon and its tone per notification kind; unknown kinds get the bell. */
const KIND_ICONS: Record<string, { icon: LucideIcon; tone: 'up' | 'down' | 'primary' }> = {
  identityApproved: { icon: ShieldCheck, tone: 'up' },
  identityRejected: { icon: ShieldAlert, tone: 'down' },
  passwordChanged: { icon: KeyRound, tone: 'primary' },
  payPasswordSet: { icon: LockKeyhole, tone: 'primary' },
};

/** The interpolation values of a notification's body: identity ones also name their level. */
function bodyParams(t: TFunction, item: NotificationItem): Record<string, string | number> {
  if (!item.kind.startsWith('identity')) return item.params;
  const levelName = Number(item.params.level) === 2 ? t('notifications.levels.2') : t('notifications.levels.1');
  return { ...item.params, levelName };
}

type Status = 'loading' | 'idle' | 'error';

/** System notifications (`GET /user/notifications`), newest first, paged; tapping one marks it read. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const timeText = useTimeText();
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loadedPage, setLoadedPage] = useState(0);
  const [status, setStatus] = useState<Status>('loading');
  const alive = useRef(true);
  const busy = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const load = useCallback(async (page: number) => {
    if (busy.current) return;
    busy.current = true;
    setStatus('loading');
    try {
      const answer = await call('/user/notifications', { page: String(page), limit: String(PAGE_SIZE_DEFAULT) });
      if (!alive.current) return;
      setItems((prev) => {
        if (page === 1) return answer.data;
        const seen = new Set(prev.map((n) => n.id));
        return [...prev, ...answer.data.filter((n) => !seen.has(n.id))];
      });
      setTotal(answer.total);
      setLoadedPage(page);
      setStatus('idle');
    } catch {
      if (alive.current) setStatus('error');
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void load(1);
    return () => {
      alive.current = false;
    };
  }, [load]);

  const hasMore = loadedPage > 0 && items.length < total;
  const loadMore = useCallback(() => void load(loadedPage + 1), [load, loadedPage]);

  // Loads the next page when the end of the list scrolls into view.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || status !== 'idle') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
      rootMargin: '120px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, status, loadMore]);

  const markRead = async (item: NotificationItem) => {
    setItems((prev) => prev.map((n) => (n.id === item.id ? { ...n, read: true } : n)));
    try {
      await call('/user/notifications/read', { id: String(item.id) });
    } catch {
      if (alive.current) setItems((prev) => prev.map((n) => (n.id === item.id ? { ...n, read: false } : n)));
    }
    await refreshUser();
  };

  const markAllRead = async () => {
    try {
      await call('/user/notifications/read', {});
    } catch {
      return;
    }
    if (alive.current) setItems((prev) => prev.map((n) => (n.read ? n : { ...n, read: true })));
    await refreshUser();
  };

  const anyUnread = items.some((n) => !n.read);
  const right = (
    <button
      type="button"
      className={styles.markAll}
      onClick={() => void markAllRead()}
      disabled={!anyUnread}
      aria-label={t('notifications.markAllRead')}
      title={t('notifications.markAllRead')}
      data-testid="notifications-read-all"
    >
      <CheckCheck size={22} />
    </button>
  );

  let body;
  if (loadedPage === 0) {
    body =
      status === 'error' ? (
        <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void load(1) }} />
      ) : (
        <DelayedFallback />
      );
  } else if (items.length === 0) {
    body = <Empty text={t('notifications.empty')} />;
  } else {
    body = (
      <>
        <ul className={styles.list}>
          {items.map((item) => {
            const { icon: Icon, tone } = KIND_ICONS[item.kind] ?? { icon: Bell, tone: 'primary' };
            const content = (
              <>
                <span className={`${styles.icon} ${styles[tone]}`}>
                  <Icon size={18} strokeWidth={1.9} />
                </span>
                <span className={styles.main}>
                  <span className={styles.head}>
                    <span className={styles.title}>{t(`notifications.${item.kind}.title` as never)}</span>
                    {!item.read && <span className={styles.dot} role="img" aria-label={t('notifications.unread')} />}
                  </span>
                  <span className={styles.body}>{t(`notifications.${item.kind}.body` as never, bodyParams(t, item))}</span>
                  <time className={styles.time}>{timeText(item.created_at)}</time>
                </span>
              </>
            );
            return (
              <li key={item.id} data-testid="notification-item">
                {item.read ? (
                  <div className={`${styles.item} ${styles.read}`}>{content}</div>
                ) : (
                  <button type="button" className={styles.item} onClick={() => void markRead(item)}>
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <div ref={sentinel} className={styles.footer}>
          {hasMore ? (
            <button type="button" className={styles.more} onClick={loadMore} disabled={status === 'loading'}>
              {status === 'loading' ? (
                <span className={styles.spinner} role="progressbar" aria-label={t('common.loading')} />
              ) : status === 'error' ? (
                t('common.retry')
              ) : (
                t('notifications.loadMore')
              )}
            </button>
          ) : (
            <span className={styles.end}>{t('common.noMoreData')}</span>
          )}
        </div>
      </>
    );
  }

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'notifications' })} right={right}>
      {body}
    </Page>
  );
}
