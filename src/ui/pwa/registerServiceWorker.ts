import { registerSW } from 'virtual:pwa-register';
import { navigateTo } from '../../navigation';
import { QUOTES_SNAPSHOT_URL } from '../../sw/cachePolicy';
import { hashRoute, isNavigateMessage } from '../../sw/pushPayload';
import { pwaState } from './pwaState';

let activateUpdate: (() => Promise<void>) | null = null;

/**
 * Registers the service worker (src/sw.ts) in any built app, once the page has loaded, so it never
 * competes with the first paint; `vite dev` (which has `import.meta.hot`) and the unit tests get none.
 * NOTE: not `import.meta.env.PROD`: the e2e suite builds under vitest's NODE_ENV=test, which Vite
 * treats as a development build, and the service worker must be there too. A new version that
 * installs in the background raises `pwaState.updateReady` (the UpdatePrompt); the app routes a
 * tapped notification's URL the worker posts (`kestrel:navigate`).
 */
export function registerServiceWorker(): void {
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  activateUpdate = registerSW({
    onNeedRefresh: () => {
      pwaState.updateReady = true;
    },
    onRegisterError: (error: unknown) => console.warn('service worker not registered:', error),
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isNavigateMessage(event.data)) navigateTo(hashRoute(event.data.url));
  });
  // The last figures the user saw are the ones worth showing offline: when the app goes to the
  // background, the service worker's network-first route refreshes its copy of the market list.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || !navigator.serviceWorker.controller || !navigator.onLine) return;
    void fetch(QUOTES_SNAPSHOT_URL, { keepalive: true }).catch(() => undefined);
  });
}

/** Lets the waiting version take over; the page reloads once when it controls it. */
export function applyUpdate(): void {
  pwaState.updateReady = false;
  void activateUpdate?.();
}
