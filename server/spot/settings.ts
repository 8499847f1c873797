/**
 * Spot settings per pair (`GET /coin/deal`, docs/SPOT.md "Settings"), in code. Every crypto pair
 * of the catalogue trades spot (both currencies are coins the coin account holds); stocks, forex
 * and metals do not. The limits follow from the pair's decimals:
 * - fee 0.1 % of what a fill gives (the currency received);
 * - least amount: one unit of the pair's quantity decimals;
 * - most amount: 10^(price decimals + 2) base (BTC 10,000; XRP 1,000,000; SHIB 10^10), so that a
 *   cheap coin (more price decimals) allows more units — a few hundred thousand USDT and up;
 * - least order value: 1 quote unit (1 USDT);
 * - price band: a limit price within `PRICE_BANDS[category]` (crypto 20 %) either side of the
 *   recorded last price (domain/market/priceBand.ts).
 */
import { PRICE_BANDS } from '../../domain/market/priceBand';
import type { MarketPair } from '../../domain/market/types';
import type { Currency } from '../../domain/market/types';
import type { SpotSettings } from '../../domain/spot/types';

export const SPOT_FEE_RATE = '0.001';
export const SPOT_MIN_TOTAL = '1';

/** Whether a pair trades spot. */
export function isSpotPair(pair: MarketPair): boolean {
  return pair.category === 'crypto';
}

/** The spot settings of `pair` (its currencies give the ledger decimals). */
export function spotSettings(pair: MarketPair, currencies: readonly Currency[]): SpotSettings {
  const decimals = (id: number) => currencies.find((c) => c.id === id)?.decimals ?? 8;
  const qtyDecimals = Math.min(pair.qty_decimals, decimals(pair.currency_id));
  return {
    match_id: pair.id,
    symbol: pair.symbol,
    base: pair.base,
    quote: pair.quote,
    currency_id: pair.currency_id,
    legal_id: pair.legal_id,
    price_decimals: pair.price_decimals,
    qty_decimals: qtyDecimals,
    base_decimals: decimals(pair.currency_id),
    quote_decimals: decimals(pair.legal_id),
    fee_rate: SPOT_FEE_RATE,
    min_amount: qtyDecimals > 0 ? `0.${'0'.repeat(qtyDecimals - 1)}1` : '1',
    max_amount: `1${'0'.repeat(pair.price_decimals + 2)}`,
    min_total: SPOT_MIN_TOTAL,
    price_band: PRICE_BANDS[pair.category],
  };
}
