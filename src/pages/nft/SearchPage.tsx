/**
 * NFT search (the page `nft/search`): a query box; the artworks (title, code, artist,
 * collection) and the artists matching it; the last searches kept on this device.
 */
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { readStored, STORAGE_KEYS, writeStored } from '../../state/storage';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { ArtistList, ArtworkList } from './lists';
import nft from './Nft.module.css';
import cards from './cards.module.css';
import styles from './SearchPage.module.css';

const RECENT_KEPT = 8;
/** Typing settles this long before a search is sent. */
const DEBOUNCE_MS = 300;

function readRecent(): string[] {
  try {
    const list: unknown = JSON.parse(readStored(STORAGE_KEYS.nftRecentSearches) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, RECENT_KEPT) : [];
  } catch {
    return [];
  }
}

export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const [recent, setRecent] = useState(readRecent);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = text.trim();
      if (next !== q) setParams(next ? { q: next } : {}, { replace: true });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);
  useEffect(() => {
    if (!q) return;
    const list = [q, ...readRecent().filter((x) => x !== q)].slice(0, RECENT_KEPT);
    writeStored(STORAGE_KEYS.nftRecentSearches, JSON.stringify(list));
  }, [q]);
  const clearRecent = () => {
    writeStored(STORAGE_KEYS.nftRecentSearches, null);
    setRecent([]);
  };
  return (
    <Page title={pageTitle(t, { area: 'nft', page: 'search' })} bodyRef={setScroller}>
      <div className={nft.sticky}>
        <label className={nft.searchBox}>
          <Search size={16} />
          <input
            autoFocus
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('nft.searchPlaceholder')}
            aria-label={t('nft.searchPlaceholder')}
            maxLength={60}
            data-testid="nft-search-input"
          />
          {text && (
            <button type="button" onClick={() => setText('')} aria-label={t('nft.clear')}>
              <X size={16} />
            </button>
          )}
        </label>
      </div>
      {!q ? (
        recent.length > 0 && (
          <section className={styles.recent}>
            <div className={styles.recentHead}>
              <span className={nft.muted}>{t('nft.recentSearches')}</span>
              <button type="button" className={nft.moreLink} onClick={clearRecent}>
                {t('nft.clear')}
              </button>
            </div>
            <div className={cards.chips}>
              {recent.map((r) => (
                <button key={r} type="button" className={cards.chip} onClick={() => setText(r)}>
                  {r}
                </button>
              ))}
            </div>
          </section>
        )
      ) : (
        <>
          <h2 className={nft.sectionTitle}>{t('nft.artist.title')}</h2>
          <ArtistList key={`a:${q}`} q={q} />
          <h2 className={nft.sectionTitle}>{t('nft.artworks')}</h2>
          <ArtworkList key={`w:${q}`} filter={{ q, all: '1' }} scroller={scroller} />
        </>
      )}
    </Page>
  );
}
