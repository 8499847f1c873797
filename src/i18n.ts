import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANG_TAGS, LANGS, NAMESPACES, SHELL_NAMESPACES, type Lang, type Namespace } from '../domain/i18n';
import { readStored, STORAGE_KEYS, writeStored } from './state/storage';
import type { Resources } from './i18nResources';

declare module 'i18next' {
  interface CustomTypeOptions {
    /** Every namespace, so `t('funds.withdraw.title')` is typed wherever `t` is. */
    defaultNS: typeof NAMESPACES;
    nsSeparator: '.';
    resources: Resources;
  }
}

/**
 * Where the texts are: one JSON file per language and namespace, fetched when a page that shows it
 * opens (`/assets/locales-<hash>/<lang>/<namespace>.json` in a build, server/http/localeAssets.ts).
 */
declare const __LOCALE_DIR__: string;

async function fetchBundle(lang: Lang, ns: Namespace): Promise<Record<string, unknown>> {
  const res = await fetch(`${__LOCALE_DIR__}/${lang}/${ns}.json`);
  if (!res.ok) throw new Error(`locale file ${lang}/${ns}: HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The namespaces asked for so far: a language switch fetches the same ones in the new language. */
const wanted = new Set<Namespace>(SHELL_NAMESPACES);

async function loadBundles(lang: Lang, namespaces: Iterable<Namespace>): Promise<void> {
  await Promise.all(
    [...namespaces]
      .filter((ns) => !i18next.hasResourceBundle(lang, ns))
      .map(async (ns) => {
        i18next.addResourceBundle(lang, ns, await fetchBundle(lang, ns), true, true);
      }),
  );
}

/**
 * Makes `namespaces` available in the current language before a page that shows them renders
 * (a page's area declares them in its `routes.ts`). Every language has every key (a test checks),
 * so English is not fetched as a fallback.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  await loadBundles(currentLang(), namespaces);
}

/** The stored language (the `lang` storage key), else the browser's, else English. */
export function initialLang(): Lang {
  const stored = readStored(STORAGE_KEYS.lang);
  if (isLang(stored)) return stored;
  const browser = navigator.language.toLowerCase();
  const match = LANGS.find((l) => LANG_TAGS[l].toLowerCase() === browser || LANG_TAGS[l].split('-')[0] === browser.split('-')[0]);
  return match ?? DEFAULT_LANG;
}

export async function initI18n(): Promise<void> {
  const lang = initialLang();
  await i18next.use(initReactI18next).init({
    resources: {},
    ns: [...NAMESPACES],
    defaultNS: [...NAMESPACES],
    // `funds.withdraw.title` is `withdraw.title` in the `funds` namespace.
    nsSeparator: '.',
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Shown, not stored: what was read stays as it is, so a language chosen meanwhile (another tab,
  // while this one fetched its texts) is not overwritten by the one this start read.
  await applyLang(lang);
}

async function applyLang(lang: Lang): Promise<void> {
  await loadBundles(lang, wanted);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = LANG_TAGS[lang];
}

/** Switches the interface language, persists it, and re-renders every `useTranslation` user. */
export async function changeLang(lang: Lang): Promise<void> {
  await applyLang(lang);
  writeStored(STORAGE_KEYS.lang, lang);
}

/** Any translation key of the app (`funds.withdraw.title`), checked against the English files. */
export type TranslationKey = ParseKeys;

/**
 * True when a key made at run time (a rule's message, a server-sent kind, a route name) has a
 * text; what narrows such a string to a typed key.
 */
export function isTranslationKey(key: string): key is TranslationKey {
  return i18next.exists(key);
}

export function currentLang(): Lang {
  return isLang(i18next.language) ? i18next.language : DEFAULT_LANG;
}
