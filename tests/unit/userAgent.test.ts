import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, isTotpCode, normalizeRecoveryCode, otpauthUri } from '../../domain/security/twoFactor';
import { deviceLabel, parseUserAgent } from '../../domain/security/userAgent';

/** Real user agents of the browsers the app's users sign in with, and what they must read as. */
const CASES: [string, string | null, string | null][] = [
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Windows'],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
    'Edge',
    'Windows',
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Windows'],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Safari',
    'macOS',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome',
    'macOS',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Linux'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Safari',
    'iOS',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Chrome',
    'iOS',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
    'Firefox',
    'iOS',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN',
    'WeChat',
    'iOS',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
    'Chrome',
    'Android',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Samsung Internet',
    'Android',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; V2154A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    'WeChat',
    'Android',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.87',
    'Edge',
    'Android',
  ],
  ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox', 'Android'],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'Opera',
    'Windows',
  ],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'ChromeOS'],
  ['curl/8.5.0', null, null],
  ['node', null, null],
];

describe('parseUserAgent', () => {
  it.each(CASES)('reads %s', (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });

  it('reads nothing from an empty or missing user agent', () => {
    expect(parseUserAgent('')).toEqual({ browser: null, os: null });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null });
  });

  it('labels a device with what it recognised, or the fallback', () => {
    expect(deviceLabel({ browser: 'Chrome', os: 'Windows' }, '?')).toBe('Chrome · Windows');
    expect(deviceLabel({ browser: null, os: 'Android' }, '?')).toBe('Android');
    expect(deviceLabel({ browser: null, os: null }, 'Unknown device')).toBe('Unknown device');
  });
});

describe('two-factor helpers', () => {
  it('tells TOTP codes from recovery codes and normalises recovery codes', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode(' 123456 ')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('ABCDE-FGHJK')).toBe(false);
    expect(normalizeRecoveryCode('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normalizeRecoveryCode(' ABCDE FGHJK ')).toBe('ABCDEFGHJK');
    expect(formatRecoveryCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
  });

  it('builds the otpauth URI authenticator apps read, the account escaped', () => {
    expect(otpauthUri('a+b@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Kestrel:a%2Bb%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Kestrel&algorithm=SHA1&digits=6&period=30',
    );
  });
});
