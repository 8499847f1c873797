/**
 * The pair's candlestick chart (lightweight-charts v5), lazy-loaded by the pair screen so the
 * market list never pays for it. History comes from `/currency/new_timeshar`; older bars load
 * when the user scrolls to the left edge; the live bar arrives from the worker through
 * `onKlines` and is applied with `series.update()` — the chart is created once per pair and
 * period, never per tick. MA(5/10/30) are computed with decimal.js (domain/market/movingAverage).
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
import { useFormat } from '../../../ui/useFormat';
import { useTopics } from '../../../ui/useTopics';
import styles from './KlineChart.module.css';

/** The most often a live bar is drawn. */
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
const sameBar = (a: Kline, b: Kline) =>
  a.t === b.t && a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;

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
  const [legend, setLegend] = useState<Kline | null>(null);
  /** What the chart holds (for tests and screen readers): bar count and first bar's time. */
  const [held, setHeld] = useState({ count: 0, first: 0 });
  const topic = topics.kline(symbol, period);
  useTopics([topic]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let disposed = false;
    let loadingOlder = false;
    let exhausted = false;
    /** Every bar shown, oldest first; the last may be the live one. */
    let data: Kline[] = [];
    const chart: IChartApi = createChart(el, {
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
    const s: Series = {
      show: () => undefined,
      candles: chart.addSeries(CandlestickSeries, {
        upColor: UP,
        downColor: DOWN,
        wickUpColor: UP,
        wickDownColor: DOWN,
        borderVisible: false,
        priceFormat,
        visible: mode === 'candles',
      }),
      line: chart.addSeries(LineSeries, { color: '#3b82f6', lineWidth: 2, priceFormat, visible: mode === 'line' }),
      ma: MA_PERIODS.map((_, i) =>
        chart.addSeries(LineSeries, {
          color: MA_COLORS[i],
          lineWidth: 1,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
          priceFormat,
        }),
      ),
      volume: chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 1),
    };
    // The ma lines and the line mode must not carry their own price lines: only the main series marks the last price.
    s.line.applyOptions({ priceLineVisible: mode === 'line' });
    chart.panes()[0]?.setStretchFactor(3);
    chart.panes()[1]?.setStretchFactor(1);
    series.current = s;

    const candle = (k: Kline) => ({
      time: toTime(k.t),
      open: Number(k.open),
      high: Number(k.high),
      low: Number(k.low),
      close: Number(k.close),
    });
    const point = (k: Kline) => ({ time: toTime(k.t), value: Number(k.close) });
    /** The series shown; the other one is hidden and skips live updates until shown again. */
    let shown: ChartMode = mode;
    const stale = { candles: false, line: false };
    s.show = (next) => {
      shown = next;
      if (next === 'candles' && stale.candles) s.candles.setData(data.map(candle));
      if (next === 'line' && stale.line) s.line.setData(data.map(point));
      stale[next] = false;
      s.candles.applyOptions({ visible: next === 'candles' });
      s.line.applyOptions({ visible: next === 'line', priceLineVisible: next === 'line' });
    };

    const volumeBar = (k: Kline) => ({
      time: toTime(k.t),
      value: Number(k.volume),
      color: Number(k.close) >= Number(k.open) ? `${UP}80` : `${DOWN}80`,
    });
    const setAll = () => {
      const closes = data.map((k) => k.close);
      s.candles.setData(data.map(candle));
      s.line.setData(data.map(point));
      stale.candles = stale.line = false;
      s.volume.setData(data.map(volumeBar));
      MA_PERIODS.forEach((n, i) => {
        const ma = movingAverage(closes, n, priceDecimals);
        s.ma[i]!.setData(data.map((k, j) => (ma[j] === null ? { time: toTime(k.t) } : { time: toTime(k.t), value: Number(ma[j]) })));
      });
      setHeld({ count: data.length, first: data[0]?.t ?? 0 });
      setLegend(data.at(-1) ?? null);
    };

    /**
     * One live bar: updates the last bar or appends a new one, never re-sets the data. Only the
     * series whose values moved are updated (each update re-reckons its pane's scale), and the
     * hidden one of candles and line is left until shown.
     */
    const update = (k: Kline) => {
      const last = data.at(-1);
      if (last && k.t < last.t) return;
      const same = last && k.t === last.t ? last : null;
      if (same) data[data.length - 1] = k;
      else data.push(k);
      const time = toTime(k.t);
      const moved = !same || same.open !== k.open || same.high !== k.high || same.low !== k.low || same.close !== k.close;
      if (moved) {
        if (shown === 'candles') s.candles.update(candle(k));
        else stale.candles = true;
        if (shown === 'line') s.line.update(point(k));
        else stale.line = true;
      }
      if (!same || same.volume !== k.volume || moved) s.volume.update(volumeBar(k));
      if (same && same.close === k.close) return;
      const closes = data.slice(-Math.max(...MA_PERIODS)).map((b) => b.close);
      MA_PERIODS.forEach((n, i) => {
        const v = lastAverage(closes, n, priceDecimals);
        s.ma[i]!.update(v === null ? { time } : { time, value: Number(v) });
      });
    };

    const loadOlder = async () => {
      if (loadingOlder || exhausted || !data.length) return;
      loadingOlder = true;
      try {
        const older = (await fetchBars(symbol, period, data[0]!.t - 1)).filter((k) => k.t < data[0]!.t);
        if (disposed) return;
        if (!older.length) exhausted = true;
        else {
          const range = chart.timeScale().getVisibleLogicalRange();
          data = [...older, ...data];
          setAll();
          // Keep the same bars in view: the new ones are added off-screen to the left.
          if (range) chart.timeScale().setVisibleLogicalRange({ from: range.from + older.length, to: range.to + older.length });
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

    // Live bars that arrive while the history loads are kept and applied after it.
    const pending: Kline[] = [];
    let loaded = false;
    // Live bars are drawn at most every LIVE_DRAW_MS: a candle's last quarter-second is not worth
    // a repaint of the whole canvas per tick on a slow phone (bench/ trade-screen).
    const queued = new Map<number, Kline>();
    let drawTimer: ReturnType<typeof setTimeout> | null = null;
    const draw = () => {
      drawTimer = null;
      if (disposed) return;
      for (const bar of [...queued.values()].sort((x, y) => x.t - y.t)) update(bar);
      queued.clear();
      setLegend((shown) => {
        // A bar the crosshair picked stays; an unchanged live bar keeps its object (no render).
        if (shown && shown.t < (data.at(-2)?.t ?? 0)) return shown;
        const live = data.at(-1) ?? null;
        return shown && live && sameBar(shown, live) ? shown : live;
      });
    };
    const stopLive = onKlines(topic, (change) => {
      if (!loaded) pending.push(...change.bars);
      else {
        for (const bar of change.bars) queued.set(bar.t, bar);
        drawTimer ??= setTimeout(draw, LIVE_DRAW_MS);
      }
    });

    void fetchBars(symbol, period, Date.now())
      .then((history) => {
        if (disposed) return;
        data = history;
        setAll();
        for (const bar of pending) update(bar);
        loaded = true;
        chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
      })
      .catch(() => undefined);
    chart.subscribeCrosshairMove(onCrosshair);

    return () => {
      disposed = true;
      if (drawTimer) clearTimeout(drawTimer);
      stopLive();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeCrosshairMove(onCrosshair);
      series.current = null;
      chart.remove();
    };
    // The chart is rebuilt only for another pair or period; `mode` is applied below without a rebuild.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [symbol, period, priceDecimals, topic, lang]);

  useEffect(() => {
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
    <div className={styles.wrap}>
      <div className={styles.legend} data-testid="chart-legend" data-bars={held.count} data-first={held.first}>
        {legend && (
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
    </div>
  );
}
