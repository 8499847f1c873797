import { proxy } from 'valtio';

/** How long a toast stays (spec §9). */
export const TOAST_MS = 1500;
/** Non-GET calls show the loading indicator only when slower than this (spec §7). */
export const LOADING_DELAY_MS = 800;

export const uiState = proxy({
  toast: null as { id: number; text: string } | null,
  /** Calls currently showing the loading indicator. */
  loading: 0,
});

let toastId = 0;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a short message over the page for 1.5 s; a newer one replaces it. */
export function showToast(text: string): void {
  if (!text) return;
  uiState.toast = { id: ++toastId, text };
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (uiState.toast = null), TOAST_MS);
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
