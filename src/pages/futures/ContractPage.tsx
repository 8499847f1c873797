/**
 * The pair's trading screen, laid out as the leading mobile futures apps do: the header with the
 * pair (tap to switch), price and 24 h stats; a panel for the chart, depth and tape, closed by
 * default; the order form beside a compact order book, so Long/Short is above the fold; then the
 * positions and orders. The book, depth and tape are drawn by the worker (`book/`). A tapped book
 * price goes to the order form. When the feed is stale or resyncing, a banner says so and the
 * live numbers are dimmed.
 */
import { ChevronDown, ChevronUp } from 'lucide-react';
import { lazy, startTransition, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { KLINE_PERIODS, type KlinePeriod } from '../../../domain/market/periods';
import type { MarketPair } from '../../../domain/market/types';
import { topics } from '../../../domain/protocol';
import { useTicker } from '../../state/market';
import { readStored, STORAGE_KEYS, writeStored } from '../../state/storage';
import { FeedBanner } from '../../ui/FeedBanner';
import { FeedStatusBadge } from '../../ui/FeedStatusBadge';
import { NavBar } from '../../ui/NavBar';
import { Page } from '../../ui/Page';
import { StarButton } from '../../ui/StarButton';
import { AlertBell } from '../../ui/alerts/AlertBell';
import { Tabs } from '../../ui/Tabs';
import { useFeedStatus } from '../../ui/useFeedStatus';
import { useTopics } from '../../ui/useTopics';
import type { ChartMode } from '../../ui/trading/chart/KlineChart';
import { CompactBook } from '../../ui/trading/book/CompactBook';
import { MarketDepth, MarketTape } from '../../ui/trading/book/MarketCanvases';
import { OrderForm } from './OrderForm';
import { PairSheet } from '../../ui/trading/PairSheet';
import { PositionsPanel } from './PositionsPanel';
import styles from '../../ui/trading/ContractPage.module.css';
import { PairMissing } from '../../ui/trading/PairMissing';
import { PriceSource, PriceStaleNotice } from '../../ui/trading/PriceSource';
import { usePair } from '../../ui/trading/usePair';
import { useTickerFocus } from '../../ui/useTickerFocus';
import { Term } from '../../ui/Term';

const KlineChart = lazy(() => import('../../ui/trading/chart/KlineChart'));

type SummaryLabels = Record<'high' | 'volume' | 'low' | 'turnover', string>;

/** The pair's price and 24 h stats: the only part of the header that follows the ticker. */
function Summary({ pair, doubtful }: { pair: MarketPair; doubtful: boolean }) {
  const { t } = useTranslation();
  // Written once per language, and the translation hook runs only then: the figures below
  // re-render on every tick of the pair, this part does not.
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
  return <SummaryFigures pair={pair} doubtful={doubtful} labels={labels} />;
}

function SummaryFigures({ pair, doubtful, labels }: { pair: MarketPair; doubtful: boolean; labels: SummaryLabels }) {
  const tk = useTicker(pair.symbol);
  return (
    <>
      <section className={`${styles.summary} ${doubtful ? styles.dim : ''}`} data-testid="pair-summary">
        {/* Each ticking box sits in a plain block: a grid item is never a relayout boundary. */}
        <div className={styles.slot}>
          <div className={styles.priceBlock}>
            <span className={`${styles.lastPrice} num ${tk?.tone ?? ''}`} data-testid="last-price">
              {tk?.priceText ?? '--'}
            </span>
            <span className={`${styles.subline} num`}>
              <span>{tk?.fiatText}</span>
              <span className={tk?.tone}>{tk?.changeText}</span>
              <PriceSource ticker={tk} />
            </span>
          </div>
        </div>
        <div className={styles.slot}>
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
        </div>
      </section>
      <PriceStaleNotice ticker={tk} />
    </>
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

type PanelTab = 'chart' | 'depth' | 'trades';
/**
 * The panel above the form: the chart, the depth chart or the trade tape, closed by default so the
 * form and the book are above the fold; a trader who opens it finds it open next time.
 */
function MarketPanel({ pair }: { pair: MarketPair }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PanelTab>('chart');
  const [period, setPeriod] = useState<KlinePeriod>('15min');
  const [mode, setMode] = useState<ChartMode>('candles');
  const [open, setOpenState] = useState(() => readStored(STORAGE_KEYS.contractPanel) === 'open');
  const setOpen = (next: boolean) => {
    setOpenState(next);
    writeStored(STORAGE_KEYS.contractPanel, next ? 'open' : 'closed');
  };
  const choose = (next: PanelTab) => {
    setTab(next);
    setOpen(true);
  };
  return (
    <section className={`${styles.panel} live`} data-testid="market-panel" data-open={open}>
      <div className={styles.panelBar}>
        <Tabs
          items={[
            { key: 'chart', label: t('trade.tabs.chart') },
            { key: 'depth', label: t('trade.tabs.depth') },
            { key: 'trades', label: t('trade.tabs.trades') },
          ]}
          value={tab}
          onChange={choose}
        />
        <button
          type="button"
          className={styles.chartTool}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-label={open ? t('trade.chart.hide') : t('trade.chart.show')}
          data-testid="panel-toggle"
        >
          {open ? <ChevronUp size={16} /> : <ChevronDown size={16} />}
        </button>
      </div>
      {open && tab === 'chart' && (
        <>
          <div className={styles.chartBar}>
            <div className={styles.periods} role="tablist" aria-label={t('trade.chart.period')}>
              {KLINE_PERIODS.map((p) => (
                <button
                  key={p}
                  type="button"
                  role="tab"
                  aria-selected={p === period}
                  className={`${styles.period} ${p === period ? styles.periodOn : ''}`}
                  // A period switch rebuilds the chart: never ahead of the tap's own feedback.
                  onClick={() => startTransition(() => setPeriod(p))}
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
          </div>
          <Suspense fallback={<div className={styles.chartFallback} />}>
            <KlineChart
              key={`${pair.symbol}:${period}`}
              symbol={pair.symbol}
              period={period}
              mode={mode}
              priceDecimals={pair.price_decimals}
            />
          </Suspense>
        </>
      )}
      {open && tab === 'depth' && <MarketDepth symbol={pair.symbol} />}
      {open && tab === 'trades' && <MarketTape symbol={pair.symbol} base={pair.base} quote={pair.quote} />}
    </section>
  );
}

export default function ContractPage() {
  const { t } = useTranslation();
  const choice = usePair();
  const { pair, loading, choose } = choice;
  // Home's "Super leverage" shortcut opens BTC/USDT at its highest multiple.
  const superLeverage = useSearchParams()[0].get('lever') === 'super';
  const [switching, setSwitching] = useState(false);
  const [tapped, setTapped] = useState<{ symbol: string; price: string } | null>(null);
  const { status } = useFeedStatus();
  useTopics(useMemo(() => [topics.quotes()], []));
  useTopics(useMemo(() => (pair ? [topics.depth(pair.symbol), topics.trades(pair.symbol)] : []), [pair]));
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
        <PairMissing choice={choice} notListed={t('trade.pair.notFound')} />
      </Page>
    );
  const doubtful = status === 'stale' || status === 'resyncing';
  return (
    <Page
      header={<Header pair={pair} doubtful={doubtful} onSwitch={() => setSwitching(true)} />}
      className={doubtful ? styles.doubtful : undefined}
    >
      <FeedBanner />
      <MarketPanel pair={pair} />
      {/* The trader's layout: the form beside a compact book, Long/Short above the fold. */}
      <div className={styles.trade}>
        <OrderForm key={pair.symbol} pair={pair} price={tapped?.symbol === pair.symbol ? tapped.price : null} highest={superLeverage} />
        <CompactBook symbol={pair.symbol} base={pair.base} quote={pair.quote} onPick={pick} />
      </div>
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
