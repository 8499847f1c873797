import type { MarketPair } from '../../../domain/market/types';

/** PLACEHOLDER so the fmarket branch compiles: fui owns positions and orders (issue 9 item 4) and replaces this file at merge. */
export function PositionsPanel({ pair }: { pair: MarketPair }) {
  return <div data-testid="positions-panel" data-symbol={pair.symbol} />;
}
