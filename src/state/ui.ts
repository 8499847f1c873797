import { proxy } from 'valtio';

/** How long a short toast stays. */
export const TOAST_MS = 1500;
/** A longer message stays long enough to be read: this much more per character past 30, to 6 s. */
const TOAST_MS_PER_CHAR = 40;
const TOAST_MAX_MS = 6000;

/** How long a toast of `text` stays. */
export function toastMs(text: string): number {
  return Math.min(TOAST_MAX_MS, TOAST_MS + Math.max(0, text.length - 30) * TOAST_MS_PER_CHAR);
}
/** Non-GET calls show the loading indicator only when slower than this. */
export const LOADING_DELAY_MS = 800;

export const uiState = proxy({
  toast: null as { id: number; text: string } | null,
  /** Calls currently showing the loading indicator. */
  loading: 0,
});

let toastId = 0;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a message over the page for 1.5 s, longer if it is long (`toastMs`); a newer one replaces it. */
export function showToast(text: string): void {
  if (!text) return;
  uiState.toast = { id: ++toastId, text };
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (uiState.toast = null), toastMs(text));
}

/** Shows the loading indicator if `promise` takes longer than 800 ms. */
export function trackLoading<T>(promise: Promise<T>): Promise<T> {
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    uiState.loading += 1;
  }, LOADING_DELAY_MS);
  return promise.finally(() => {
    clearTimeout(timer);
    if (shown) uiState.loading -= 1;
  });
}
