import { proxy } from 'valtio';

/** How many of the signed-in user's system notifications are unread (the badge on "Me"); `refreshUser` keeps it current. */
export const notificationState = proxy({ unread: 0 });
