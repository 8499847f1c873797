import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LANG_TAGS, isLang } from '../../../domain/i18n';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { PLACES, cityOf, countryName, placeQuery, type City } from '../../ui/location/locations';
import styles from './Location.module.css';
import { pagePath } from '../../paths';

const W = 358;
const H = 220;
const PAD = 28;

/** Where each of the country's cities sits on the card: its box of cities, stretched to fit. */
function project(cities: City[]): (c: City) => { x: number; y: number } {
  const lats = cities.map((c) => c[1]);
  const lngs = cities.map((c) => c[2]);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const spanLat = Math.max(maxLat - minLat, 0.2);
  const spanLng = Math.max(maxLng - minLng, 0.2);
  return (c) => ({
    x: PAD + ((c[2] - minLng) / spanLng) * (W - 2 * PAD) || W / 2,
    y: PAD + ((maxLat - c[1]) / spanLat) * (H - 2 * PAD) || H / 2,
  });
}

/**
 * A place (`country`, `region`, `city` or `name`) on a drawn map-like card: the country's bundled
 * cities as dots, the place as a pin. No map service, no tiles; the position is approximate.
 */
export default function OpenLocationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tag = isLang(i18n.language) ? LANG_TAGS[i18n.language] : 'en';
  const country = params.get('country') ?? '';
  const region = params.get('region') ?? '';
  const city = params.get('city') ?? params.get('name') ?? '';
  const known = cityOf({ country, region, city });
  const all = Object.values(PLACES[country] ?? {}).flat();
  const at = known && all.length ? project(all) : null;
  const pin = known && at ? at(known) : { x: W / 2, y: H / 2 };
  const coords = known ? `${known[1].toFixed(2)}°, ${known[2].toFixed(2)}°` : '';

  return (
    <Page title={pageTitle(t, { area: 'system', page: 'open-location' })}>
      {!city ? (
        <Empty
          text={t('system.location.noPlace')}
          icon={MapPin}
          action={{ label: t('system.location.chooseAnother'), onClick: () => void navigate(pagePath('system', 'choose-location')) }}
        />
      ) : (
        <>
          <section className={styles.mapCard} data-testid="location-card">
            <svg className={styles.map} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${city}, ${region}`}>
              <defs>
                <pattern id="grid" width="24" height="24" patternUnits="userSpaceOnUse">
                  <path d="M24 0H0V24" fill="none" stroke="var(--border)" strokeWidth="1" />
                </pattern>
                <radialGradient id="glow">
                  <stop offset="0" stopColor="var(--primary)" stopOpacity="0.45" />
                  <stop offset="1" stopColor="var(--primary)" stopOpacity="0" />
                </radialGradient>
              </defs>
              <rect width={W} height={H} fill="var(--surface-2)" />
              <rect width={W} height={H} fill="url(#grid)" />
              <path
                d={`M0 ${H * 0.72} C ${W * 0.25} ${H * 0.6}, ${W * 0.45} ${H * 0.95}, ${W} ${H * 0.78}`}
                fill="none"
                stroke="var(--surface-3)"
                strokeWidth="10"
              />
              <path
                d={`M${W * 0.3} 0 C ${W * 0.36} ${H * 0.4}, ${W * 0.2} ${H * 0.6}, ${W * 0.28} ${H}`}
                fill="none"
                stroke="var(--surface-3)"
                strokeWidth="6"
              />
              {at &&
                all.map((c) => {
                  const p = at(c);
                  return <circle key={c[0]} cx={p.x} cy={p.y} r="3" fill="var(--text-3)" />;
                })}
              <circle cx={pin.x} cy={pin.y} r="34" fill="url(#glow)" />
              <g transform={`translate(${pin.x} ${pin.y})`}>
                <path
                  d="M0 0 C -4 -8, -12 -14, -12 -22 A 12 12 0 1 1 12 -22 C 12 -14, 4 -8, 0 0 Z"
                  fill="var(--primary)"
                  stroke="#fff"
                  strokeWidth="1.5"
                />
                <circle cy="-22" r="4.5" fill="#fff" />
              </g>
            </svg>
            <div className={styles.placeInfo}>
              <h2 className={styles.placeName} data-testid="location-name">
                {city}
              </h2>
              <span className={styles.placeSub}>
                {[region !== city ? region : '', country ? countryName(country, tag) : ''].filter(Boolean).join(' · ')}
              </span>
              {known && (
                <span className={`${styles.coords} num`}>
                  <span>{t('system.location.coordinates')}</span> <span>{coords}</span>
                </span>
              )}
            </div>
          </section>
          <p className={styles.note}>{t('system.location.approx')}</p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              block
              onClick={() => void navigate(`${pagePath('system', 'choose-location')}?${placeQuery({ country })}`)}
            >
              {t('system.location.chooseAnother')}
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
