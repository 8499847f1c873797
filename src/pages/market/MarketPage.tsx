import { useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { nextSort, SORT_KEYS, type MarketSort, type SortKey } from '../../../domain/market/ranking';
import { MARKET_CATEGORIES } from '../../../domain/market/types';
import { topics } from '../../../domain/protocol';
import { contractPath, pagePath } from '../../paths';
import { Empty } from '../../ui/Empty';
import { FavoritesEmpty } from '../../ui/FavoritesEmpty';
import { FeedStatusBadge } from '../../ui/FeedStatusBadge';
import { FeedBanner } from '../../ui/FeedBanner';
import { Page } from '../../ui/Page';
import { ListStarsProvider } from '../../ui/StarButton';
import { pageTitle } from '../../ui/pageTitle';
import { Tabs } from '../../ui/Tabs';
import { TickerRow } from '../../ui/TickerRow';
import { useTopics } from '../../ui/useTopics';
import { useWatchlist } from '../../ui/watchlist';
import { SortHeader } from './SortHeader';
import { useCategorySymbols, type MarketTab } from './useCategorySymbols';
import styles from './MarketPage.module.css';

const ROW_HEIGHT = 64;
const QUOTES = [topics.quotes()];

/** Favorites first, then the categories (`?category=favorites`). */
const TABS: readonly MarketTab[] = ['favorites', ...MARKET_CATEGORIES];

function readCategory(value: string | null): MarketTab {
  return TABS.find((tab) => tab === value) ?? 'crypto';
}

/** The sort kept in the address (`?sort=change&dir=desc`), so it survives a visit to a pair and back. */
function readSort(params: URLSearchParams): MarketSort | null {
  const key = SORT_KEYS.find((k) => k === params.get('sort'));
  const dir = params.get('dir');
  return key && (dir === 'asc' || dir === 'desc') ? { key, direction: dir } : null;
}

/**
 * The rows on screen of the virtual list. A component of its own because the virtualizer
 * re-renders its owner on every scroll step: only this list does, never the page's header,
 * tabs and sort buttons (bench/ scroll).
 */
function MarketRows({
  symbols,
  scroller,
  onOpen,
}: {
  symbols: readonly string[];
  scroller: HTMLDivElement | null;
  onOpen: (symbol: string) => void;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual hands back fresh functions by design; nothing here is memoised by the compiler.
  const virtualizer = useVirtualizer({
    count: symbols.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // Rows render in React's own batch, not synchronously inside every scroll event: under a
    // fling on a slow phone a scroll event no longer forces a render of its own (bench/ scroll).
    useFlushSync: false,
  });
  return (
    <div className={styles.list} style={{ height: virtualizer.getTotalSize() }} data-testid="market-list">
      {virtualizer.getVirtualItems().map((item) => {
        const symbol = symbols[item.index]!;
        // Keyed by symbol: a row keeps its own symbol when the list is sorted (and its own flash count).
        return (
          <div key={symbol} className={styles.row} style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}>
            <TickerRow symbol={symbol} onOpen={onOpen} star />
          </div>
        );
      })}
    </div>
  );
}

/**
 * Every listed pair by category, live, in a virtual list: only the rows on screen exist. Each
 * row has its watchlist star; the favorites tab lists the starred pairs.
 */
export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const category = readCategory(params.get('category'));
  const sort = readSort(params);
  const watchlist = useWatchlist();
  const symbols = useCategorySymbols(category, sort, watchlist.symbols);
  // The page's scroller as state, not a ref: the rows may mount in the same commit as the page,
  // before a ref to its body is attached, and must render again once it is.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  useTopics(QUOTES);

  const open = useCallback((symbol: string) => navigate(contractPath(symbol)), [navigate]);
  const toggle = (key: SortKey) => {
    const next = nextSort(sort, key);
    setParams({ category, ...(next && { sort: next.key, dir: next.direction }) }, { replace: true });
  };
  const header = (key: SortKey, label: string) => (
    <SortHeader label={label} direction={sort?.key === key ? sort.direction : null} onToggle={() => toggle(key)} testId={`sort-${key}`} />
  );

  return (
    <Page
      title={pageTitle(t, { area: 'market', page: 'market' })}
      back={false}
      left={<FeedStatusBadge />}
      right={
        <Link to={pagePath('market', 'search')} aria-label={t('market.search')} className={styles.search}>
          <Search size={20} />
        </Link>
      }
      bodyRef={setScroller}
    >
      <FeedBanner />
      <div className={styles.sticky}>
        <Tabs
          items={TABS.map((key) => ({ key, label: key === 'favorites' ? t('market.favorites') : t(`market.categories.${key}`) }))}
          value={category}
          onChange={(key) => {
            setParams({ category: key, ...(sort && { sort: sort.key, dir: sort.direction }) }, { replace: true });
            scroller?.scrollTo({ top: 0 });
          }}
        />
        <div className={styles.columns}>
          <span className={styles.first}>
            {header('name', t('market.sort.pair'))}
            <span className={styles.slash} aria-hidden="true">
              /
            </span>
            {header('turnover', t('market.sort.turnover'))}
          </span>
          <span className={styles.right}>{header('price', t('market.lastPrice'))}</span>
          <span className={styles.right}>{header('change', t('market.sort.change'))}</span>
        </div>
      </div>
      {symbols.length === 0 ? (
        category === 'favorites' && watchlist.loaded ? (
          <FavoritesEmpty signedIn={watchlist.signedIn} />
        ) : (
          <Empty text={t('common.loading')} />
        )
      ) : (
        <ListStarsProvider>
          <MarketRows symbols={symbols} scroller={scroller} onOpen={open} />
        </ListStarsProvider>
      )}
    </Page>
  );
}
