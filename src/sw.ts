/// <reference lib="webworker" />
/**
 * The service worker (docs/PLATFORM.md "Service worker"), built by vite-plugin-pwa's
 * `injectManifest` with this build's file list in `self.__WB_MANIFEST`:
 * - the app shell (every built script, style, font, icon, every language's text files) is precached, so the
 *   app opens offline; a page navigation is answered with the precached index.html;
 * - a short list of public reads (`PUBLIC_READS`) goes network first and falls back to the last
 *   answer, so the market list opened offline shows the last known figures, marked stale;
 * - nothing else is touched: API calls that change something, signed-in reads, the socket and
 *   uploads go to the network as if there were no service worker;
 * - Web Push: a push shows a notification, a tap on it focuses (or opens) the app on its route.
 * A new version waits until the app asks it to take over (the "Update available" prompt).
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isAppNavigation, isPublicRead, QUOTES_SNAPSHOT_URL } from './sw/cachePolicy';
import { NAVIGATE_MESSAGE, notificationUrl, parsePushPayload, PUSH_BADGE, PUSH_ICON, type NavigateMessage } from './sw/pushPayload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The runtime cache of public reads (the precache has its own, managed by workbox). */
const PUBLIC_READS_CACHE = 'kestrel-public-reads';
/** How long a public read may take before the cached answer is used instead (a flaky network). */
const PUBLIC_READ_TIMEOUT_S = 4;
/** Old figures stop being worth showing after a week; a few dozen answers cover every language. */
const PUBLIC_READS_MAX_AGE_S = 7 * 24 * 3600;
const PUBLIC_READS_MAX_ENTRIES = 60;

// A new version installs in the background and waits; the app's prompt sends SKIP_WAITING.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open page at once (there is no older version to wait for).
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/uploads(\/|$)/, /^\/nft-media(\/|$)/],
  }),
);

const publicReads = new NetworkFirst({
  cacheName: PUBLIC_READS_CACHE,
  networkTimeoutSeconds: PUBLIC_READ_TIMEOUT_S,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: PUBLIC_READS_MAX_ENTRIES, maxAgeSeconds: PUBLIC_READS_MAX_AGE_S }),
  ],
});
registerRoute(({ request, url }) => isPublicRead(request.method, url, self.location.origin), publicReads);

// Each app open online refreshes the market list's last known figures, so an app opened offline
// later shows what the market looked like then (the worker reads it when its socket cannot connect).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.mode !== 'navigate' || !isAppNavigation(url, self.location.origin)) return;
  event.waitUntil(publicReads.handleAll({ event, request: new Request(QUOTES_SNAPSHOT_URL) })[1].catch(() => undefined));
});

self.addEventListener('push', (event) => {
  const notice = parsePushPayload(event.data?.text() ?? '', self.location.origin);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openApp(notificationUrl(data?.url, self.location.origin)));
});

/** Focuses an open app window and shows `url` there (the app routes without a reload), else opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await open.focus().catch(() => open);
  const message: NavigateMessage = { type: NAVIGATE_MESSAGE, url };
  focused.postMessage(message);
}
