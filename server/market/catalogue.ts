import type { MarketCategory } from '../../domain/market/types';

/** A currency of the catalogue. Ids 1–3 are fixed by the spec's deposit coins (BTC 1, ETH 2, USDT 3). */
export interface CurrencyDef {
  id: number;
  name: string;
  decimals: number;
  color: string | null;
  isLegal: boolean;
}

/** A listed pair and the parameters of its simulated market. */
export interface PairDef {
  id: number;
  base: string;
  quote: string;
  category: MarketCategory;
  priceDecimals: number;
  qtyDecimals: number;
  /** Price the simulation starts from on a fresh database. */
  startPrice: string;
  /** Annualised volatility of the random walk (a simulation parameter, not money). */
  volatility: number;
  /** Chance that the pair trades in a given tick. */
  activity: number;
  /** Typical trade size, in the base currency. */
  tradeSize: string;
  /** Distance between depth levels, in ticks of the price. */
  depthStepTicks: number;
}

const colors: Record<string, string> = { BTC: 'F2994A', USDT: '26A17B', LTC: '9EA3CA', ETH: '8DA0E0' };

const coin = (id: number, name: string, decimals = 8): CurrencyDef => ({ id, name, decimals, color: colors[name] ?? null, isLegal: false });
const legal = (id: number, name: string, decimals: number): CurrencyDef => ({
  id,
  name,
  decimals,
  color: colors[name] ?? null,
  isLegal: true,
});

export const CURRENCIES: CurrencyDef[] = [
  coin(1, 'BTC'),
  coin(2, 'ETH'),
  legal(3, 'USDT', 6),
  coin(4, 'LTC'),
  coin(5, 'BNB'),
  coin(6, 'SOL'),
  coin(7, 'XRP', 6),
  coin(8, 'ADA', 6),
  coin(9, 'DOGE', 8),
  coin(10, 'DOT'),
  coin(11, 'AVAX'),
  coin(12, 'LINK'),
  coin(13, 'TRX', 6),
  coin(14, 'POL', 6),
  coin(15, 'BCH'),
  coin(16, 'ETC'),
  coin(17, 'XLM', 6),
  coin(18, 'ATOM', 6),
  coin(19, 'UNI'),
  coin(20, 'FIL'),
  coin(21, 'NEAR'),
  coin(22, 'APT'),
  coin(23, 'SHIB', 2),
  coin(24, 'TON'),
  coin(25, 'AAPL', 4),
  coin(26, 'MSFT', 4),
  coin(27, 'NVDA', 4),
  coin(28, 'TSLA', 4),
  coin(29, 'AMZN', 4),
  coin(30, 'GOOGL', 4),
  coin(31, 'META', 4),
  coin(32, 'NFLX', 4),
  coin(33, 'AMD', 4),
  coin(34, 'JPM', 4),
  legal(35, 'USD', 2),
  legal(36, 'EUR', 2),
  legal(37, 'GBP', 2),
  legal(38, 'JPY', 0),
  legal(39, 'AUD', 2),
  coin(40, 'XAU', 4),
  coin(41, 'XAG', 4),
];

type PairSpec = [
  base: string,
  quote: string,
  category: MarketCategory,
  priceDecimals: number,
  qtyDecimals: number,
  startPrice: string,
  volatility: number,
  activity: number,
  tradeSize: string,
  depthStepTicks: number,
];

