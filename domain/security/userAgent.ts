/**
 * A small user-agent parser for the session list and the new-device notice: which browser on
 * which operating system, no versions. Covers what the app's users sign in with (Chrome,
 * Safari, Firefox, Edge, Samsung Internet, Opera, WeChat's browser on iOS, Android, Windows,
 * macOS, Linux and ChromeOS); anything else reads as `null`, shown as "Unknown".
 */
export interface UserAgentInfo {
  browser: string | null;
  os: string | null;
}

/** First match wins: the embedded and derived browsers all say "Chrome" or "Safari" too, so they come first. */
const BROWSERS: readonly [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|EdgiOS\/|Edge\//, 'Edge'],
  [/OPR\/|OPiOS\/|Opera/, 'Opera'],
  [/FxiOS\/|Firefox\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [
    /Version\/[\d.]+.*Safari\/|Mobile\/\w+ Safari|^Mozilla\/5\.0 \((iPhone|iPad)[^)]*\) AppleWebKit\/[\d.]+ \(KHTML, like Gecko\) Mobile/,
    'Safari',
  ],
];

/** iOS first (its UAs say "like Mac OS X"), Android before Linux (its UAs say "Linux"). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

function firstMatch(ua: string, table: readonly [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
}

export function parseUserAgent(ua: string | null | undefined): UserAgentInfo {
  if (!ua) return { browser: null, os: null };
  return { browser: firstMatch(ua, BROWSERS), os: firstMatch(ua, SYSTEMS) };
}

/** "Chrome · Windows"; the part not recognised is left out, and `unknown` when neither is. */
export function deviceLabel(info: UserAgentInfo, unknown: string): string {
  return [info.browser, info.os].filter(Boolean).join(' · ') || unknown;
}
