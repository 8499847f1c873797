/** Interface languages; `en` is the default. */
export const LANGS = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'vi'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** BCP 47 tag of each language, for Intl formatting and the `accept-language` header. */
export const LANG_TAGS: Record<Lang, string> = {
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-TW',
  th: 'th',
  jp: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
  vi: 'vi',
};

/** True when `value` is one of the 9 language codes. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * Picks our language from an `accept-language` header (`zh-cn`, `zh-tw`, `en-US,en;q=0.9`, …);
 * `null` when nothing in it is supported.
 */
export function selectLangFromHeader(header: string | undefined): Lang | null {
  if (!header) return null;
  for (const part of header.toLowerCase().split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (isLang(tag)) return tag;
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant') return 'hk';
    const primary = tag.split('-')[0];
    const match = (Object.entries(LANG_TAGS) as [Lang, string][]).find(([, t]) => t.split('-')[0] === primary);
    if (match) return match[0];
  }
  return null;
}

/**
 * Translation namespaces: one file each, `locales/<lang>/<namespace>.json`. A key names its
 * namespace first (`funds.withdraw.title` is `withdraw.title` in `funds`).
 */
export const NAMESPACES = [
  'common',
  'nav',
  'feed',
  'time',
  'area',
  'pages',
  'errors',
  'validation',
  'messages',
  'notifications',
  'auth',
  'home',
  'market',
  'help',
  'upload',
  'settings',
  'profile',
  'security',
  'identity',
  'targets',
  'funds',
  'trade',
  'futures',
  'spot',
  'options',
  'lockming',
  'ieo',
  'financial',
  'invest',
  'copytrade',
  'nft',
  'otc',
  'loans',
  'rewards',
  'game',
  'support',
  'system',
  'alerts',
  'chat',
  'pwa',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the app shell itself shows (tab bar, titles, errors, toasts): loaded before the first page. */
export const SHELL_NAMESPACES = [
  'common',
  'nav',
  'feed',
  'time',
  'area',
  'pages',
  'errors',
  'validation',
  'notifications',
  'pwa',
] as const satisfies readonly Namespace[];

/** What the server answers with: error and success messages, and the texts of its Web Push notifications. */
export const SERVER_NAMESPACES = ['errors', 'validation', 'messages', 'notifications'] as const satisfies readonly Namespace[];

/**
 * The namespaces each area keeps in its own files: `locales/<lang>/<namespace>/<area>.json` (an area
 * is a server/ folder; `common.json` holds the texts several areas or the platform use).
 * `npm run gen:locales` merges them into `locales/<lang>/<namespace>.json`, what the server and the
 * app read; a unit test fails when a merged file is stale or an area's key is used outside its area.
 */
export const AREA_NAMESPACES = ['errors', 'validation', 'notifications'] as const satisfies readonly Namespace[];

/**
 * The text of a merged namespace file from its area files (file name to texts): top-level keys in
 * alphabetical order, nested texts as the area file has them. Throws when two files define a key.
 */
export function mergeAreaTexts(files: Readonly<Record<string, Readonly<Record<string, unknown>>>>): string {
  const merged: Record<string, unknown> = {};
  const definedIn = new Map<string, string>();
  for (const [file, texts] of Object.entries(files)) {
    for (const key of Object.keys(texts)) {
      const other = definedIn.get(key);
      if (other !== undefined) throw new Error(`${key} is defined in both ${other} and ${file}`);
      definedIn.set(key, file);
    }
  }
  for (const key of [...definedIn.keys()].sort()) merged[key] = files[definedIn.get(key)!]![key];
  return `${JSON.stringify(merged, null, 2)}\n`;
}

/** True when `value` names a namespace. */
export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value);
}