const SPECS: PairSpec[] = [
  ['BTC', 'USDT', 'crypto', 2, 5, '67250.00', 0.55, 0.95, '0.05', 50],
  ['ETH', 'USDT', 'crypto', 2, 4, '3480.00', 0.65, 0.9, '0.8', 5],
  ['LTC', 'USDT', 'crypto', 2, 3, '84.50', 0.7, 0.6, '6', 1],
  ['BNB', 'USDT', 'crypto', 2, 3, '598.00', 0.55, 0.6, '1.5', 5],
  ['SOL', 'USDT', 'crypto', 2, 3, '162.40', 0.8, 0.8, '8', 1],
  ['XRP', 'USDT', 'crypto', 4, 1, '0.6120', 0.75, 0.7, '1500', 1],
  ['ADA', 'USDT', 'crypto', 4, 1, '0.4530', 0.75, 0.6, '2000', 1],
  ['DOGE', 'USDT', 'crypto', 5, 0, '0.16240', 0.9, 0.75, '6000', 1],
  ['DOT', 'USDT', 'crypto', 3, 2, '7.215', 0.75, 0.5, '120', 1],
  ['AVAX', 'USDT', 'crypto', 2, 2, '35.20', 0.8, 0.5, '25', 1],
  ['LINK', 'USDT', 'crypto', 3, 2, '17.340', 0.75, 0.55, '50', 2],
  ['TRX', 'USDT', 'crypto', 5, 0, '0.12150', 0.5, 0.45, '8000', 1],
  ['POL', 'USDT', 'crypto', 4, 1, '0.7020', 0.85, 0.45, '1200', 1],
  ['BCH', 'USDT', 'crypto', 2, 3, '452.00', 0.7, 0.45, '2', 5],
  ['ETC', 'USDT', 'crypto', 2, 2, '26.80', 0.75, 0.4, '30', 1],
  ['XLM', 'USDT', 'crypto', 5, 0, '0.11020', 0.7, 0.4, '9000', 1],
  ['ATOM', 'USDT', 'crypto', 3, 2, '8.950', 0.75, 0.4, '90', 1],
  ['UNI', 'USDT', 'crypto', 3, 2, '8.120', 0.85, 0.4, '100', 1],
  ['FIL', 'USDT', 'crypto', 3, 2, '5.980', 0.85, 0.35, '150', 1],
  ['NEAR', 'USDT', 'crypto', 3, 2, '6.140', 0.9, 0.45, '150', 1],
  ['APT', 'USDT', 'crypto', 3, 2, '9.050', 0.9, 0.4, '100', 1],
  ['SHIB', 'USDT', 'crypto', 8, 0, '0.00002480', 1.0, 0.6, '40000000', 1],
  ['TON', 'USDT', 'crypto', 3, 2, '6.870', 0.8, 0.45, '140', 1],
  ['AAPL', 'USD', 'stock', 2, 2, '189.80', 0.25, 0.5, '40', 1],
  ['MSFT', 'USD', 'stock', 2, 2, '421.30', 0.25, 0.45, '20', 1],
  ['NVDA', 'USD', 'stock', 2, 2, '121.60', 0.5, 0.6, '60', 1],
  ['TSLA', 'USD', 'stock', 2, 2, '248.20', 0.55, 0.55, '30', 1],
  ['AMZN', 'USD', 'stock', 2, 2, '184.70', 0.3, 0.45, '40', 1],
  ['GOOGL', 'USD', 'stock', 2, 2, '171.10', 0.3, 0.45, '40', 1],
  ['META', 'USD', 'stock', 2, 2, '498.50', 0.35, 0.45, '15', 1],
  ['NFLX', 'USD', 'stock', 2, 2, '648.90', 0.35, 0.35, '10', 1],
  ['AMD', 'USD', 'stock', 2, 2, '158.40', 0.5, 0.45, '50', 1],
  ['JPM', 'USD', 'stock', 2, 2, '199.60', 0.22, 0.35, '30', 1],
  ['EUR', 'USD', 'forex', 5, 0, '1.08520', 0.07, 0.7, '25000', 1],
  ['GBP', 'USD', 'forex', 5, 0, '1.27140', 0.08, 0.6, '20000', 1],
  ['USD', 'JPY', 'forex', 3, 0, '151.240', 0.09, 0.6, '20000', 1],
  ['AUD', 'USD', 'forex', 5, 0, '0.66080', 0.1, 0.5, '20000', 1],
  ['XAU', 'USD', 'metal', 2, 2, '2345.60', 0.15, 0.6, '3', 5],
  ['XAG', 'USD', 'metal', 3, 1, '28.450', 0.25, 0.45, '150', 5],
];

/** The listed pairs; `id` is the `match_id` of the API and never changes for a symbol. */
export const PAIRS: PairDef[] = SPECS.map(
  ([base, quote, category, priceDecimals, qtyDecimals, startPrice, volatility, activity, tradeSize, depthStepTicks], i) => ({
    id: i + 1,
    base,
    quote,
    category,
    priceDecimals,
    qtyDecimals,
    startPrice,
    volatility,
    activity,
    tradeSize,
    depthStepTicks,
  }),
);
