import { Check, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LANG_TAGS } from '../../../domain/i18n';
import { currentLang } from '../../i18n';
import { AREA_CODES, areaState, selectArea } from '../../state/areaCodes';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { pageTitle } from '../../ui/pageTitle';
import styles from './AreaPage.module.css';

/** The calling-code picker: region names in the interface language, searchable by name or code. */
export default function AreaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { choice } = useSnapshot(areaState);
  const selected = selectArea(choice, currentLang());
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
    <Page title={pageTitle(t, { area: 'common', page: 'area' })}>
      <div className={styles.search}>
        <TextField value={query} onChange={setQuery} placeholder={t('area.searchPlaceholder')} prefix={<Search size={16} />} />
      </div>
      <ul className={styles.list}>
        {shown.map((r) => (
          <li key={r.region}>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                areaState.choice = { region: r.region, code: r.code };
                navigate(-1);
              }}
            >
              <span className={styles.name}>{r.name}</span>
              <span className={`${styles.code} num`}>+{r.code}</span>
              {r.region === selected.region && <Check size={16} className={styles.check} />}
            </button>
          </li>
        ))}
      </ul>
    </Page>
  );
}
