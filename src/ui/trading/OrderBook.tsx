import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_GROUPS, DEPTH_LEVELS } from '../../../domain/market/types';
import { marketState } from '../../state/market';
import { useSelect, useThrottledSelect } from '../../state/select';
import { getWorker } from '../../worker-client';
import type { BookView } from '../../../worker/market/orderBook';
import type { TradeView } from '../../../worker/market/tape';
import styles from './OrderBook.module.css';

type Side = 'bid' | 'ask';

/** The tape and the depth chart change at most this often (a glance, not a ticker). */
const GLANCE_MS = 250;

const depthOf = (symbol: string) => (d: typeof marketState.depth) => d[symbol] as BookView | undefined;

/**
 * One row, subscribed to its own row of the book: it re-renders only when its row's texts or
 * shading change (the state keeps an unchanged row's object), never for the rest of the book.
 */
const BookRow = memo(function BookRow({
  symbol,
  side,
  index,
  coin,
  onPick,
}: {
  symbol: string;
  side: Side;
  index: number;
  /** The base coin the size is counted in. */
  coin: string;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation();
  const row = useSelect(marketState.depth, (d) => d[symbol]?.[side === 'bid' ? 'bids' : 'asks'][index]);
  if (!row) return <div className={styles.row} />;
  // A scale, not a width: the bar changes with no layout of the row.
  const shade = { transform: `scaleX(${row.ratio})` };
  return (
    <button
      type="button"
      className={`${styles.row} ${styles[side]}`}
      onClick={() => onPick(row.price)}
      data-price={row.price}
      data-testid={`book-${side}`}
    >
      {/* Read as "Bid: price 70,138.00, size 0.24394 BTC", not as two bare figures run together. */}
      <span className="sr-only">
        {t(side === 'bid' ? 'trade.book.bidRow' : 'trade.book.askRow', { price: row.priceText, size: row.qtyText, coin })}
      </span>
      <span className={styles.shade} style={shade} aria-hidden="true" />
      {side === 'bid' ? (
        <>
          <span className={`${styles.qty} num`} aria-hidden="true">
            {row.qtyText}
          </span>
          <span className={`${styles.price} num`} aria-hidden="true">
            {row.priceText}
          </span>
        </>
      ) : (
        <>
          <span className={`${styles.price} num`} aria-hidden="true">
            {row.priceText}
          </span>
          <span className={`${styles.qty} num`} aria-hidden="true">
            {row.qtyText}
          </span>
        </>
      )}
    </button>
  );
});

/** The spread, which moves with nearly every snapshot: its own component, so nothing else re-renders for it. */
function Spread({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const spread = useSelect(marketState.depth, (d) => d[symbol]?.spreadText);
  if (!spread) return null;
  return (
    <span className={styles.spread}>
      {t('trade.book.spread')} <b className="num">{spread}</b>
    </span>
  );
}

const ROWS = Array.from({ length: DEPTH_LEVELS }, (_, i) => i);

/**
 * The order book, bids beside asks (best at the top of each column), 20 rows a side (24 px each, axe's smallest touch target) with
 * cumulative-size shading, grouped in the worker. Tapping a row hands its price to `onPick`.
 * Each row subscribes to its own row, so a snapshot re-renders only the rows that changed.
 */
export function OrderBook({
  symbol,
  base,
  quote,
  onPick,
}: {
  symbol: string;
  base: string;
  quote: string;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation();
  const group = useSelect(marketState.depth, (d) => d[symbol]?.group ?? 1);
  const groupTexts = useSelect(marketState.depth, (d) => d[symbol]?.groupTexts);
  return (
    <div className={styles.book} data-testid="order-book">
      <div className={styles.groups} role="radiogroup" aria-label={t('trade.book.group')}>
        <span className={styles.groupLabel}>{t('trade.book.group')}</span>
        {BOOK_GROUPS.map((g, i) => (
          <button
            key={g}
            type="button"
            role="radio"
            aria-checked={g === group}
            className={`${styles.group} ${g === group ? styles.groupOn : ''} num`}
            onClick={() => void getWorker().market.setBookGrouping(symbol, g)}
            data-testid={`group-${g}`}
          >
            {groupTexts?.[i] ?? `×${g}`}
          </button>
        ))}
        <Spread symbol={symbol} />
      </div>
      <div className={styles.head}>
        <span>{t('trade.book.bid', { coin: base })}</span>
        <span className={styles.center}>{t('trade.book.price', { coin: quote })}</span>
        <span className={styles.right}>{t('trade.book.ask', { coin: base })}</span>
      </div>
      <div className={styles.columns} data-group={group}>
        <div className={styles.side}>
          {ROWS.map((i) => (
            <BookRow key={i} symbol={symbol} side="bid" index={i} coin={base} onPick={onPick} />
          ))}
        </div>
        <div className={styles.side}>
          {ROWS.map((i) => (
            <BookRow key={i} symbol={symbol} side="ask" index={i} coin={base} onPick={onPick} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Reads the colours the depth chart draws with from the theme's custom properties. */
function themeColors(el: Element) {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    up: v('--up', '#16c784'),
    upSoft: v('--up-soft', 'rgba(22,199,132,.15)'),
    down: v('--down', '#ea3943'),
    downSoft: v('--down-soft', 'rgba(234,57,67,.15)'),
  };
}

/**
 * The depth chart: cumulative size by price, bids left in green, asks right in red (from the
 * worker's ratios), drawn on a canvas at most every GLANCE_MS; nothing else on the page is
 * touched by a redraw.
 */
export function DepthChart({ symbol }: { symbol: string }) {
  const book = useThrottledSelect(marketState.depth, depthOf(symbol), GLANCE_MS, symbol);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);

  // The canvas's size is read on mount and when it resizes, never per draw.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.contentRect;
      if (box) setSize((s) => (s && s.w === box.width && s.h === box.height ? s : { w: box.width, h: box.height }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [book !== undefined]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const el = canvas.current;
    if (!el || !book || !size) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(size.w * dpr);
    const h = Math.round(size.h * dpr);
    if (el.width !== w) el.width = w;
    if (el.height !== h) el.height = h;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    const colors = themeColors(el);
    ctx.clearRect(0, 0, w, h);
    const n = DEPTH_LEVELS;
    const x = (u: number) => (u / 100) * w;
    const y = (ratio: number) => h - ratio * 0.95 * h;
    const area = (points: [number, number][], from: number, to: number, fill: string, stroke: string) => {
      ctx.beginPath();
      ctx.moveTo(x(from), h);
      for (const [px, py] of points) ctx.lineTo(x(px), py);
      ctx.lineTo(x(to), h);
      ctx.closePath();
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.beginPath();
      points.forEach(([px, py], i) => (i ? ctx.lineTo(x(px), py) : ctx.moveTo(x(px), py)));
      ctx.lineWidth = Math.max(1, dpr);
      ctx.strokeStyle = stroke;
      ctx.stroke();
    };
    const bids = [...book.bids].reverse().map((r, i): [number, number] => [(i / n) * 50, y(r.ratio)]);
    const asks = book.asks.map((r, i): [number, number] => [50 + ((i + 1) / n) * 50, y(r.ratio)]);
    area(bids, 0, 50, colors.upSoft, colors.up);
    area(asks, 50, 100, colors.downSoft, colors.down);
  }, [book, size]);

  if (!book) return <div className={styles.depth} />;
  return (
    <div className={styles.depth} data-testid="depth-chart">
      <canvas ref={canvas} className={styles.depthCanvas} aria-hidden="true" />
      <div className={styles.depthAxis}>
        <span className="num">{book.bids.at(-1)?.priceText}</span>
        <span className="num">{book.bids[0]?.priceText}</span>
        <span className="num">{book.asks.at(-1)?.priceText}</span>
      </div>
    </div>
  );
}

/** One trade of the tape; a printed trade never changes, so it renders once. */
const TapeRow = memo(function TapeRow({ trade }: { trade: TradeView }) {
  return (
    <div className={styles.tapeRow}>
      <span className="num">{trade.timeText}</span>
      <span className={`${styles.right} num ${trade.side === 'buy' ? 'up' : 'down'}`}>{trade.priceText}</span>
      <span className={`${styles.right} num`}>{trade.qtyText}</span>
    </div>
  );
});

const NO_TRADES: readonly TradeView[] = [];

/** The trade tape: the latest trades, price coloured by the taker's side, refreshed at most every GLANCE_MS. */
export function TradeTape({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const { t } = useTranslation();
  const list = useThrottledSelect(marketState.trades, (tr) => tr[symbol] ?? NO_TRADES, GLANCE_MS, symbol);
  return (
    <div className={styles.tape} data-testid="trade-tape">
      <div className={styles.tapeHead}>
        <span>{t('trade.tape.time')}</span>
        <span className={styles.right}>{t('trade.book.price', { coin: quote })}</span>
        <span className={styles.right}>{t('trade.tape.qty', { coin: base })}</span>
      </div>
      {list.map((tr) => (
        <TapeRow key={tr.id} trade={tr} />
      ))}
    </div>
  );
}
