import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../domain/i18n';
import { currentLang } from '../i18n';
import { chooseLang } from '../state/preferences';
import { Sheet } from './Sheet';
import styles from './LanguageSheet.module.css';

/** Each language named in itself, so anyone can find theirs. */
export const LANG_NAMES: Record<Lang, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
  vi: 'Tiếng Việt',
};

/** Picks the interface language; the change applies at once and is remembered. */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const active = currentLang();
  return (
    <Sheet open={open} title={t('common.language')} onClose={onClose}>
      <ul className={styles.list}>
        {LANGS.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              className={styles.item}
              lang={lang}
              onClick={() => void chooseLang(lang).then(onClose)}
              aria-current={lang === active || undefined}
            >
              <span>{LANG_NAMES[lang]}</span>
              {lang === active && <Check size={18} className={styles.check} />}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
