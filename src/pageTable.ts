/**
 * The page table of spec §2: every area and page, the tab bar, and which pages need login.
 * Pure data (no React), so tests and tools can read it.
 */

/** The bottom tab bar, in spec order. */
export const TABS = [
  { key: 'home', path: '/pages/index/index' },
  { key: 'market', path: '/pages/market/market' },
  { key: 'trade', path: '/pages/transaction/index' },
  { key: 'finance', path: '/pages/financial/index' },
  { key: 'assets', path: '/pages/fund/assets' },
] as const;
export type TabKey = (typeof TABS)[number]['key'];

/**
 * Pages per area (spec §2), plus `common/forget` (password reset), `setting/notifications` (the
 * "system notification" entry), `setting/bindMobile` and `setting/bindEmail` (Security's bind
 * entries), and the NFT components as pages.
 */
export const AREAS: Record<string, string[]> = {
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
export const PUBLIC_PAGES = new Set([
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
