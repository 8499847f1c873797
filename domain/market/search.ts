/**
 * Finding a pair by what a user types (the market search page): the symbol with or without its
 * slash ("btcusdt", "BTC/USDT", "btc"), or the name of its base asset in English ("bitcoin",
 * "apple", "gold"), as an exchange's search box does. Names are brand or commodity names that
 * read the same in every interface language's search habits; the symbol stays the key.
 */

/** The name of each listed base asset (server/market/catalogue.ts lists the codes). */
export const ASSET_NAMES: Readonly<Record<string, string>> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  LTC: 'Litecoin',
  BNB: 'BNB',
  SOL: 'Solana',
  XRP: 'XRP Ripple',
  ADA: 'Cardano',
  DOGE: 'Dogecoin',
  DOT: 'Polkadot',
  AVAX: 'Avalanche',
  LINK: 'Chainlink',
  TRX: 'TRON',
  POL: 'Polygon',
  BCH: 'Bitcoin Cash',
  ETC: 'Ethereum Classic',
  XLM: 'Stellar',
  ATOM: 'Cosmos',
  UNI: 'Uniswap',
  FIL: 'Filecoin',
  NEAR: 'NEAR Protocol',
  APT: 'Aptos',
  SHIB: 'Shiba Inu',
  TON: 'Toncoin',
  AAPL: 'Apple',
  MSFT: 'Microsoft',
  NVDA: 'NVIDIA',
  TSLA: 'Tesla',
  AMZN: 'Amazon',
  GOOGL: 'Alphabet Google',
  META: 'Meta Platforms Facebook',
  NFLX: 'Netflix',
  AMD: 'AMD Advanced Micro Devices',
  JPM: 'JPMorgan Chase',
  EUR: 'Euro',
  GBP: 'British Pound Sterling',
  USD: 'US Dollar',
  AUD: 'Australian Dollar',
  XAU: 'Gold',
  XAG: 'Silver',
};

/** Upper case without spaces or slashes: "btc / usdt" and "BTCUSDT" read alike. */
const squash = (text: string) => text.toUpperCase().replace(/[\s/]+/g, '');

/** How `symbol` ("BTC/USDT") answers the typed `query`: 0 by its symbol, 1 by its asset's name, null not at all (nor for an empty query). */
export function pairMatch(symbol: string, query: string): 0 | 1 | null {
  const q = squash(query);
  if (!q) return null;
  if (squash(symbol).includes(q)) return 0;
  const name = ASSET_NAMES[symbol.split('/')[0] ?? ''];
  return name !== undefined && squash(name).includes(q) ? 1 : null;
}

/** Whether `symbol` answers `query` at all. */
export function pairMatches(symbol: string, query: string): boolean {
  return pairMatch(symbol, query) !== null;
}

/** The pairs of `symbols` that answer `query`: those matched by symbol first, then by name, each in the given order. */
export function searchPairs(symbols: readonly string[], query: string): string[] {
  const ranked = symbols.map((s) => [s, pairMatch(s, query)] as const).filter(([, rank]) => rank !== null);
  return [...ranked.filter(([, r]) => r === 0), ...ranked.filter(([, r]) => r === 1)].map(([s]) => s);
}
