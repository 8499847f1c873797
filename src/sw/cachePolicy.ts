/**
 * What the service worker (src/sw.ts) may keep beyond the precached app shell: pure rules on a
 * request's method and URL, so they are tested without a browser (tests/unit/swCachePolicy.test.ts).
 */

/**
 * Public reads the home and market screens make when they open, kept (network first) so the app
 * opened offline shows the last figures it saw, marked stale by the feed status. Each is a `public`
 * GET of the contract whose answer depends only on its query (language, topic, category), never on
 * who asks: a signed-in user's Authorization header changes nothing in it, so nothing private is
 * ever stored. Market topics reach the cache when the worker reads a snapshot over REST (a resync,
 * or its offline fallback); the service worker also refreshes the quotes snapshot once per app open.
 */
export const PUBLIC_READS = [
  '/market/snapshot',
  '/currency/list',
  '/getSiteConfig',
  '/news/list',
  '/news/index_pop',
  '/wallet/getRateCurrency',
] as const;

/** The API's mount point on the app's origin (src/api/request.ts `API_BASE`). */
export const API_PREFIX = '/api';

/** The market list's snapshot, refreshed in the background when the app opens online. */
export const QUOTES_SNAPSHOT_URL = `${API_PREFIX}/market/snapshot?topic=quotes`;

/** Paths that are never the app shell: the API, the socket, uploaded and generated media. */
const NOT_THE_APP = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/uploads(\/|$)/, /^\/nft-media(\/|$)/];

/** True for a request the service worker answers from its runtime cache when the network fails. */
export function isPublicRead(method: string, url: URL, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin || !url.pathname.startsWith(`${API_PREFIX}/`)) return false;
  const path = url.pathname.slice(API_PREFIX.length);
  return (PUBLIC_READS as readonly string[]).includes(path);
}

/** True for a page navigation that the app shell (index.html) answers: anything but the API, the socket and media. */
export function isAppNavigation(url: URL, origin: string): boolean {
  return url.origin === origin && !NOT_THE_APP.some((re) => re.test(url.pathname));
}
