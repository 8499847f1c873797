import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANG, LANGS, SERVER_NAMESPACES, type Lang } from '../../domain/i18n';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface Translator {
  /** A translate function bound to `lang`, falling back to English for a missing key. */
  forLang(lang: Lang): Translate;
  /** True when `key` has an English text. */
  has(key: string): boolean;
}

/**
 * Loads the namespaces the server answers with (errors, validation, messages, notifications) in
 * the 9 languages, from the same `locales/<lang>/<namespace>.json` files the app uses (errors,
 * validation and notifications are merged from each area's files by `npm run gen:locales`).
 */
export function createTranslator(localesDir: string): Translator {
  const resources = Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      Object.fromEntries(
        SERVER_NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as object]),
      ),
    ]),
  );
  const instance: i18n = i18next.createInstance();
  void instance.init({
    resources,
    ns: [...SERVER_NAMESPACES],
    defaultNS: SERVER_NAMESPACES[0],
    // `errors.notFound` is `notFound` in the `errors` namespace: the app's keys, unchanged.
    nsSeparator: '.',
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const fixed = new Map(LANGS.map((lang) => [lang, instance.getFixedT(lang)]));
  return {
    forLang: (lang) => {
      const t = fixed.get(lang) ?? instance.getFixedT(DEFAULT_LANG);
      return (key, params) => t(key, params ?? {});
    },
    has: (key) => instance.exists(key, { lng: DEFAULT_LANG }),
  };
}
