import { memo, useState } from 'react';
import { marketState, useTicker } from '../state/market';
import { StarButton } from './StarButton';
import styles from './TickerRow.module.css';
import { useTickerFocus } from './useTickerFocus';

/**
 * One market row. It reads only `tickers[symbol]`, so it re-renders when that ticker changes
 * and never because another one did. A price change flashes the price cell green or red: the
 * cell is keyed on the ticker's `moveSeq`, so each change restarts a CSS animation (of its
 * background, in three steps) and nothing else renders. The row is a fixed, contained box and
 * each ticking cell a fixed size (TickerRow.module.css), so a tick lays out no more than its row. A row mounted (scrolled into view) after a change does not flash for it; key
 * the row by symbol so a row never inherits another symbol's count. With `star`, the pair's
 * watchlist star sits before the row, outside its button.
 */
export const TickerRow = memo(function TickerRow({
  symbol,
  onOpen,
  star,
}: {
  symbol: string;
  onOpen?: (symbol: string) => void;
  star?: boolean;
}) {
  useTickerFocus(symbol);
  const t = useTicker(symbol);
  const [mountedAt] = useState(() => marketState.tickers[symbol]?.moveSeq ?? 0);
  if (!t) return null;
  const flash = t.moveSeq !== mountedAt && t.move !== 'none' ? t.move : undefined;
  const row = (
    <button type="button" className={`${styles.row} ${star ? styles.starred : ''}`} onClick={() => onOpen?.(symbol)} data-symbol={symbol}>
      <span className={styles.pair}>
        <span className={styles.symbol}>
          <b>{t.base}</b>
          <span className={styles.quote}>/{t.quote}</span>
        </span>
        <span className={`${styles.sub} num`}>{t.turnoverText}</span>
      </span>
      <span className={styles.price}>
        <span className={`${styles.last} num ${t.tone}`}>
          <span
            key={t.moveSeq}
            className={`${styles.tick} ${flash ? styles[flash === 'up' ? 'flashUp' : 'flashDown'] : ''}`}
            data-testid="price"
            data-flash={flash}
          >
            {t.priceText}
          </span>
        </span>
        <span className={`${styles.sub} num`}>{t.fiatText}</span>
      </span>
      <span className={`${styles.change} num ${styles[t.tone]}`}>{t.changeText}</span>
    </button>
  );
  if (!star) return row;
  return (
    <div className={styles.withStar}>
      <StarButton symbol={symbol} matchId={t.id} />
      {row}
    </div>
  );
});
