/** Payload types of the content area's API answers (the `message` of a success envelope). */

export interface SiteConfig {
  site_name: string;
  site_logo: string;
}

/** News categories of `GET /news/list` (4 news, 5 banner). */
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

export interface ContentPage {
  key: string;
  title: string;
  /** Paragraphs separated by blank lines. */
  body: string;
}

export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}
