import { call } from '../api/request';
import { notificationState } from './notifications';
import { sessionState } from './session';

/** Reloads the signed-in user's profile (after a change, or when a notification arrives). */
export async function refreshUser(): Promise<void> {
  if (!sessionState.token) return;
  try {
    const user = await call('/user/info', undefined, { silent: true });
    sessionState.user = user;
    notificationState.unread = user.unread_notifications;
  } catch {
    // The API client has handled a dead session; anything else keeps the old profile.
  }
}
