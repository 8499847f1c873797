import { useCallback, type ReactNode, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TABS } from '../routing';
import { canGoBack, NavBar, type NavBarProps } from './NavBar';
import styles from './Page.module.css';

/** The tab bar's pages ('/' is the home page's alias): top-level places, with no way "back". */
const TAB_PATHS = new Set<string>(['/', ...TABS.map((t) => t.path)]);

interface PageProps extends Partial<NavBarProps> {
  children: ReactNode;
  /** Replaces the standard nav bar (the home page has its own header). */
  header?: ReactNode;
  /** The scrolling body, for virtual lists that scroll with the page. */
  bodyRef?: Ref<HTMLDivElement>;
  className?: string;
}

/** A page: the nav bar (with a back arrow except on a tab page), then a body that scrolls on its own. */
export function Page({ children, header, bodyRef, className, title, back, ...nav }: PageProps) {
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      {header ?? <NavBar title={title ?? ''} back={back ?? !TAB_PATHS.has(pathname)} {...nav} />}
      <div ref={bodyRef} className={`${styles.body} ${className ?? ''}`}>
        {children}
      </div>
    </div>
  );
}

/**
 * Leaves a page whose work is done (a form saved): one step back when the app brought the user
 * here, else to `parent`, replacing this page. Opened from a link, a bookmark or a new tab, a
 * step back would leave the app for a blank page and the success toast would never be seen.
 */
export function useLeavePage(parent: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (canGoBack()) void navigate(-1);
    else void navigate(parent, { replace: true });
  }, [navigate, parent]);
}
