import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/api/routes';
import { isAppNavigation, isPublicRead, PUBLIC_READS, QUOTES_SNAPSHOT_URL } from '../../src/sw/cachePolicy';
import {
  DEFAULT_PUSH_URL,
  hashRoute,
  isNavigateMessage,
  NAVIGATE_MESSAGE,
  notificationUrl,
  parsePushPayload,
} from '../../src/sw/pushPayload';
import { isIos, selectInstallMode } from '../../src/ui/pwa/installMode';

const ORIGIN = 'https://app.kestrel.test';
const at = (path: string) => new URL(path, ORIGIN);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('service worker cache policy', () => {
  it('keeps only public GETs of the contract, whose answers never depend on who asks', () => {
    for (const path of PUBLIC_READS) {
      expect(ROUTES[path], path).toMatchObject({ method: 'GET', access: 'public' });
    }
    expect(QUOTES_SNAPSHOT_URL).toBe('/api/market/snapshot?topic=quotes');
  });

  it('answers the public reads from its cache, nothing else of the API', () => {
    expect(isPublicRead('GET', at('/api/market/snapshot?topic=quotes'), ORIGIN)).toBe(true);
    expect(isPublicRead('GET', at('/api/news/list?c_id=5&limit=5&lang=zh'), ORIGIN)).toBe(true);
    expect(isPublicRead('GET', at('/api/getSiteConfig?lang=en'), ORIGIN)).toBe(true);
    // A write, a signed-in read, the socket, another origin, a look-alike path: never.
    expect(isPublicRead('POST', at('/api/news/list'), ORIGIN)).toBe(false);
    expect(isPublicRead('GET', at('/api/user/info'), ORIGIN)).toBe(false);
    expect(isPublicRead('GET', at('/api/wallet/list'), ORIGIN)).toBe(false);
    expect(isPublicRead('GET', at('/api/user/channel/snapshot'), ORIGIN)).toBe(false);
    expect(isPublicRead('GET', at('/socket.io/?EIO=4&transport=polling'), ORIGIN)).toBe(false);
    expect(isPublicRead('GET', new URL('https://evil.test/api/news/list'), ORIGIN)).toBe(false);
    expect(isPublicRead('GET', at('/api/news/list/../../user/info'), ORIGIN)).toBe(false);
    expect(isPublicRead('GET', at('/api/news/listing'), ORIGIN)).toBe(false);
  });

  it('answers page navigations with the app shell, never the API, the socket or media', () => {
    expect(isAppNavigation(at('/'), ORIGIN)).toBe(true);
    expect(isAppNavigation(at('/index.html'), ORIGIN)).toBe(true);
    expect(isAppNavigation(at('/apis-and-more'), ORIGIN)).toBe(true);
    for (const path of ['/api/getSiteConfig', '/api', '/socket.io/', '/uploads/a.png', '/nft-media/1.svg'])
      expect(isAppNavigation(at(path), ORIGIN), path).toBe(false);
    expect(isAppNavigation(new URL('https://evil.test/'), ORIGIN)).toBe(false);
  });
});

describe('Web Push payloads', () => {
  it('shows the JSON payload: title, body, tag, and the app route to open', () => {
    const text = JSON.stringify({ title: 'BTC/USDT above 70,000', body: 'At 70,012.50', url: '/#/pages/alerts/index', tag: 'alert-7' });
    expect(parsePushPayload(text, ORIGIN)).toEqual({
      title: 'BTC/USDT above 70,000',
      body: 'At 70,012.50',
      tag: 'alert-7',
      url: '/#/pages/alerts/index',
    });
    expect(parsePushPayload(JSON.stringify({ title: 'Hi' }), ORIGIN)).toEqual({ title: 'Hi', body: '', url: DEFAULT_PUSH_URL });
  });

  it('shows anything else as the body under the title Kestrel', () => {
    expect(parsePushPayload('Your withdrawal was approved', ORIGIN)).toEqual({
      title: 'Kestrel',
      body: 'Your withdrawal was approved',
      url: DEFAULT_PUSH_URL,
    });
    expect(parsePushPayload('{"body":"no title"}', ORIGIN).title).toBe('Kestrel');
    expect(parsePushPayload('[1,2]', ORIGIN).body).toBe('[1,2]');
  });

  it('opens only routes of this app', () => {
    expect(notificationUrl('/#/pages/alerts/index', ORIGIN)).toBe('/#/pages/alerts/index');
    expect(notificationUrl(`${ORIGIN}/#/pages/market/market`, ORIGIN)).toBe('/#/pages/market/market');
    expect(notificationUrl('https://phish.test/#/login', ORIGIN)).toBe(DEFAULT_PUSH_URL);
    expect(notificationUrl('//phish.test/x', ORIGIN)).toBe(DEFAULT_PUSH_URL);
    expect(notificationUrl('javascript:alert(1)', ORIGIN)).toBe(DEFAULT_PUSH_URL);
    expect(notificationUrl(42, ORIGIN)).toBe(DEFAULT_PUSH_URL);
    expect(notificationUrl(undefined, ORIGIN)).toBe(DEFAULT_PUSH_URL);
  });

  it('routes the app to the URL the worker posts', () => {
    expect(hashRoute('/#/pages/alerts/index')).toBe('/pages/alerts/index');
    expect(hashRoute('/#/')).toBe('/');
    expect(hashRoute('/')).toBe('/');
    expect(isNavigateMessage({ type: NAVIGATE_MESSAGE, url: '/#/' })).toBe(true);
    expect(isNavigateMessage({ type: 'SKIP_WAITING' })).toBe(false);
    expect(isNavigateMessage({ type: NAVIGATE_MESSAGE, url: 3 })).toBe(false);
    expect(isNavigateMessage(null)).toBe(false);
  });
});

describe('install entry', () => {
  const base = { isInstalled: false, canPrompt: false, userAgent: ANDROID, maxTouchPoints: 5 };

  it('says installed first, then offers the browser prompt, then the iOS steps, else the browser menu', () => {
    expect(selectInstallMode({ ...base, isInstalled: true, canPrompt: true })).toBe('installed');
    expect(selectInstallMode({ ...base, canPrompt: true })).toBe('prompt');
    expect(selectInstallMode({ ...base, userAgent: IPHONE })).toBe('ios');
    expect(selectInstallMode(base)).toBe('manual');
  });

  it('knows iPadOS, which presents itself as a Mac with a touch screen', () => {
    expect(isIos(IPHONE, 5)).toBe(true);
    expect(isIos(IPAD_DESKTOP, 5)).toBe(true);
    expect(isIos(IPAD_DESKTOP, 0)).toBe(false);
    expect(isIos(ANDROID, 5)).toBe(false);
  });
});
