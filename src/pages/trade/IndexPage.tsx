/**
 * The trade hub (tab bar "trade"): pairs in tabs favorites (the account's watchlist, newest
 * first), futures, coins (spot) and options (seconds); each row opens the pair's screen of that
 * tab's product (favorites and futures the futures screen) and has its star. Futures can be
 * filtered to a market category (`?tab=futures&category=stock`, the home "stock" shortcut).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MARKET_CATEGORIES, type MarketCategory } from '../../../domain/market/types';
import { topics } from '../../../domain/protocol';
import { contractPath, optionsPath, spotPath } from '../../paths';
import { marketState, useMarketField } from '../../state/market';
import { Empty } from '../../ui/Empty';
import { FavoritesEmpty } from '../../ui/FavoritesEmpty';
import { FeedBanner } from '../../ui/FeedBanner';
import { FeedStatusBadge } from '../../ui/FeedStatusBadge';
import { Page } from '../../ui/Page';
import { pageTitle } from '../../ui/pageTitle';
import { Tabs } from '../../ui/Tabs';
import { TickerRow } from '../../ui/TickerRow';
import { ListStarsProvider } from '../../ui/StarButton';
import { useTopics } from '../../ui/useTopics';
import { useWatchlist } from '../../ui/watchlist';
import styles from './IndexPage.module.css';

const HUB_TABS = ['favorites', 'futures', 'coins', 'options'] as const;
type HubTab = (typeof HUB_TABS)[number];
type Filter = MarketCategory | 'all';
const QUOTES = [topics.quotes()];

export default function IndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: HubTab = HUB_TABS.find((k) => k === params.get('tab')) ?? 'futures';
  const filter: Filter = MARKET_CATEGORIES.find((c) => c === params.get('category')) ?? 'all';
  const symbols = useMarketField('symbols');
  const watchlist = useWatchlist();
  const favorites = watchlist.symbols;
  useTopics(QUOTES);

  const list = useMemo(() => {
    if (tab === 'favorites') return favorites.filter((s) => symbols.includes(s));
    // Coins: the crypto pairs (spot); options: every pair (the seconds options trade any listed pair).
    if (tab === 'coins') return symbols.filter((s) => marketState.tickers[s]?.category === 'crypto');
    if (tab === 'options' || filter === 'all') return symbols;
    return symbols.filter((s) => marketState.tickers[s]?.category === filter);
  }, [tab, filter, symbols, favorites]);
  const pathOf = tab === 'coins' ? spotPath : tab === 'options' ? optionsPath : contractPath;
  const open = (symbol: string) => void navigate(pathOf(symbol));

  return (
    <Page title={pageTitle(t, { area: 'transaction', page: 'index' })} back={false} left={<FeedStatusBadge />}>
      <FeedBanner />
      <div className={styles.sticky}>
        <Tabs
          items={HUB_TABS.map((key) => ({ key, label: t(`trade.hub.${key}`) }))}
          value={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
        {tab === 'futures' && (
          <div className={styles.filters}>
            {(['all', ...MARKET_CATEGORIES] as const).map((c) => (
              <button
                key={c}
                type="button"
                className={`${styles.filter} ${c === filter ? styles.filterOn : ''}`}
                onClick={() => setParams(c === 'all' ? { tab } : { tab, category: c }, { replace: true })}
                aria-pressed={c === filter}
              >
                {c === 'all' ? t('trade.hub.all') : t(`market.categories.${c}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      <div data-testid="hub-list" data-tab={tab}>
        <ListStarsProvider>
          {list.map((s) => (
            <TickerRow key={s} symbol={s} onOpen={open} star />
          ))}
        </ListStarsProvider>
      </div>
      {!list.length &&
        (tab === 'favorites' && watchlist.loaded ? <FavoritesEmpty signedIn={watchlist.signedIn} /> : <Empty text={t('common.loading')} />)}
    </Page>
  );
}
