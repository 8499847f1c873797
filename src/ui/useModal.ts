import { useEffect, useRef, type RefObject } from 'react';

/** What Tab can reach. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Announcements stay readable while a modal is up: a toast is not "the page behind". */
const LIVE = '[aria-live], [role="status"], [role="alert"]';

/** The focusable elements inside `root` that are shown, in Tab order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * A modal (a sheet, a popup) while `open`: everything outside `ref` becomes `inert` (no Tab, no
 * tap, hidden from screen readers), focus moves into it (unless something in it already took it,
 * an `autoFocus` field), Tab and Shift+Tab cycle inside it, Escape calls `onClose`, and on closing
 * focus goes back to the element that had it before. Modals opened over a modal stack: each one
 * un-inerts only what it made inert.
 */
export function useModal(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const root = ref.current;
    if (!open || !root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The page behind: every sibling of the modal and of each of its ancestors up to <body>. The
    // app shell (`data-overlay-host`) is entered rather than made inert whole: a toast it shows
    // while the modal is up must still be announced.
    const made: HTMLElement[] = [];
    const shut = (el: Element) => {
      if (!(el instanceof HTMLElement) || el.inert || el.matches(LIVE)) return;
      if (el.hasAttribute('data-overlay-host')) {
        for (const child of el.children) shut(child);
        return;
      }
      el.setAttribute('inert', '');
      made.push(el);
    };
    for (let el: HTMLElement | null = root; el && el !== document.body; el = el.parentElement) {
      for (const sibling of el.parentElement?.children ?? []) if (sibling !== el) shut(sibling);
    }
    if (!root.contains(document.activeElement)) (focusables(root)[0] ?? root).focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusables(root);
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) {
        e.preventDefault();
        root.focus();
      } else if (e.shiftKey && (document.activeElement === first || !root.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !root.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    root.addEventListener('keydown', onKey);
    return () => {
      root.removeEventListener('keydown', onKey);
      for (const el of made) el.removeAttribute('inert');
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [ref, open]);
}
