import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { marketState } from '../../state/market';
import styles from './MarketCards.module.css';

const FEATURED = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'];

/** The three headline pairs, live. */
export function MarketCards() {
  const tickers = useSnapshot(marketState.tickers);
  const navigate = useNavigate();
  return (
    <div className={styles.cards}>
      {FEATURED.map((symbol) => {
        const t = tickers[symbol];
        return (
          <button key={symbol} type="button" className={styles.card} onClick={() => navigate('/pages/market/market')} data-symbol={symbol}>
            <span className={styles.symbol}>{symbol}</span>
            <span className={`${styles.price} num ${t?.tone ?? ''}`}>{t?.priceText ?? '--'}</span>
            <span className={`${styles.change} num ${t?.tone ?? ''}`}>{t?.changeText ?? '--'}</span>
          </button>
        );
      })}
    </div>
  );
}
