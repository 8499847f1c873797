/**
 * Every page of spec §2 at /pages/<area>/<page>. A page without a loader shows the honest
 * "function under development" screen until its issue lands.
 */
import type { ComponentType } from 'react';
import { AREAS, PUBLIC_PAGES } from './pageTable';

export { TABS, type TabKey } from './pageTable';

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
  'common/faq': () => import('./pages/common/FaqPage'),
  'common/contactus': () => import('./pages/common/ContactPage'),
  'common/aboutus': () => import('./pages/common/AboutPage'),
  'setting/setting': () => import('./pages/setting/SettingPage'),
  'setting/userInfo': () => import('./pages/setting/UserInfoPage'),
  'setting/security': () => import('./pages/setting/SecurityPage'),
  'setting/password': () => import('./pages/setting/PasswordPage'),
  'setting/payPassword': () => import('./pages/setting/PayPasswordPage'),
  'setting/bindMobile': () => import('./pages/setting/BindMobilePage'),
  'setting/bindEmail': () => import('./pages/setting/BindEmailPage'),
  'setting/real': () => import('./pages/setting/RealPage'),
  'setting/real_mark': () => import('./pages/setting/RealMarkPage'),
  'setting/areas': () => import('./pages/setting/AreasPage'),
  'setting/wallet': () => import('./pages/setting/WalletPage'),
  'setting/addWallet': () => import('./pages/setting/AddWalletPage'),
  'setting/bank': () => import('./pages/setting/BankPage'),
  'setting/bank_international': () => import('./pages/setting/BankInternationalPage'),
  'setting/bill': () => import('./pages/setting/BillPage'),
  'setting/operational_compliance': () => import('./pages/setting/CompliancePage'),
  'setting/notifications': () => import('./pages/setting/NotificationsPage'),
  'fund/assets': () => import('./pages/fund/AssetsPage'),
  'fund/receive': () => import('./pages/fund/ReceivePage'),
  'fund/withdraw': () => import('./pages/fund/WithdrawPage'),
  'fund/select': () => import('./pages/fund/SelectCoinPage'),
  'fund/assets_record': () => import('./pages/fund/AssetsRecordPage'),
  'fund/assets_all_record': () => import('./pages/fund/AllBillsPage'),
  'fund/transfer_history': () => import('./pages/fund/TransferHistoryPage'),
  'fund/receive_withdraw_record': () => import('./pages/fund/DepositWithdrawRecordPage'),
  'fund/fundTransfer': () => import('./pages/fund/FundTransferPage'),
  'fund/transfer': () => import('./pages/fund/ExchangePage'),
};

export const ROUTES: PageRoute[] = Object.entries(AREAS).flatMap(([area, pages]) =>
  pages.map((page) => {
    const id = `${area}/${page}`;
    return { area, page, path: `/pages/${id}`, auth: !PUBLIC_PAGES.has(id), load: LOADERS[id] ?? null };
  }),
);
