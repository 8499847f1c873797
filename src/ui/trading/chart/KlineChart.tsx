/**
 * The pair's candlestick chart (lightweight-charts v5), lazy-loaded by the pair screen so the
 * market list never pays for it. History comes from `/currency/new_timeshar`; older bars load
 * when the user scrolls to the left edge; the live bar arrives from the worker through
 * `onKlines` and is applied with `series.update()` — the chart is created once per pair and
 * period, never per tick. MA(5/10/30) are computed with decimal.js (domain/market/movingAverage).
 *
 * Nothing of it holds up the page's first paint: the box is reserved at its final size with a
 * skeleton, and the chart is set up and its history asked for only once a frame has been painted
 * (`afterPaint`); the history is drawn in pieces with yields between them, so a tap on another
 * period is answered at once. The live bar is drawn at most once per animation frame (and at most
 * every LIVE_DRAW_MS), only the series whose values moved (`planDraws`).
 */
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeDecimal } from '../../../../domain/format';
import { lastAverage, movingAverage, MA_PERIODS } from '../../../../domain/market/movingAverage';
import type { KlinePeriod } from '../../../../domain/market/periods';
import type { Kline } from '../../../../domain/market/types';
import { topics } from '../../../../domain/protocol';
import { call } from '../../../api/request';
import { onKlines } from '../../../state/market';
import { useFormat } from '../../useFormat';
import { useTopics } from '../../useTopics';
import styles from './KlineChart.module.css';
import { coalesce, isUp, planDraws, sameBar, type BarDraw } from './liveBars';
import { afterPaint, frameDraw, yieldToMain } from './schedule';

/**
 * The most often a live bar is drawn (and never twice in one frame): a candle's last
 * quarter-second is not worth a repaint of the whole canvas per tick on a slow phone (bench/
 * trade-screen).
 */
const LIVE_DRAW_MS = 250;
/** Bars asked for per request, first load and each older page. */
const PAGE_BARS = 300;
/** Load older bars when fewer than this many are left of the visible range. */
const EDGE_BARS = 10;
const MA_COLORS = ['#f0b90b', '#d946ef', '#38bdf8'] as const;
/** Indicator names, the same in every language. */
const MA_LABELS = MA_PERIODS.map((n) => `MA${n}`);
const UP = '#16c784';
const DOWN = '#ea3943';

/** Approximate length of a bar, to size a history request (weeks and months are calendar bars). */
const APPROX_MS: Record<KlinePeriod, number> = {
  '1min': 60_000,
  '5min': 300_000,
  '15min': 900_000,
  '30min': 1_800_000,
  '60min': 3_600_000,
  '4hour': 14_400_000,
  '1day': 86_400_000,
  '1week': 7 * 86_400_000,
  '1mon': 31 * 86_400_000,
};

export type ChartMode = 'candles' | 'line';

const toTime = (ms: number) => (ms / 1000) as UTCTimestamp;

interface Series {
  candles: ISeriesApi<'Candlestick'>;
  line: ISeriesApi<'Line'>;
  volume: ISeriesApi<'Histogram'>;
  ma: ISeriesApi<'Line'>[];
  /** Shows `mode`'s series, bringing it up to date first (the hidden one takes no live updates). */
  show: (mode: ChartMode) => void;
}

function fetchBars(symbol: string, period: KlinePeriod, toMs: number): Promise<Kline[]> {
  const from = Math.max(0, toMs - PAGE_BARS * APPROX_MS[period]);
  return call('/currency/new_timeshar', { symbol, period, from: String(from), to: String(toMs) }, { silent: true });
}

