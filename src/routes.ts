/**
 * Every page of spec §2 at /pages/<area>/<page>. A page without a loader shows the honest
 * "function under development" screen until its issue lands.
 */
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface PageRoute {
  area: string;
  page: string;
  path: string;
  /** Needs a stored token; without one: "please log in first", then the login page. */
  auth: boolean;
  load: PageLoader | null;
}

/** The bottom tab bar, in spec order. */
export const TABS = [
  { key: 'home', path: '/pages/index/index' },
  { key: 'market', path: '/pages/market/market' },
  { key: 'trade', path: '/pages/transaction/index' },
  { key: 'finance', path: '/pages/financial/index' },
  { key: 'assets', path: '/pages/fund/assets' },
] as const;
export type TabKey = (typeof TABS)[number]['key'];

/** Pages per area (spec §2), plus `common/forget` for password reset and the NFT components as pages. */
const AREAS: Record<string, string[]> = {
  common: ['login', 'register', 'forget', 'area', 'article', 'webView', 'faq', 'contactus', 'aboutus', 'borrowing'],
  index: ['index'],
  market: ['market', 'search'],
  transaction: ['index', 'index2', 'contract', 'contract_order', 'currency', 'currency_order', 'seconds_order'],
  fund: [
    'assets',
    'assets_record',
    'assets_all_record',
    'fundTransfer',
    'transfer',
    'transfer_history',
    'receive',
    'receive_withdraw_record',
    'withdraw',
    'select',
  ],
  ieo: ['ieo', 'subscribe', 'order'],
  invest: ['invest', 'purchase', 'mine', 'help'],
  lockming: ['lockming', 'buy', 'order', 'welcome'],
  follow: ['index', 'follow', 'trader', 'agreement_en', 'agreement_zh'],
  copytrade: ['copy', 'my', 'trader'],
  nft: [
    'nft',
    'myNft',
    'mine',
    'resell',
    'artistDetail',
    'artworkDetail',
    'artworkDetail_video',
    'purchase',
    'purchase_one',
    'artist',
    'artwork',
    'collection',
    'search',
  ],
  otc: ['otc'],
  financial: ['index'],
  kefu: ['index'],
  game: ['game'],
  setting: [
    'setting',
    'userInfo',
    'security',
    'password',
    'payPassword',
    'real',
    'real_mark',
    'bank',
    'bank_international',
    'bill',
    'coupon',
    'operational_compliance',
    'share',
    'wallet',
    'addWallet',
    'areas',
  ],
  system: ['preview-image', 'choose-location', 'open-location'],
};

/** Pages anyone may open; every other page needs login. */
const PUBLIC_PAGES = new Set([
  'common/login',
  'common/register',
  'common/forget',
  'common/area',
  'common/article',
  'common/webView',
  'common/faq',
  'common/contactus',
  'common/aboutus',
  'index/index',
  'market/market',
  'market/search',
  'transaction/index',
  'transaction/index2',
  'transaction/contract',
  'transaction/currency',
  'ieo/ieo',
  'invest/invest',
  'invest/help',
  'lockming/lockming',
  'lockming/welcome',
  'follow/index',
  'follow/trader',
  'follow/agreement_en',
  'follow/agreement_zh',
  'copytrade/trader',
  'nft/nft',
  'nft/artistDetail',
  'nft/artworkDetail',
  'nft/artworkDetail_video',
  'nft/artist',
  'nft/artwork',
  'nft/collection',
  'nft/search',
  'financial/index',
  'setting/operational_compliance',
  'setting/areas',
  'system/preview-image',
]);

/** Pages built so far. */
const LOADERS: Record<string, PageLoader> = {
  'common/login': () => import('./pages/common/LoginPage'),
  'common/register': () => import('./pages/common/RegisterPage'),
  'common/forget': () => import('./pages/common/ForgetPage'),
  'common/area': () => import('./pages/common/AreaPage'),
  'common/article': () => import('./pages/common/ArticlePage'),
  'index/index': () => import('./pages/index/HomePage'),
  'market/market': () => import('./pages/market/MarketPage'),
  'market/search': () => import('./pages/market/SearchPage'),
};

export const ROUTES: PageRoute[] = Object.entries(AREAS).flatMap(([area, pages]) =>
  pages.map((page) => {
    const id = `${area}/${page}`;
    return { area, page, path: `/pages/${id}`, auth: !PUBLIC_PAGES.has(id), load: LOADERS[id] ?? null };
  }),
);

export const HOME_PATH = '/pages/index/index';
