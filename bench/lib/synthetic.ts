/** The synthetic pairs the Node benches (ingest, bridge) feed the worker's real modules. */
import type { Ticker } from '../../domain/market/types';

/** A price held as whole cents, written as the wire's decimal string (`12345` → `"123.45"`). */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

/** A synthetic USDT pair's ticker at `cents`, 10.00 down on the day; volume and turnover drawn from `rand`. */
export function syntheticTicker(id: number, symbol: string, cents: number, rand: () => number, ts: number): Ticker {
  return {
    id,
    symbol,
    base: symbol.slice(0, 5),
    quote: 'USDT',
    currency_id: 1,
    legal_id: 3,
    category: 'crypto',
    price_decimals: 2,
    qty_decimals: 4,
    price: centsText(cents),
    open: centsText(cents + 1000),
    high: centsText(cents + 5000),
    low: centsText(cents - 5000),
    change: (-1000 / (cents + 1000)).toFixed(2),
    volume: (rand() * 1000).toFixed(4),
    turnover: (rand() * 1e6).toFixed(2),
    ts,
  };
}
