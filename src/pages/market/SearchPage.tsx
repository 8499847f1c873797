import { Search, Trash2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { searchPairs } from '../../../domain/market/search';
import { topics } from '../../../domain/protocol';
import { useMarketField } from '../../state/market';
import { Empty } from '../../ui/Empty';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { TextField } from '../../ui/TextField';
import { contractPath } from '../../paths';
import { TickerRow } from '../../ui/TickerRow';
import { ListStarsProvider } from '../../ui/StarButton';
import { useTopics } from '../../ui/useTopics';
import { clearRecentSearches, rememberSearch, useRecentSearches } from './recentSearches';
import styles from './SearchPage.module.css';

const QUOTES = [topics.quotes()];

/**
 * Finds a pair by base, quote, full symbol or the base asset's name (domain/market/search.ts) (each result with its watchlist star); with no
 * query, the recent searches (kept on the device when a result is opened) and the most traded pairs.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const symbols = useMarketField('symbols');
  const movers = useMarketField('movers');
  const recent = useRecentSearches();
  useTopics(QUOTES);

  const results = useMemo(() => searchPairs(symbols, query), [symbols, query]);
  const open = (symbol: string) => navigate(contractPath(symbol));
  const openResult = (symbol: string) => {
    rememberSearch(query);
    void open(symbol);
  };

  return (
    <Page title={pageTitle(t, { area: 'market', page: 'search' })}>
      <div className={styles.bar}>
        <TextField
          value={query}
          onChange={setQuery}
          placeholder={t('market.searchPlaceholder')}
          autoFocus
          name="q"
          prefix={<Search size={16} className={styles.icon} />}
          suffix={
            query && (
              <button type="button" onClick={() => setQuery('')} aria-label={t('common.clear')} className={styles.icon}>
                <X size={16} />
              </button>
            )
          }
        />
      </div>
      <ListStarsProvider>
        {query.trim() ? (
          results.length ? (
            <div data-testid="search-results">
              {results.map((s) => (
                <TickerRow key={s} symbol={s} onOpen={openResult} star />
              ))}
            </div>
          ) : (
            <Empty text={t('market.noResults')} />
          )
        ) : (
          <>
            {recent.length > 0 && (
              <section data-testid="recent-searches">
                <div className={styles.recentHead}>
                  <h2 className={styles.heading}>{t('market.recent')}</h2>
                  <button type="button" onClick={clearRecentSearches} aria-label={t('market.clearRecent')} className={styles.clear}>
                    <Trash2 size={16} />
                  </button>
                </div>
                <div className={styles.chips}>
                  {recent.map((r) => (
                    <button key={r} type="button" className={styles.chip} onClick={() => setQuery(r)}>
                      {r}
                    </button>
                  ))}
                </div>
              </section>
            )}
            <h2 className={styles.heading}>{t('market.hot')}</h2>
            {movers?.turnover.slice(0, 8).map((s) => (
              <TickerRow key={s} symbol={s} onOpen={open} star />
            ))}
          </>
        )}
      </ListStarsProvider>
    </Page>
  );
}
