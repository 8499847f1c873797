import { useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../state/ui';
import styles from './Toast.module.css';

/** A text field the user is typing in, if any. */
function focusedField(): HTMLElement | null {
  const el = document.activeElement;
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : null;
}

/**
 * Keeps a toast off the field being typed in: it sits at the top, over the nav bar; should the
 * focused field be up there (a search box in a header), it moves just below the field, or
 * above it when below would fall under the keyboard (the visual viewport's bottom).
 */
function placeClearOfFocus(toast: HTMLElement): void {
  toast.style.top = '';
  const field = focusedField();
  if (!field) return;
  const box = toast.getBoundingClientRect();
  const avoid = field.getBoundingClientRect();
  if (box.bottom <= avoid.top || box.top >= avoid.bottom) return;
  const gap = 8;
  const visible = window.visualViewport?.height ?? window.innerHeight;
  const below = avoid.bottom + gap;
  toast.style.top = below + box.height <= visible ? `${below}px` : `${Math.max(gap, avoid.top - gap - box.height)}px`;
}

/** The toast and the loading indicator, above every page. */
export function Overlays() {
  const { toast, loading } = useSnapshot(uiState);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) placeClearOfFocus(ref.current);
  }, [toast?.id]);
  return (
    <>
      {toast && (
        <div key={toast.id} ref={ref} className={styles.toast} role="status" aria-live="polite" data-testid="toast">
          {toast.text}
        </div>
      )}
      {loading > 0 && (
        <div className={styles.loading} role="progressbar" aria-busy="true">
          <span className={styles.spinner} />
        </div>
      )}
    </>
  );
}
