/**
 * The pair's trading screen (issue 9), laid out like a phone futures screen: header with the
 * pair (tap to switch), price and 24 h stats; the chart (collapsible, lazy-loaded); the order
 * book, depth and tape; then the order form and the positions (fui's components). A tapped
 * book price goes to the order form. When the feed is stale or resyncing, a banner says so and
 * the live numbers are dimmed.
 */
import { ChevronDown, ChevronUp } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { KLINE_PERIODS, type KlinePeriod } from '../../../domain/market/periods';
import type { MarketPair } from '../../../domain/market/types';
import { topics } from '../../../domain/protocol';
import { marketState } from '../../state/market';
import { Empty } from '../../ui/Empty';
import { FeedBanner } from '../../ui/FeedBanner';
import { FeedStatusBadge } from '../../ui/FeedStatusBadge';
import { NavBar } from '../../ui/NavBar';
import { Page } from '../../ui/Page';
import { StarButton } from '../../ui/StarButton';
import { AlertBell } from '../../ui/alerts/AlertBell';
import { Tabs } from '../../ui/Tabs';
import { useFeedStatus } from '../../ui/useFeedStatus';
import { useTopics } from '../../ui/useTopics';
import type { ChartMode } from './chart/KlineChart';
import { DepthChart, OrderBook, TradeTape } from './OrderBook';
import { OrderForm } from './OrderForm';
import { PairSheet } from './PairSheet';
import { PositionsPanel } from './PositionsPanel';
import styles from './ContractPage.module.css';
import { usePair } from './usePair';
import { useTickerFocus } from '../../ui/useTickerFocus';
import { Term } from '../../ui/Term';

const KlineChart = lazy(() => import('./chart/KlineChart'));
type MarketTab = 'book' | 'trades' | 'depth';

/** The pair's price and 24 h stats: the only part of the header that follows the ticker. */
function Summary({ pair, doubtful }: { pair: MarketPair; doubtful: boolean }) {
  const { t } = useTranslation();
  // Written once per language: the summary re-renders on every tick of the pair.
  const labels = useMemo(
    () => ({
      high: t('trade.stats.high'),
      volume: t('trade.stats.volume'),
      low: t('trade.stats.low'),
      turnover: t('trade.stats.turnover'),
    }),
    [t],
  );
  useTickerFocus(pair.symbol);
  const tickers = useSnapshot(marketState.tickers);
  const tk = tickers[pair.symbol];
  return (
    <section className={`${styles.summary} ${doubtful ? styles.dim : ''}`} data-testid="pair-summary">
      <div className={styles.priceBlock}>
        <span className={`${styles.lastPrice} num ${tk?.tone ?? ''}`} data-testid="last-price">
          {tk?.priceText ?? '--'}
        </span>
        <span className={`${styles.subline} num`}>
          <span>{tk?.fiatText}</span>
          <span className={tk?.tone}>{tk?.changeText}</span>
        </span>
      </div>
      <dl className={styles.stats}>
        <Term label={labels.high}>{tk?.highText ?? '--'}</Term>
        {/* The unit beside the figure, not in the label: a label fits its column in every language. */}
        <Term label={labels.volume}>
          {tk?.volumeText ?? '--'} <span className={styles.unit}>{pair.base}</span>
        </Term>
        <Term label={labels.low}>{tk?.lowText ?? '--'}</Term>
        <Term label={labels.turnover}>
          {tk?.turnoverText ?? '--'} <span className={styles.unit}>{pair.quote}</span>
        </Term>
      </dl>
    </section>
  );
}

/** The nav bar (pair switch, star) and the live summary; the bar itself never re-renders for a tick. */
function Header({ pair, doubtful, onSwitch }: { pair: MarketPair; doubtful: boolean; onSwitch: () => void }) {
  return (
    <>
      <NavBar
        title={
          <button type="button" className={styles.pairButton} onClick={onSwitch} data-testid="pair-switch">
            <b>{pair.symbol}</b>
            <ChevronDown size={16} />
          </button>
        }
        right={
          <>
            <AlertBell pair={pair} />
            <StarButton symbol={pair.symbol} matchId={pair.id} size={18} />
          </>
        }
      />
      <Summary pair={pair} doubtful={doubtful} />
    </>
  );
}

