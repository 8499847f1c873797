import { Check, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANG_TAGS } from '../../domain/i18n';
import { currentLang } from '../i18n';
import { AREA_CODES } from '../state/areaCodes';
import { TextField } from './TextField';
import styles from './RegionList.module.css';

/** Countries and regions named in the interface language, searchable by name, region code or calling code. */
export function RegionList({
  selected,
  showCode,
  onPick,
}: {
  selected: string | null;
  showCode: boolean;
  onPick: (region: string, code: string) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const lang = currentLang();
  const regions = useMemo(() => {
    const names = new Intl.DisplayNames([LANG_TAGS[lang]], { type: 'region' });
    const collator = new Intl.Collator(LANG_TAGS[lang]);
    return AREA_CODES.map(([region, code]) => ({ region, code, name: names.of(region) ?? region })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [lang]);
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  const shown = q
    ? regions.filter((r) => r.name.toLowerCase().includes(q) || r.code.startsWith(q) || r.region.toLowerCase() === q)
    : regions;

  return (
    <>
      <div className={styles.search}>
        <TextField
          value={query}
          onChange={setQuery}
          placeholder={t('area.searchPlaceholder')}
          prefix={<Search size={16} />}
          name="region-search"
        />
      </div>
      <ul className={styles.list}>
        {shown.map((r) => (
          <li key={r.region}>
            <button type="button" className={styles.item} onClick={() => onPick(r.region, r.code)} data-region={r.region}>
              <span className={styles.name}>{r.name}</span>
              {showCode && <span className={`${styles.code} num`}>+{r.code}</span>}
              {r.region === selected ? <Check size={16} className={styles.check} /> : <span />}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
