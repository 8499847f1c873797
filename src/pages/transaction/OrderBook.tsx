import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { BOOK_GROUPS, DEPTH_LEVELS } from '../../../domain/market/types';
import { marketState } from '../../state/market';
import { getWorker } from '../../worker-client';
import type { BookRowView } from '../../worker-client';
import styles from './OrderBook.module.css';

type Side = 'bid' | 'ask';

/** One row; re-renders only when its own texts change (the worker sends fresh objects every snapshot). */
const BookRow = memo(
  function BookRow({ row, side, onPick }: { row: BookRowView | undefined; side: Side; onPick: (price: string) => void }) {
    if (!row) return <div className={styles.row} />;
    // A scale, not a width: the bar moves on the compositor, with no layout of the row.
    const shade = { transform: `scaleX(${Math.round(row.ratio * 1000) / 1000})` };
    return (
      <button
        type="button"
        className={`${styles.row} ${styles[side]}`}
        onClick={() => onPick(row.price)}
        data-price={row.price}
        data-testid={`book-${side}`}
      >
        <span className={styles.shade} style={shade} aria-hidden="true" />
        {side === 'bid' ? (
          <>
            <span className={`${styles.qty} num`}>{row.qtyText}</span>
            <span className={`${styles.price} num`}>{row.priceText}</span>
          </>
        ) : (
          <>
            <span className={`${styles.price} num`}>{row.priceText}</span>
            <span className={`${styles.qty} num`}>{row.qtyText}</span>
          </>
        )}
      </button>
    );
  },
  (a, b) =>
    a.side === b.side &&
    a.onPick === b.onPick &&
    a.row?.priceText === b.row?.priceText &&
    a.row?.qtyText === b.row?.qtyText &&
    a.row?.ratio === b.row?.ratio,
);

const ROWS = Array.from({ length: DEPTH_LEVELS }, (_, i) => i);

/**
 * The order book, bids beside asks (best at the top of each column), 20 rows a side with
 * cumulative-size shading, grouped in the worker. Tapping a row hands its price to `onPick`.
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
  const depth = useSnapshot(marketState.depth);
  const book = depth[symbol];
  const group = book?.group ?? 1;
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
            {book?.groupTexts[i] ?? `×${g}`}
          </button>
        ))}
        {book?.spreadText && (
          <span className={styles.spread}>
            {t('trade.book.spread')} <b className="num">{book.spreadText}</b>
          </span>
        )}
      </div>
      <div className={styles.head}>
        <span>{t('trade.book.bid', { coin: base })}</span>
        <span className={styles.center}>{t('trade.book.price', { coin: quote })}</span>
        <span className={styles.right}>{t('trade.book.ask', { coin: base })}</span>
      </div>
      <div className={styles.columns} data-group={group}>
        <div className={styles.side}>
          {ROWS.map((i) => (
            <BookRow key={i} row={book?.bids[i]} side="bid" onPick={onPick} />
          ))}
        </div>
        <div className={styles.side}>
          {ROWS.map((i) => (
            <BookRow key={i} row={book?.asks[i]} side="ask" onPick={onPick} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The depth chart: cumulative size by price, bids left in green, asks right in red (from the worker's ratios). */
export function DepthChart({ symbol }: { symbol: string }) {
  const depth = useSnapshot(marketState.depth);
  const book = depth[symbol];
  if (!book) return <div className={styles.depth} />;
  const n = DEPTH_LEVELS;
  const bidPts = [...book.bids].reverse().map((r, i) => `${(i / n) * 50},${100 - r.ratio * 95}`);
  const askPts = book.asks.map((r, i) => `${50 + ((i + 1) / n) * 50},${100 - r.ratio * 95}`);
  return (
    <div className={styles.depth} data-testid="depth-chart">
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" className={styles.depthSvg} aria-hidden="true">
        <polygon
          points={`0,100 ${bidPts.join(' ')} 50,100`}
          fill="var(--up-soft)"
          stroke="var(--up)"
          strokeWidth="0.6"
          vectorEffect="non-scaling-stroke"
        />
        <polygon
          points={`50,100 ${askPts.join(' ')} 100,100`}
          fill="var(--down-soft)"
          stroke="var(--down)"
          strokeWidth="0.6"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className={styles.depthAxis}>
        <span className="num">{book.bids.at(-1)?.priceText}</span>
        <span className="num">{book.bids[0]?.priceText}</span>
        <span className="num">{book.asks.at(-1)?.priceText}</span>
      </div>
    </div>
  );
}

/** The trade tape: the latest trades, price coloured by the taker's side. */
export function TradeTape({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const { t } = useTranslation();
  const trades = useSnapshot(marketState.trades);
  const list = trades[symbol] ?? [];
  return (
    <div className={styles.tape} data-testid="trade-tape">
      <div className={styles.tapeHead}>
        <span>{t('trade.tape.time')}</span>
        <span className={styles.right}>{t('trade.book.price', { coin: quote })}</span>
        <span className={styles.right}>{t('trade.tape.qty', { coin: base })}</span>
      </div>
      {list.map((tr) => (
        <div key={tr.id} className={styles.tapeRow}>
          <span className="num">{tr.timeText}</span>
          <span className={`${styles.right} num ${tr.side === 'buy' ? 'up' : 'down'}`}>{tr.priceText}</span>
          <span className={`${styles.right} num`}>{tr.qtyText}</span>
        </div>
      ))}
    </div>
  );
}