function ChartSection({ pair }: { pair: MarketPair }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<KlinePeriod>('15min');
  const [mode, setMode] = useState<ChartMode>('candles');
  const [shown, setShown] = useState(true);
  return (
    <section className={styles.chartSection}>
      <div className={styles.chartBar}>
        <div className={styles.periods} role="tablist" aria-label={t('trade.chart.period')}>
          {KLINE_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={p === period}
              className={`${styles.period} ${p === period ? styles.periodOn : ''}`}
              onClick={() => (setPeriod(p), setShown(true))}
              data-period={p}
            >
              {t(`trade.periods.${p}`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={styles.chartTool}
          onClick={() => setMode(mode === 'candles' ? 'line' : 'candles')}
          aria-pressed={mode === 'line'}
          data-testid="chart-mode"
        >
          {mode === 'candles' ? t('trade.chart.line') : t('trade.chart.candles')}
        </button>
        <button
          type="button"
          className={styles.chartTool}
          onClick={() => setShown(!shown)}
          aria-expanded={shown}
          aria-label={shown ? t('trade.chart.hide') : t('trade.chart.show')}
        >
          {shown ? <ChevronUp size={16} /> : <ChevronDown size={16} />}
        </button>
      </div>
      {shown && (
        <Suspense fallback={<div className={styles.chartFallback} />}>
          <KlineChart
            key={`${pair.symbol}:${period}`}
            symbol={pair.symbol}
            period={period}
            mode={mode}
            priceDecimals={pair.price_decimals}
          />
        </Suspense>
      )}
    </section>
  );
}

function MarketSection({ pair, onPick }: { pair: MarketPair; onPick: (price: string) => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MarketTab>('book');
  const watched = useMemo(() => [topics.depth(pair.symbol), topics.trades(pair.symbol)], [pair.symbol]);
  useTopics(watched);
  return (
    <section className={`${styles.market} live`}>
      <Tabs
        items={[
          { key: 'book', label: t('trade.tabs.book') },
          { key: 'trades', label: t('trade.tabs.trades') },
          { key: 'depth', label: t('trade.tabs.depth') },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'book' && <OrderBook symbol={pair.symbol} base={pair.base} quote={pair.quote} onPick={onPick} />}
      {tab === 'trades' && <TradeTape symbol={pair.symbol} base={pair.base} quote={pair.quote} />}
      {tab === 'depth' && <DepthChart symbol={pair.symbol} />}
    </section>
  );
}

export default function ContractPage() {
  const { t } = useTranslation();
  const { pair, loading, choose } = usePair();
  // Home's "Super leverage" shortcut opens BTC/USDT at its highest multiple.
  const superLeverage = useSearchParams()[0].get('lever') === 'super';
  const [switching, setSwitching] = useState(false);
  const [tapped, setTapped] = useState<{ symbol: string; price: string } | null>(null);
  const { status } = useFeedStatus();
  useTopics(useMemo(() => [topics.quotes()], []));
  const pick = useCallback((price: string) => pair && setTapped({ symbol: pair.symbol, price }), [pair]);

  if (!pair)
    return (
      <Page
        title={t('pages.transaction.contract')}
        left={<FeedStatusBadge />}
        // While the pair loads, the summary's place is kept: the page below does not drop when it comes.
        header={
          loading ? (
            <>
              <NavBar title={t('pages.transaction.contract')} left={<FeedStatusBadge />} />
              <div className={styles.summary} aria-hidden="true" />
            </>
          ) : undefined
        }
      >
        <Empty text={loading ? t('common.loading') : t('trade.pair.notFound')} />
      </Page>
    );
  const doubtful = status === 'stale' || status === 'resyncing';
  return (
    <Page
      header={<Header pair={pair} doubtful={doubtful} onSwitch={() => setSwitching(true)} />}
      className={doubtful ? styles.doubtful : undefined}
    >
      <FeedBanner />
      <ChartSection pair={pair} />
      <MarketSection pair={pair} onPick={pick} />
      <OrderForm key={pair.symbol} pair={pair} price={tapped?.symbol === pair.symbol ? tapped.price : null} highest={superLeverage} />
      <PositionsPanel pair={pair} />
      <PairSheet
        key={String(switching)}
        open={switching}
        current={pair.symbol}
        onClose={() => setSwitching(false)}
        onPick={(s) => {
          setSwitching(false);
          choose(s);
        }}
      />
    </Page>
  );
}
