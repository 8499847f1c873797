import { useCallback, useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TABS } from '../paths';
import { canGoBack, NavBar, type NavBarProps } from './NavBar';
import styles from './Page.module.css';
import { FOCUSABLE } from './useModal';

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

/**
 * A page: the nav bar (with a back arrow except on a tab page), then a body that scrolls on its own.
 * Each page has one h1 (the nav bar's title, or the page's own when it has none there), and focus
 * moves to it when the page opens, so a screen reader starts reading the new page at its name
 * (unless the page put focus on a field of its own).
 */
export function Page({ children, header, bodyRef, className, title, back, ...nav }: PageProps) {
  const { pathname } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const page = ref.current;
    if (!page || page.contains(document.activeElement)) return;
    const h1 = page.querySelector('h1');
    if (!h1) return;
    if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
    h1.focus({ preventScroll: true });
  }, [pathname]);
  // A body with nothing to Tab to (an agreement's text) is itself a Tab stop, so a keyboard can
  // scroll it (axe's scrollable-region-focusable); one with links or fields scrolls to them.
  useEffect(() => {
    const body = ref.current?.lastElementChild;
    if (!(body instanceof HTMLElement)) return;
    if (body.querySelector(FOCUSABLE)) body.removeAttribute('tabindex');
    else body.setAttribute('tabindex', '0');
  });
  return (
    <div ref={ref} className={styles.page}>
      {header ?? <NavBar title={title ?? ''} back={back ?? !TAB_PATHS.has(pathname)} {...nav} />}
      <div ref={bodyRef} className={`${styles.body} ${className ?? ''}`} data-page-body="">
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
