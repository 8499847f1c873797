/** The market search ("bitcoin", "apple" and "gold" found no pair). */
import { describe, expect, it } from 'vitest';
import { ASSET_NAMES, pairMatches, searchPairs } from '../../domain/market/search';
import { PAIRS } from '../../server/market/catalogue';

const SYMBOLS = PAIRS.map((p) => `${p.base}/${p.quote}`);
const find = (query: string) => SYMBOLS.filter((s) => pairMatches(s, query));

describe('pair search', () => {
  it('finds a pair by the name of its asset, in any case', () => {
    expect(find('bitcoin')).toEqual(['BTC/USDT', 'BCH/USDT']);
    expect(find('Apple')).toEqual(['AAPL/USD']);
    expect(find('gold')).toEqual(['XAU/USD']);
    expect(find('tesla')).toEqual(['TSLA/USD']);
  });

  it('finds a pair by its symbol with or without the slash and spaces', () => {
    expect(find('btcusdt')).toEqual(['BTC/USDT']);
    expect(find('BTC/USDT')).toEqual(['BTC/USDT']);
    expect(find(' eth / usdt ')).toEqual(['ETH/USDT']);
    expect(find('jpy')).toEqual(['USD/JPY']);
  });

  it('lists matches by symbol before matches by name', () => {
    expect(searchPairs(SYMBOLS, 'eth')).toEqual(['ETH/USDT', 'ETC/USDT']);
    expect(searchPairs(SYMBOLS, 'btc')).toEqual(['BTC/USDT']);
  });

  it('answers nothing for an empty query', () => {
    expect(find('')).toEqual([]);
    expect(find('   ')).toEqual([]);
  });

  it('names every listed base asset', () => {
    expect(PAIRS.filter((p) => !ASSET_NAMES[p.base]).map((p) => p.base)).toEqual([]);
  });
});
