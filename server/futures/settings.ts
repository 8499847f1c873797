/**
 * Futures settings per pair (`GET /lever/deal`), in code: every listed pair is tradable —
 * crypto, stocks, forex and metals — with its category's defaults and a few per-pair overrides.
 * A contract (one lot) is worth roughly 50–2,500 USDT at the catalogue's prices.
 */
import { Decimal } from '../../domain/decimal';
import { LOT_RULES, type FuturesSettings, type LeverageBracket } from '../../domain/futures/types';
import { PRICE_BANDS } from '../../domain/market/priceBand';
import type { MarketCategory, MarketPair } from '../../domain/market/types';

type Defaults = Omit<FuturesSettings, 'match_id' | 'symbol' | 'price_decimals'>;

const LIQUIDATION_RISK = '50';

const COMMON = {
  fee_rate: '0.001',
  overnight_rate: '0.0002',
  ...LOT_RULES,
  liquidation_risk: LIQUIDATION_RISK,
  liquidation_fee_rate: '0.005',
  max_position_lots: '5000',
} as const;

/** Brackets from [notional, leverage] tiers; the maintenance rate follows from the liquidation threshold. */
function brackets(tiers: [string, number][]): LeverageBracket[] {
  return tiers.map(([max_notional, max_multiple]) => ({
    max_notional,
    max_multiple,
    maintenance_rate: new Decimal(LIQUIDATION_RISK).div(100).div(max_multiple).toFixed(),
  }));
}

export const CATEGORY_DEFAULTS: Record<MarketCategory, Defaults> = {
  crypto: {
    ...COMMON,
    contract_size: '1',
    spread: '0.0005',
    multiples: [5, 10, 20, 50, 100],
    price_band: PRICE_BANDS.crypto,
    brackets: brackets([
      ['50000', 100],
      ['250000', 50],
      ['1000000', 20],
      ['5000000', 10],
      ['20000000', 5],
    ]),
  },
  stock: {
    ...COMMON,
    contract_size: '1',
    spread: '0.0003',
    multiples: [2, 5, 10],
    price_band: PRICE_BANDS.stock,
    brackets: brackets([
      ['100000', 10],
      ['500000', 5],
      ['2000000', 2],
    ]),
  },
  forex: {
    ...COMMON,
    contract_size: '1000',
    spread: '0.0002',
    multiples: [10, 50, 100, 200],
    price_band: PRICE_BANDS.forex,
    brackets: brackets([
      ['100000', 200],
      ['500000', 100],
      ['2000000', 50],
      ['10000000', 10],
    ]),
  },
  metal: {
    ...COMMON,
    contract_size: '1',
    spread: '0.0003',
    multiples: [10, 20, 50, 100],
    price_band: PRICE_BANDS.metal,
    brackets: brackets([
      ['100000', 100],
      ['500000', 50],
      ['2000000', 20],
      ['10000000', 10],
    ]),
  },
};

/**
 * The platform's net exposure cap per pair (USDT at the mark) unless the operator set one
 * (`futures_limits`, `npm run ops -- exposure-cap`): |Σ long − Σ short| of open and entrusted
 * positions may not pass it through a new order.
 */
export const DEFAULT_MAX_NET_EXPOSURE: Record<MarketCategory, string> = {
  crypto: '20000000',
  stock: '5000000',
  forex: '10000000',
  metal: '10000000',
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
    brackets: defaults.brackets.map((b) => ({ ...b })),
    contract_size: CONTRACT_SIZES[pair.base] ?? defaults.contract_size,
  };
}

/**
 * The net exposure cap in force on `pair`: the operator's (`futures_limits`) when set, else its
 * category's default (0 for a pair the market no longer lists: nothing new may open there).
 */
export function exposureCapOf(pair: MarketPair | undefined, operatorCap: string | null): { cap: Decimal; source: 'operator' | 'default' } {
  if (operatorCap !== null) return { cap: new Decimal(operatorCap), source: 'operator' };
  return { cap: new Decimal(pair ? DEFAULT_MAX_NET_EXPOSURE[pair.category] : 0), source: 'default' };
}
