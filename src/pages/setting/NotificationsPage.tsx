import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT } from '../../../domain/api/envelope';
import type { NotificationItem } from '../../../domain/notifications/types';
import { usePages } from '../../api/queries';
import { call } from '../../api/request';
import { refreshUser } from '../../state/account';
import { NotificationList } from '../../ui/NotificationList';
import { PagedView } from '../../ui/PagedView';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import styles from './NotificationsPage.module.css';

/** System notifications (`GET /user/notifications`), newest first, paged; tapping one marks it read. */
export default function NotificationsPage() {
  const { t } = useTranslation();
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
        <NotificationList items={list.items} onRead={(item) => void markRead(item)} />
      </PagedView>
    </Page>
  );
}
