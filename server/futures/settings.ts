/**
 * Futures settings per pair (`GET /lever/deal`), in code: every listed pair is tradable —
 * crypto, stocks, forex and metals — with its category's defaults and a few per-pair overrides.
 * A contract (one lot) is worth roughly 50–2,500 USDT at the catalogue's prices.
 */
import { LOT_RULES, type FuturesSettings } from '../../domain/futures/types';
import type { MarketCategory, MarketPair } from '../../domain/market/types';

type Defaults = Omit<FuturesSettings, 'match_id' | 'symbol' | 'price_decimals'>;

const COMMON = {
  fee_rate: '0.001',
  overnight_rate: '0.0002',
  ...LOT_RULES,
  liquidation_risk: '50',
} as const;

export const CATEGORY_DEFAULTS: Record<MarketCategory, Defaults> = {
  crypto: { ...COMMON, contract_size: '1', spread: '0.0005', multiples: [5, 10, 20, 50, 100] },
  stock: { ...COMMON, contract_size: '1', spread: '0.0003', multiples: [2, 5, 10] },
  forex: { ...COMMON, contract_size: '1000', spread: '0.0002', multiples: [10, 50, 100, 200] },
  metal: { ...COMMON, contract_size: '1', spread: '0.0003', multiples: [10, 20, 50, 100] },
};

/** Contract sizes (base units per lot) that differ from the category's, by base currency. */
const CONTRACT_SIZES: Record<string, string> = {
  BTC: '0.01',
  ETH: '0.1',
  XRP: '100',
  ADA: '100',
  DOGE: '1000',
  DOT: '10',
  LINK: '10',
  TRX: '1000',
  POL: '100',
  ETC: '10',
  XLM: '1000',
  ATOM: '10',
  UNI: '10',
  FIL: '10',
  NEAR: '10',
  APT: '10',
  SHIB: '10000000',
  TON: '10',
  XAG: '10',
};

/** The futures settings of `pair`. */
export function futuresSettings(pair: MarketPair): FuturesSettings {
  const defaults = CATEGORY_DEFAULTS[pair.category];
  return {
    match_id: pair.id,
    symbol: pair.symbol,
    price_decimals: pair.price_decimals,
    ...defaults,
    multiples: [...defaults.multiples],
    contract_size: CONTRACT_SIZES[pair.base] ?? defaults.contract_size,
  };
}
