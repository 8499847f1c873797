import { QueryClientProvider } from '@tanstack/react-query';
import { Component, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { startLiveInvalidation } from './api/liveInvalidation';
import { queryClient } from './api/queryClient';
import { LOGIN_PATH, REDIRECT_DELAY_MS } from './api/request';
import { setNavigator } from './navigation';
import { HOME_PATH } from './paths';
import { ROUTES, TABS, type PageLoader, type PageRoute } from './routes';
import { sessionState } from './state/session';
import { showToast } from './state/ui';
import { DelayedFallback } from './ui/DelayedFallback';
import { Empty } from './ui/Empty';
import { lazyPage } from './ui/lazyPage';
import { loadNamespaces } from './i18n';
import { Page } from './ui/Page';
import { TabBar } from './ui/TabBar';
import { SupportButton } from './ui/SupportButton';
import { Overlays } from './ui/Toast';
import { UnderDevelopment } from './ui/UnderDevelopment';
import { VersionBanner } from './ui/VersionBanner';
import { pageTitle, useDocumentTitle } from './ui/pageTitle';
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

/** A route's page: login gate, then the lazy page, or the "under development" screen when none is built yet. */
function PageHost({ route, Component }: { route: PageRoute; Component: LazyExoticComponent<ComponentType> | null }) {
  const { token } = useSnapshot(sessionState);
  const { t } = useTranslation();
  useDocumentTitle(pageTitle(t, route));
  if (route.auth && !token) return <LoginRequired />;
  if (!Component) return <UnderDevelopment title={pageTitle(t, route)} />;
  return (
    <Suspense fallback={<DelayedFallback />}>
      <Component />
    </Suspense>
  );
}

function RouteError() {
  const { t } = useTranslation();
  return (
    <Page title={t('common.errorTitle')}>
      <Empty text={t('common.pageLoadFailed')} action={{ label: t('common.retry'), onClick: () => window.location.reload() }} />
    </Page>
  );
}

/** A page that threw while rendering (or whose chunk never came) shows the retry screen; the next route starts clean. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.error(error);
  }
  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Hands the router's navigate to code outside React (the API client's redirects). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  return null;
}

function Shell() {
  const { pathname } = useLocation();
  return (
    // The overlay host: a modal makes its parts inert one by one, never the toasts it shows (useModal).
    <div className={styles.shell} data-overlay-host="">
      <main className={styles.main}>
        <PageErrorBoundary key={pathname}>
          <Routes>{routeFor(pathname)}</Routes>
        </PageErrorBoundary>
      </main>
      <NavigatorBridge />
      {TAB_PATHS.has(pathname) && <TabBar />}
      <SupportButton />
      <VersionBanner />
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

/** A page's chunk and its translation namespaces, fetched together, with the reads it shows first. */
function withNamespaces(namespaces: PageRoute['namespaces'], load: PageLoader, prefetch: PageRoute['prefetch']): PageLoader {
  return async () => {
    prefetch?.();
    const [page] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return page;
  };
}

/** One lazy component per built page, made once, not per render. */
const hosts = new Map(
  ROUTES.map((r) => [
    r.path,
    <PageHost key={r.path} route={r} Component={r.load ? lazyPage(withNamespaces(r.namespaces, r.load, r.prefetch)) : null} />,
  ]),
);

/** A path as react-router compares it: without its trailing slashes, in any letter case. */
const routeKey = (path: string) => (path.replace(/\/+$/, '') || '/').toLowerCase();
const hostsByKey = new Map([[routeKey('/'), hosts.get(HOME_PATH)], ...ROUTES.map((r) => [routeKey(r.path), hosts.get(r.path)] as const)]);

/**
 * The one route the path names, found in a map: every path is static, and handing `<Routes>` all
 * ~200 of them made react-router flatten, rank and compile a pattern for each on every
 * navigation (~200 ms of the first render at 4× CPU; bench/HISTORY.md, B10).
 */
function routeFor(pathname: string): ReactNode {
  const host = hostsByKey.get(routeKey(pathname));
  return host ? <Route path={pathname} element={host} /> : <Route path="*" element={<NotFound />} />;
}

// Server state: one cache for the app, kept true by the private channel (pages never poll).
const stopLiveInvalidation = startLiveInvalidation(queryClient);
import.meta.hot?.dispose(stopLiveInvalidation);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HashRouter>
        <Shell />
      </HashRouter>
    </QueryClientProvider>
  );
}
