import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Bell,
  CheckCheck,
  CircleX,
  Gift,
  KeyRound,
  LockKeyhole,
  ShieldAlert,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT } from '../../../domain/api/envelope';
import { isDecimalString } from '../../../domain/decimal';
import type { NotificationItem } from '../../../domain/notifications/types';
import { usePages } from '../../api/queries';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { PagedView } from '../../ui/PagedView';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { useFormat, type NumberFormats } from '../../ui/useFormat';
import { useTimeText } from '../../ui/useTimeText';
import styles from './NotificationsPage.module.css';
import { isTranslationKey } from '../../i18n';

/** An icon and its tone per notification kind; unknown kinds get the bell. */
const KIND_ICONS: Record<string, { icon: LucideIcon; tone: 'up' | 'down' | 'primary' }> = {
  identityApproved: { icon: ShieldCheck, tone: 'up' },
  identityRejected: { icon: ShieldAlert, tone: 'down' },
  passwordChanged: { icon: KeyRound, tone: 'primary' },
  payPasswordSet: { icon: LockKeyhole, tone: 'primary' },
  depositApproved: { icon: ArrowDownToLine, tone: 'up' },
  depositRejected: { icon: CircleX, tone: 'down' },
  withdrawalCompleted: { icon: ArrowUpFromLine, tone: 'up' },
  withdrawalRejected: { icon: CircleX, tone: 'down' },
  credited: { icon: Gift, tone: 'up' },
};

/**
 * The interpolation values of a notification's body: an amount is written at its coin's precision
 * in the language's format; a reason the server gave as a key under `notifications.reasons.` (a
 * seeded credit's) is shown in the reader's language, any other reason as written; identity ones
 * also name their level.
 */
function bodyParams(t: TFunction, fmt: NumberFormats, item: NotificationItem): Record<string, string | number> {
  const { amount, currency, reason } = item.params;
  const params: Record<string, string | number> = { ...item.params };
  if (typeof reason === 'string' && reason.startsWith('notifications.reasons.') && isTranslationKey(reason)) params.reason = t(reason);
  if (typeof amount === 'string' && isDecimalString(amount))
    params.amount = fmt.amount(amount, typeof currency === 'string' ? currency : '');
  if (!item.kind.startsWith('identity')) return params;
  const levelName = Number(item.params.level) === 2 ? t('notifications.levels.2') : t('notifications.levels.1');
  return { ...params, levelName };
}

/** A notification's title and body in the interface language; a kind this app does not know shows as its name. */
function texts(t: TFunction, fmt: NumberFormats, item: NotificationItem): { title: string; body: string } {
  const title = `notifications.${item.kind}.title`;
  const body = `notifications.${item.kind}.body`;
  return {
    title: isTranslationKey(title) ? t(title) : item.kind,
    body: isTranslationKey(body) ? t(body, bodyParams(t, fmt, item)) : '',
  };
}

/** System notifications (`GET /user/notifications`), newest first, paged; tapping one marks it read. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timeText = useTimeText();
  const list = usePages('/user/notifications', {}, PAGE_SIZE_DEFAULT);
  const { update } = list;

  const markRead = async (item: NotificationItem) => {
    update((items) => items.map((n) => (n.id === item.id ? { ...n, read: true } : n)));
    try {
      await call('/user/notifications/read', { id: String(item.id) });
    } catch {
      update((items) => items.map((n) => (n.id === item.id ? { ...n, read: false } : n)));
    }
    await refreshUser();
  };

  const markAllRead = async () => {
    try {
      await call('/user/notifications/read', {});
    } catch {
      return;
    }
    update((items) => items.map((n) => (n.read ? n : { ...n, read: true })));
    await refreshUser();
  };

  const anyUnread = list.items.some((n) => !n.read);
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

  return (
    <Page title={pageTitle(t, { area: 'setting', page: 'notifications' })} right={right}>
      <PagedView list={list} emptyText={t('notifications.empty')}>
        <ul className={styles.list}>
          {list.items.map((item) => {
            const { icon: Icon, tone } = KIND_ICONS[item.kind] ?? { icon: Bell, tone: 'primary' };
            const text = texts(t, fmt, item);
            const content = (
              <>
                <span className={`${styles.icon} ${styles[tone]}`}>
                  <Icon size={18} strokeWidth={1.9} />
                </span>
                <span className={styles.main}>
                  <span className={styles.head}>
                    <span className={styles.title}>{text.title}</span>
                    {!item.read && <span className={styles.dot} role="img" aria-label={t('notifications.unread')} />}
                  </span>
                  <span className={styles.body}>{text.body}</span>
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
      </PagedView>
    </Page>
  );
}
