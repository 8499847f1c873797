import { memo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { contractPath } from '../../paths';
import { marketState, useTicker } from '../../state/market';
import styles from './MarketCards.module.css';
import { useTickerFocus } from '../../ui/useTickerFocus';

const FEATURED = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'];

/** One headline pair: reads only its own ticker, and flashes its price on each price change (as a market row does). */
const MarketCard = memo(function MarketCard({ symbol, onOpen }: { symbol: string; onOpen: (symbol: string) => void }) {
  useTickerFocus(symbol);
  const t = useTicker(symbol);
  const [mountedAt] = useState(() => marketState.tickers[symbol]?.moveSeq ?? 0);
  const flash = t && t.moveSeq !== mountedAt && t.move !== 'none' ? t.move : undefined;
  return (
    <button type="button" className={styles.card} onClick={() => onOpen(symbol)} data-symbol={symbol}>
      <span className={styles.symbol}>{symbol}</span>
      <span
        key={t?.moveSeq}
        className={`${styles.price} num ${t?.tone ?? ''} ${flash ? styles[flash === 'up' ? 'flashUp' : 'flashDown'] : ''}`}
        data-flash={flash}
      >
        {t?.priceText ?? '--'}
      </span>
      <span className={`${styles.change} num ${t?.tone ?? ''}`}>{t?.changeText ?? '--'}</span>
    </button>
  );
});

/** The three headline pairs, live. */
export function MarketCards() {
  const navigate = useNavigate();
  const open = (symbol: string) => void navigate(contractPath(symbol));
  return (
    <div className={styles.cards}>
      {FEATURED.map((symbol) => (
        <MarketCard key={symbol} symbol={symbol} onOpen={open} />
      ))}
    </div>
  );
}
