import { defineArea } from '../../routing';

/** The setting area's pages. */
const routes = defineArea(
  'setting',
  {
    setting: { load: () => import('./SettingPage') },
    userInfo: { load: () => import('./UserInfoPage') },
    security: { load: () => import('./SecurityPage') },
    password: { load: () => import('./PasswordPage') },
    payPassword: { load: () => import('./PayPasswordPage') },
    real: { load: () => import('./RealPage') },
    real_mark: { load: () => import('./RealMarkPage') },
    bank: { load: () => import('./BankPage') },
    bank_international: { load: () => import('./BankInternationalPage') },
    bill: { load: () => import('./BillPage') },
    coupon: { load: () => import('./CouponPage') },
    operational_compliance: { load: () => import('./CompliancePage'), public: true },
    share: { load: () => import('./SharePage') },
    wallet: { load: () => import('./WalletPage') },
    addWallet: { load: () => import('./AddWalletPage') },
    areas: { load: () => import('./AreasPage'), public: true },
    notifications: { load: () => import('./NotificationsPage') },
    bindMobile: { load: () => import('./BindMobilePage') },
    bindEmail: { load: () => import('./BindEmailPage') },
    twoFactor: { load: () => import('./TwoFactorPage') },
    antiPhishing: { load: () => import('./AntiPhishingPage') },
    sessions: { load: () => import('./SessionsPage') },
  },
  { namespaces: ['settings', 'auth', 'profile', 'security', 'upload', 'identity', 'targets', 'help', 'rewards', 'system'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    setting: typeof routes;
  }
}
