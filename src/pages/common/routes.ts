import { defineArea } from '../../routing';

/** The common area's pages (spec §2). */
export default defineArea(
  'common',
  {
    login: { load: () => import('./LoginPage'), public: true },
    register: { load: () => import('./RegisterPage'), public: true },
    forget: { load: () => import('./ForgetPage'), public: true },
    area: { load: () => import('./AreaPage'), public: true },
    article: { load: () => import('./ArticlePage'), public: true },
    webView: { load: () => import('./WebViewPage'), public: true },
    faq: { load: () => import('./FaqPage'), public: true },
    contactus: { load: () => import('./ContactPage'), public: true },
    aboutus: { load: () => import('./AboutPage'), public: true },
    borrowing: { load: () => import('./borrowing/LoansPage') },
  },
  { namespaces: ['auth', 'help', 'loans', 'system', 'security', 'targets'] },
);