export default function KlineChart({
  symbol,
  period,
  mode,
  priceDecimals,
}: {
  symbol: string;
  period: KlinePeriod;
  mode: ChartMode;
  priceDecimals: number;
}) {
  const { t } = useTranslation();
  const { number, lang } = useFormat();
  const box = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  /** The mode asked for, read when the chart is set up (it may change before then). */
  const modeRef = useRef(mode);
  const [legend, setLegend] = useState<Kline | null>(null);
  /** What the chart holds (for tests and screen readers): bar count and first bar's time. */
  const [held, setHeld] = useState({ count: 0, first: 0 });
  /** Which chart (pair, period, decimals, language) has its history drawn; until then the skeleton shows. */
  const build = `${symbol}|${period}|${priceDecimals}|${lang}`;
  const [drawn, setDrawn] = useState<string | null>(null);
  const loading = drawn !== build;
  const topic = topics.kline(symbol, period);
  useTopics([topic]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let disposed = false;
    let chart: IChartApi | null = null;
    let s: Series | null = null;
    /** History drawn: live bars are drawn from now on (before, they wait in `queue`). */
    let ready = false;
    /** A full redraw (history, older bars) is under way, in pieces: live bars wait for it. */
    let busy = false;
    let loadingOlder = false;
    let exhausted = false;
    /** Every bar shown, oldest first; the last may be the live one. */
    let data: Kline[] = [];
    /** The series shown; the other one is hidden and skips updates until shown again. */
    let shown: ChartMode = modeRef.current;
    const stale = { candles: true, line: true };

    const candle = (k: Kline) => ({
      time: toTime(k.t),
      open: Number(k.open),
      high: Number(k.high),
      low: Number(k.low),
      close: Number(k.close),
    });
    const point = (k: Kline) => ({ time: toTime(k.t), value: Number(k.close) });
    const volumeBar = (k: Kline) => ({
      time: toTime(k.t),
      value: Number(k.volume),
      color: isUp(k) ? `${UP}80` : `${DOWN}80`,
    });

    const setUp = (): { chart: IChartApi; s: Series } => {
      const c = createChart(el, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: '#0b0e14' },
          textColor: '#98a2b3',
          fontSize: 10,
          panes: { separatorColor: '#232b37', separatorHoverColor: '#232c3a', enableResize: false },
          attributionLogo: false,
        },
        grid: { vertLines: { color: '#161c26' }, horzLines: { color: '#161c26' } },
        crosshair: { mode: CrosshairMode.Normal },
        rightPriceScale: { borderColor: '#232b37' },
        timeScale: {
          borderColor: '#232b37',
          timeVisible: period !== '1day' && period !== '1week' && period !== '1mon',
          rightOffset: 4,
          tickMarkFormatter: (time: Time) => {
            const d = dayjs(Number(time) * 1000);
            return APPROX_MS[period] >= 86_400_000 ? d.format('MM-DD') : d.format('HH:mm');
          },
        },
        localization: {
          timeFormatter: (time: Time) => dayjs(Number(time) * 1000).format(APPROX_MS[period] >= 86_400_000 ? 'YYYY-MM-DD' : 'MM-DD HH:mm'),
          priceFormatter: (p: number) => localizeDecimal(p.toFixed(priceDecimals), lang),
        },
      });
      const priceFormat = { type: 'price' as const, precision: priceDecimals, minMove: 10 ** -priceDecimals };
      const made: Series = {
        show: (next) => {
          shown = next;
          if (next === 'candles' && stale.candles) made.candles.setData(data.map(candle));
          if (next === 'line' && stale.line) made.line.setData(data.map(point));
          stale[next] = false;
          made.candles.applyOptions({ visible: next === 'candles' });
          made.line.applyOptions({ visible: next === 'line', priceLineVisible: next === 'line' });
        },
        candles: c.addSeries(CandlestickSeries, {
          upColor: UP,
          downColor: DOWN,
          wickUpColor: UP,
          wickDownColor: DOWN,
          borderVisible: false,
          priceFormat,
          visible: shown === 'candles',
        }),
        // The ma lines and the line mode must not carry their own price lines: only the main series marks the last price.
        line: c.addSeries(LineSeries, {
          color: '#3b82f6',
          lineWidth: 2,
          priceFormat,
          visible: shown === 'line',
          priceLineVisible: shown === 'line',
        }),
        ma: MA_PERIODS.map((_, i) =>
          c.addSeries(LineSeries, {
            color: MA_COLORS[i],
            lineWidth: 1,
            priceLineVisible: false,
            lastValueVisible: false,
            crosshairMarkerVisible: false,
            priceFormat,
          }),
        ),
        volume: c.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 1),
      };
      c.panes()[0]?.setStretchFactor(3);
      c.panes()[1]?.setStretchFactor(1);
      return { chart: c, s: made };
    };

    /**
     * Draws `data` whole, in pieces with a yield between them (the shown series and the volume,
     * then each moving average), so no piece is a long task; the hidden one of candles and line
     * is drawn when first shown. `added` bars were put in front: the same bars stay in view.
     * False when the chart was dropped meanwhile.
     */
    const drawAll = async (added = 0): Promise<boolean> => {
      if (!chart || !s) return false;
      busy = true;
      try {
        const range = added ? chart.timeScale().getVisibleLogicalRange() : null;
        if (shown === 'candles') s.candles.setData(data.map(candle));
        else s.line.setData(data.map(point));
        stale.candles = shown !== 'candles';
        stale.line = shown !== 'line';
        s.volume.setData(data.map(volumeBar));
        if (range) chart.timeScale().setVisibleLogicalRange({ from: range.from + added, to: range.to + added });
        const closes = data.map((k) => k.close);
        for (const [i, n] of MA_PERIODS.entries()) {
          await yieldToMain();
          if (disposed) return false;
          const ma = movingAverage(closes, n, priceDecimals);
          s.ma[i]!.setData(data.map((k, j) => (ma[j] === null ? { time: toTime(k.t) } : { time: toTime(k.t), value: Number(ma[j]) })));
        }
        setHeld({ count: data.length, first: data[0]?.t ?? 0 });
        setLegend(data.at(-1) ?? null);
        return true;
      } finally {
        busy = false;
      }
    };

    /**
     * One live bar: updates the last bar or appends a new one, never re-sets the data. Only the
     * series whose values moved are updated (each update re-reckons its pane's scale), and the
     * hidden one of candles and line is left until shown.
     */
    const apply = ({ bar, appended, price, volume, close }: BarDraw) => {
      if (appended) data.push(bar);
      else data[data.length - 1] = bar;
      if (!s) return;
      const time = toTime(bar.t);
      if (price) {
        if (shown === 'candles') s.candles.update(candle(bar));
        else stale.candles = true;
        if (shown === 'line') s.line.update(point(bar));
        else stale.line = true;
      }
      if (volume) s.volume.update(volumeBar(bar));
      if (!close) return;
      const closes = data.slice(-Math.max(...MA_PERIODS)).map((b) => b.close);
      MA_PERIODS.forEach((n, i) => {
        const v = lastAverage(closes, n, priceDecimals);
        s!.ma[i]!.update(v === null ? { time } : { time, value: Number(v) });
      });
    };

    // Bars that arrive before the history is drawn, or between two live draws, wait here (the
    // latest state of each); a frame draws them all with one update per bar that moved.
    const queue = new Map<number, Kline>();
    const live = frameDraw(() => {
      if (disposed || !ready || busy || !queue.size) return;
      const draws = planDraws(data.at(-1), queue.values());
      queue.clear();
      if (!draws.length) return;
      for (const d of draws) apply(d);
      setLegend((current) => {
        // A bar the crosshair picked stays; an unchanged live bar keeps its object (no render).
        if (current && current.t < (data.at(-2)?.t ?? 0)) return current;
        const last = data.at(-1) ?? null;
        return current && last && sameBar(current, last) ? current : last;
      });
    }, LIVE_DRAW_MS);
    const stopLive = onKlines(topic, (change) => {
      coalesce(queue, change.bars);
      if (ready && !busy) live.request();
    });

    const loadOlder = async () => {
      if (loadingOlder || exhausted || !data.length) return;
      loadingOlder = true;
      try {
        const first = data[0]!.t;
        const older = (await fetchBars(symbol, period, first - 1)).filter((k) => k.t < first);
        if (disposed) return;
        if (!older.length) exhausted = true;
        else {
          data = [...older, ...data];
          if (!(await drawAll(older.length))) return;
          if (queue.size) live.request();
        }
      } catch {
        // Shown bars stay; the next scroll to the edge tries again.
      } finally {
        loadingOlder = false;
      }
    };
    const onRange = (range: LogicalRange | null) => {
      if (range && range.from < EDGE_BARS) void loadOlder();
    };
    const onCrosshair = (param: MouseEventParams) => {
      const time = param.time === undefined ? undefined : Number(param.time) * 1000;
      setLegend((time !== undefined && data.find((k) => k.t === time)) || data.at(-1) || null);
    };

    // After the first paint: ask for the history, set the chart up while it comes, draw it after a
    // yield. A chart dropped meanwhile (another period or pair) ignores its answer.
    const start = async () => {
      const history = fetchBars(symbol, period, Date.now()).catch(() => null);
      ({ chart, s } = setUp());
      series.current = s;
      chart.subscribeCrosshairMove(onCrosshair);
      const bars = await history;
      if (disposed) return;
      await yieldToMain();
      if (disposed) return;
      // Without history (the request failed) the chart starts from the live bars.
      data = bars ?? [];
      if (!(await drawAll())) return;
      ready = true;
      setDrawn(build);
      chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
      if (queue.size) live.request();
    };
    const cancelStart = afterPaint(() => void start());

    return () => {
      disposed = true;
      cancelStart();
      live.cancel();
      stopLive();
      series.current = null;
      if (chart) {
        chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
        chart.unsubscribeCrosshairMove(onCrosshair);
        chart.remove();
      }
    };
    // The chart is rebuilt only for another pair, period, decimals or language (`build`); `mode`
    // is applied below without a rebuild.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [build, topic]);

  useEffect(() => {
    modeRef.current = mode;
    series.current?.show(mode);
  }, [mode]);

  const fmt = (v: string) => number(v);
  // The legend re-renders with the live bar (at most every LIVE_DRAW_MS): its labels are written once per language.
  const labels = useMemo(
    () => ({
      open: t('trade.chart.open'),
      high: t('trade.chart.high'),
      low: t('trade.chart.low'),
      close: t('trade.chart.close'),
      volume: t('trade.chart.volume'),
    }),
    [t],
  );
  return (
    <div className={styles.wrap} aria-busy={loading}>
      <div className={styles.legend} data-testid="chart-legend" data-bars={loading ? 0 : held.count} data-first={loading ? 0 : held.first}>
        {legend && !loading && (
          <>
            <span>
              {labels.open} <b className="num">{fmt(legend.open)}</b>
            </span>
            <span>
              {labels.high} <b className="num">{fmt(legend.high)}</b>
            </span>
            <span>
              {labels.low} <b className="num">{fmt(legend.low)}</b>
            </span>
            <span>
              {labels.close} <b className="num">{fmt(legend.close)}</b>
            </span>
            <span>
              {labels.volume} <b className="num">{fmt(legend.volume)}</b>
            </span>
          </>
        )}
        <span className={styles.ma}>
          {MA_PERIODS.map((n, i) => (
            <i key={n} style={{ color: MA_COLORS[i] }}>
              {MA_LABELS[i]}
            </i>
          ))}
        </span>
      </div>
      <div ref={box} className={styles.canvas} data-testid="chart" />
      {/* Over the chart's box, at its size, until its history is drawn: nothing moves when it goes. */}
      {loading && <div className={styles.skeleton} data-testid="chart-skeleton" aria-hidden="true" />}
    </div>
  );
}
