/** Payload types of API answers (the `message` of a success envelope). */
import type { Lang } from '../i18n';

export interface SiteConfig {
  site_name: string;
  site_logo: string;
}

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
  /** Default fiat currency code (spec §3, default USDT). */
  fiat: string;
  created_at: number;
}

/** A coin or fiat currency (`GET /currency/list`). */
export interface Currency {
  id: number;
  name: string;
  /** Decimals amounts of this currency may carry. */
  decimals: number;
  /** Brand colour without `#` (spec §3), or null for the default. */
  color: string | null;
  /** True for quote currencies (USDT, USD). */
  is_legal: boolean;
}

/** News categories of `GET /news/list` (spec §7: 4 news, 5 banner). */
export const NEWS_CATEGORY = { news: 4, banner: 5 } as const;

export interface NewsItem {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  /** Image URL for banners, null for plain news. */
  image: string | null;
  /** Route inside the app a banner leads to, if any. */
  link: string | null;
  created_at: number;
}

export interface NewsDetail extends NewsItem {
  /** Article body: paragraphs separated by blank lines, no markup. */
  body: string;
}

/** One code in the development outbox (`GET /api/dev/outbox`, only with DEV_OUTBOX=1). */
export interface OutboxEntry {
  to: string;
  scene: string;
  code: string;
  at: number;
}
