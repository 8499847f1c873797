import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, Outlet, RouterProvider, useLocation, useRouteError } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LOGIN_PATH, REDIRECT_DELAY_MS } from './api/request';
import { setNavigator } from './navigation';
import { HOME_PATH, ROUTES, TABS, type PageRoute } from './routes';
import { sessionState } from './state/session';
import { showToast } from './state/ui';
import { DelayedFallback } from './ui/DelayedFallback';
import { Empty } from './ui/Empty';
import { lazyPage } from './ui/lazyPage';
import { Page } from './ui/Page';
import { TabBar } from './ui/TabBar';
import { Overlays } from './ui/Toast';
import { UnderDevelopment } from './ui/UnderDevelopment';
import { pageTitle } from './ui/pageTitle';
import styles from './App.module.css';

/** Tab pages show the tab bar; '/' is the home page's alias. */
const TAB_PATHS = new Set<string>(['/', ...TABS.map((t) => t.path)]);

/** A page that needs login, opened without a token: the spec's message, then login after 1.2 s. */
function LoginRequired() {
  const { t } = useTranslation();
  const location = useLocation();
  const [go, setGo] = useState(false);
  useEffect(() => {
    showToast(t('errors.notLoggedIn'));
    const timer = setTimeout(() => setGo(true), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [t]);
  if (go) return <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <div className={styles.blank} />;
}

function PageHost({ route }: { route: PageRoute }) {
  const { token } = useSnapshot(sessionState);
  const { t } = useTranslation();
  if (route.auth && !token) return <LoginRequired />;
  if (!route.load) return <UnderDevelopment title={pageTitle(t, route)} />;
  const Component = lazyPage(route.load);
  return (
    <Suspense fallback={<DelayedFallback />}>
      <Component />
    </Suspense>
  );
}

function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Page title={t('common.errorTitle')}>
      <Empty text={t('common.pageLoadFailed')} action={{ label: t('common.retry'), onClick: () => window.location.reload() }} />
    </Page>
  );
}

function Shell() {
  const { pathname } = useLocation();
  return (
    <div className={styles.shell}>
      <main className={styles.main}>
        <Outlet />
      </main>
      {TAB_PATHS.has(pathname) && <TabBar />}
      <Overlays />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Page title={t('common.notFoundTitle')}>
      <Empty text={t('errors.notFound')} />
    </Page>
  );
}

const homeRoute = ROUTES.find((r) => r.path === HOME_PATH)!;

const router = createHashRouter([
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <PageHost route={homeRoute} /> },
      ...ROUTES.map((route) => ({ path: route.path, element: <PageHost route={route} /> })),
      { path: '*', element: <NotFound /> },
    ],
  },
]);

setNavigator((path) => void router.navigate(path));

export function App() {
  return <RouterProvider router={router} />;
}
