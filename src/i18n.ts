import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANG_TAGS, LANGS, type Lang } from '../domain/i18n';
import en from '../locales/en.json';
import { readStored, STORAGE_KEYS, writeStored } from './state/storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** Locale files other than English load on demand, one chunk each. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*.json', '!../locales/en.json']);

async function loadLang(lang: Lang): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return;
  const load = loaders[`../locales/${lang}.json`];
  if (!load) return;
  const { default: resources } = await load();
  i18next.addResourceBundle(lang, 'translation', resources, true, true);
}

/** The stored language (spec §3 key `lang`), else the browser's, else English. */
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
    resources: { en: { translation: en } },
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLang(lang);
}

/** Switches the interface language, persists it, and re-renders every `useTranslation` user. */
export async function changeLang(lang: Lang): Promise<void> {
  await loadLang(lang);
  await i18next.changeLanguage(lang);
  writeStored(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = LANG_TAGS[lang];
}

export function currentLang(): Lang {
  return isLang(i18next.language) ? i18next.language : DEFAULT_LANG;
}
