import type { MarketPair } from '../../../domain/market/types';

/**
 * PLACEHOLDER so the fmarket branch compiles: fui owns the order form (issue 9 item 3) and its
 * version replaces this file at merge. `price` is the price the user tapped in the order book.
 */
export function OrderForm({ pair, price }: { pair: MarketPair; price?: string | null }) {
  return <div data-testid="order-form" data-symbol={pair.symbol} data-price={price ?? ''} />;
}
