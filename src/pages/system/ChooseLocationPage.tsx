import { Check, ChevronRight, MapPin, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LANG_TAGS, isLang } from '../../../domain/i18n';
import { Empty } from '../../ui/Empty';
import { canGoBack } from '../../ui/NavBar';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { COUNTRIES, PLACES, countryName, placeQuery, type Place } from '../../ui/location/locations';
import { leavePick } from '../../ui/location/pick';
import styles from './Location.module.css';
import { PAGES_PREFIX, pagePath } from '../../paths';

/**
 * The location picker: a country, then a province/region, then a city (or a search across the
 * country's cities). Opened with `return=` and `field=` it hands the choice back to that page;
 * opened alone it shows the chosen place on the map card.
 */
export default function ChooseLocationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tag = isLang(i18n.language) ? LANG_TAGS[i18n.language] : 'en';
  const [country, setCountry] = useState(() => {
    const c = params.get('country');
    return c && c in PLACES ? c : 'CN';
  });
  const [region, setRegion] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const returnTo = params.get('return');
  const field = params.get('field') ?? 'location';
  const regions = Object.keys(PLACES[country] ?? {});

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    return Object.entries(PLACES[country] ?? {}).flatMap(([r, cities]) =>
      cities.filter((c) => c[0].toLowerCase().includes(q) || r.toLowerCase().includes(q)).map((c) => ({ region: r, city: c[0] })),
    );
  }, [country, query]);

  const choose = (place: Place) => {
    if (returnTo?.startsWith(PAGES_PREFIX)) {
      leavePick({ field, place });
      if (canGoBack()) void navigate(-1);
      else void navigate(returnTo, { replace: true });
    } else {
      void navigate(`${pagePath('system', 'open-location')}?${placeQuery(place)}`);
    }
  };

  const cityRows = (rows: { region: string; city: string }[]) => (
    <ul className={styles.list}>
      {rows.map((r) => (
        <li key={`${r.region}/${r.city}`}>
          <button
            type="button"
            className={styles.row}
            onClick={() => choose({ country, region: r.region, city: r.city })}
            data-testid="location-city"
          >
            <MapPin size={16} className={styles.rowIcon} />
            <span className={styles.rowText}>
              <b>{r.city}</b>
              {r.region !== r.city && <small>{r.region}</small>}
            </span>
            <Check size={16} className={styles.rowGo} />
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <Page title={pageTitle(t, { area: 'system', page: 'choose-location' })}>
      <div className={styles.wrap}>
        <div className={styles.countries} role="tablist" aria-label={t('system.location.country')}>
          {COUNTRIES.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={c === country}
              className={`${styles.chip} ${c === country ? styles.chipOn : ''}`}
              onClick={() => (setCountry(c), setRegion(null), setQuery(''))}
            >
              {countryName(c, tag)}
            </button>
          ))}
        </div>
        <label className={styles.search}>
          <Search size={16} />
          <input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('system.location.search')}
            aria-label={t('system.location.search')}
          />
        </label>
        {query.trim() ? (
          matches.length ? (
            cityRows(matches)
          ) : (
            <Empty text={t('system.location.noMatch')} icon={MapPin} />
          )
        ) : region ? (
          <>
            <div className={styles.crumbs}>
              <button type="button" className={styles.crumb} onClick={() => setRegion(null)}>
                {countryName(country, tag)}
              </button>
              <ChevronRight size={14} />
              <span>{region}</span>
            </div>
            <p className={styles.heading}>{t('system.location.pickCity', { region })}</p>
            {cityRows((PLACES[country]?.[region] ?? []).map((c) => ({ region, city: c[0] })))}
          </>
        ) : (
          <>
            <p className={styles.heading}>{t('system.location.pickRegion')}</p>
            <ul className={styles.list}>
              {regions.map((r) => (
                <li key={r}>
                  <button type="button" className={styles.row} onClick={() => setRegion(r)} data-testid="location-region">
                    <span className={styles.rowText}>
                      <b>{r}</b>
                      <small>{(PLACES[country]?.[r] ?? []).map((c) => c[0]).join(' · ')}</small>
                    </span>
                    <ChevronRight size={16} className={styles.rowGo} />
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Page>
  );
}
