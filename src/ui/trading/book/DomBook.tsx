/**
 * The compact book as DOM rows, for browsers that cannot hand a canvas to the worker: the same
 * layout as the drawn one (`bookLayout.ts`), each row a button that picks its price, each row
 * subscribed to its own row of the book so a snapshot re-renders only the rows that changed.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_MID_PX, BOOK_ROW_PX } from '../../../../domain/market/bookLayout';
import { marketState } from '../../../state/market';
import { useSelect } from '../../../state/select';
import styles from './CompactBook.module.css';

type Side = 'bid' | 'ask';

const DomRow = memo(function DomRow({
  symbol,
  side,
  index,
  coin,
  onPick,
}: {
  symbol: string;
  side: Side;
  index: number;
  coin: string;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation();
  const row = useSelect(marketState.depth, (d) => d[symbol]?.[side === 'bid' ? 'bids' : 'asks'][index]);
  if (!row) return <div className={styles.row} style={{ height: BOOK_ROW_PX }} />;
  return (
    <button
      type="button"
      className={`${styles.row} ${styles[side]}`}
      style={{ height: BOOK_ROW_PX }}
      onClick={() => onPick(row.price)}
      data-price={row.price}
      data-testid={`book-${side}`}
    >
      <span className="sr-only">
        {t(side === 'bid' ? 'trade.book.bidRow' : 'trade.book.askRow', { price: row.priceText, size: row.qtyText, coin })}
      </span>
      <span className={styles.shade} style={{ transform: `scaleX(${row.ratio})` }} aria-hidden="true" />
      <span className={`${styles.price} num`} aria-hidden="true">
        {row.priceText}
      </span>
      <span className={`${styles.qty} num`} aria-hidden="true">
        {row.qtyText}
      </span>
    </button>
  );
});

/** The last price between the two sides. */
function Mid({ symbol }: { symbol: string }) {
  const tk = useSelect(marketState.tickers, (all) => all[symbol]);
  return (
    <div className={styles.mid} style={{ height: BOOK_MID_PX }}>
      <span className={`${styles.midPrice} num ${tk?.tone ?? ''}`}>{tk?.priceText ?? '--'}</span>
      <span className={`${styles.midFiat} num`}>{tk?.fiatText}</span>
    </div>
  );
}

export function DomBook({ symbol, coin, rows, onPick }: { symbol: string; coin: string; rows: number; onPick: (price: string) => void }) {
  const indexes = Array.from({ length: rows }, (_, i) => i);
  return (
    <div className={styles.dom} data-testid="book-dom">
      {[...indexes].reverse().map((i) => (
        <DomRow key={`a${i}`} symbol={symbol} side="ask" index={i} coin={coin} onPick={onPick} />
      ))}
      <Mid symbol={symbol} />
      {indexes.map((i) => (
        <DomRow key={`b${i}`} symbol={symbol} side="bid" index={i} coin={coin} onPick={onPick} />
      ))}
    </div>
  );
}
