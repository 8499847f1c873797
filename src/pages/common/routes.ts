import { defineArea } from '../../routing';

/** The common area's pages: sign-in, help and web content (the loans page at `common/borrowing` lives in `loans/`). */
const routes = defineArea(
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
  },
  { namespaces: ['auth', 'help', 'loans', 'system', 'security', 'targets'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    common: typeof routes;
  }
}
