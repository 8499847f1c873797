/** Payload types of the profile area's API answers (the `message` of a success envelope). */
import type { Lang } from '../i18n';

/** What `GET /user/info` tells the signed-in user about themselves. */
export interface UserInfo {
  id: number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  nickname: string;
  signature: string;
  avatar: string | null;
  /** The user's own invite code, for `extension_code` of others. */
  invite_code: string;
  lang: Lang;
  /** Default fiat currency code (default USDT). */
  fiat: string;
  created_at: number;
  /** Highest approved identity level, 0–2. */
  identity_level: number;
  pay_password_set: boolean;
  /** Users who registered with this user's invite code… */
  invite_count: number;
  /** …and how many of them have traded. */
  traded_invite_count: number;
  unread_notifications: number;
}
