import { memo } from 'react';
import { useSnapshot } from 'valtio';
import { marketState } from '../state/market';
import styles from './TickerRow.module.css';

/**
 * One market row. It reads only `tickers[symbol]`, so it re-renders when that ticker changes
 * and never because another one did.
 */
export const TickerRow = memo(function TickerRow({ symbol, onOpen }: { symbol: string; onOpen?: (symbol: string) => void }) {
  const tickers = useSnapshot(marketState.tickers);
  const t = tickers[symbol];
  if (!t) return null;
  return (
    <button type="button" className={styles.row} onClick={() => onOpen?.(symbol)} data-symbol={symbol}>
      <span className={styles.pair}>
        <span className={styles.symbol}>
          <b>{t.base}</b>
          <span className={styles.quote}>/{t.quote}</span>
        </span>
        <span className={`${styles.sub} num`}>{t.turnoverText}</span>
      </span>
      <span className={styles.price}>
        <span className={`${styles.last} num ${t.tone}`} data-testid="price">
          {t.priceText}
        </span>
        <span className={`${styles.sub} num`}>{t.fiatText}</span>
      </span>
      <span className={`${styles.change} num ${styles[t.tone]}`}>{t.changeText}</span>
    </button>
  );
});
