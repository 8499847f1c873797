/**
 * The Web Push contract of the service worker (docs/PLATFORM.md "Service worker"), as pure
 * functions: what a push's payload shows, and where a tap on its notification leads.
 */

/** The title shown when a push carries plain text instead of the JSON payload. */
export const DEFAULT_PUSH_TITLE = 'Kestrel';

/** Where a notification without a (valid) `url` leads: the home page. */
export const DEFAULT_PUSH_URL = '/#/';

export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/badge-96.png';

/** A notification to show: `showNotification(title, options)`. */
export interface PushNotice {
  title: string;
  body: string;
  tag?: string;
  url: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Reads a push's payload: JSON `{ title, body, url?, tag? }`; anything else (plain text, JSON
 * without a title) is shown as the body under the title "Kestrel". An empty push still says
 * something rather than nothing (browsers penalise a push that shows no notification).
 */
export function parsePushPayload(text: string, origin: string): PushNotice {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (data && typeof data === 'object' && isText((data as { title?: unknown }).title)) {
    const { title, body, url, tag } = data as { title: string; body?: unknown; url?: unknown; tag?: unknown };
    return {
      title,
      body: typeof body === 'string' ? body : '',
      ...(isText(tag) ? { tag } : {}),
      url: notificationUrl(url, origin),
    };
  }
  return { title: DEFAULT_PUSH_TITLE, body: text, url: DEFAULT_PUSH_URL };
}

/**
 * The app URL a notification opens: `url` when it is a path of this app (a hash route such as
 * `/#/pages/alerts/index`, or a full URL on the app's own origin), else the home page, so a push
 * can never send the user to another site.
 */
export function notificationUrl(url: unknown, origin: string): string {
  if (!isText(url)) return DEFAULT_PUSH_URL;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return DEFAULT_PUSH_URL;
  }
  if (target.origin !== origin) return DEFAULT_PUSH_URL;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** The route inside the app (`/pages/alerts/index`) of an app URL's hash (`/#/pages/alerts/index`); `/` for none. */
export function hashRoute(url: string): string {
  const hash = url.indexOf('#');
  const route = hash < 0 ? '' : url.slice(hash + 1);
  return route.startsWith('/') ? route : `/${route}`;
}

/** The message the service worker posts to an open app window to show a notification's route. */
export const NAVIGATE_MESSAGE = 'kestrel:navigate';

/** `{ type: NAVIGATE_MESSAGE, url }`: the app routes to `hashRoute(url)` without a reload. */
export interface NavigateMessage {
  type: typeof NAVIGATE_MESSAGE;
  url: string;
}

/** True for the service worker's navigate message. */
export function isNavigateMessage(data: unknown): data is NavigateMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === NAVIGATE_MESSAGE &&
    typeof (data as { url?: unknown }).url === 'string'
  );
}
