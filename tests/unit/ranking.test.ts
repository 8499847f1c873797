import { describe, expect, it } from 'vitest';
import { compareTickers, nextSort, orderSymbols, rankTickers } from '../../domain/market/ranking';
import type { Ticker } from '../../domain/market/types';
import { createWorkerState } from '../../worker/state';

const ticker = (id: number, symbol: string, price: string, change: string, turnover: string): Ticker => ({
  id,
  symbol,
  base: symbol.split('/')[0]!,
  quote: symbol.split('/')[1]!,
  currency_id: id,
  legal_id: 3,
  category: 'crypto',
  price_decimals: 8,
  qty_decimals: 4,
  price,
  open: price,
  high: price,
  low: price,
  change,
  volume: '1',
  turnover,
  ts: 1,
});

// Values a float comparison or a string comparison would order wrongly.
const BTC = ticker(1, 'BTC/USDT', '67250.10', '-1.25', '3000000000.5');
const ETH = ticker(2, 'ETH/USDT', '9999.99', '12.50', '30000000000.25');
const SHIB = ticker(3, 'SHIB/USDT', '0.00002480', '2.00', '999.9');
const ADA = ticker(4, 'ADA/USDT', '0.45300000000000000001', '-10.00', '999.90000000000000000001');
const ADA_EUR = ticker(5, 'ADA/EUR', '0.45300000000000000001', '-10.00', '12');
const ALL = [BTC, ETH, SHIB, ADA, ADA_EUR];

describe('market sort comparators', () => {
  it('compare decimal strings by value, not as text or floats', () => {
    expect(compareTickers('price', BTC, ETH)).toBeGreaterThan(0); // '67250.10' > '9999.99', though '6' < '9'
    expect(compareTickers('change', ADA, BTC)).toBeLessThan(0); // -10 < -1.25, though '-1' < '-10' as text
    // 21 significant digits: equal as floats, different as decimals.
    expect(compareTickers('turnover', SHIB, ADA)).toBeLessThan(0);
    expect(compareTickers('turnover', ADA, SHIB)).toBeGreaterThan(0);
  });

  it('break ties by catalogue order, and order names by base then quote', () => {
    expect(compareTickers('price', ADA, ADA_EUR)).toBeLessThan(0);
    expect(compareTickers('price', ADA_EUR, ADA)).toBeGreaterThan(0);
    expect(compareTickers('name', ADA_EUR, ADA)).toBeLessThan(0); // EUR < USDT
    expect(compareTickers('price', BTC, BTC)).toBe(0);
  });

  it('rank every column ascending', () => {
    expect(rankTickers(ALL, 'name')).toEqual(['ADA/EUR', 'ADA/USDT', 'BTC/USDT', 'ETH/USDT', 'SHIB/USDT']);
    expect(rankTickers(ALL, 'price')).toEqual(['SHIB/USDT', 'ADA/USDT', 'ADA/EUR', 'ETH/USDT', 'BTC/USDT']);
    expect(rankTickers(ALL, 'change')).toEqual(['ADA/USDT', 'ADA/EUR', 'BTC/USDT', 'SHIB/USDT', 'ETH/USDT']);
    expect(rankTickers(ALL, 'turnover')).toEqual(['ADA/EUR', 'SHIB/USDT', 'ADA/USDT', 'BTC/USDT', 'ETH/USDT']);
  });

  it('order a category by a ranking both ways; unranked symbols go last in their own order', () => {
    const ranking = rankTickers(ALL, 'change');
    expect(orderSymbols(['BTC/USDT', 'ETH/USDT', 'ADA/USDT'], ranking, 'asc')).toEqual(['ADA/USDT', 'BTC/USDT', 'ETH/USDT']);
    expect(orderSymbols(['BTC/USDT', 'ETH/USDT', 'ADA/USDT'], ranking, 'desc')).toEqual(['ETH/USDT', 'BTC/USDT', 'ADA/USDT']);
    expect(orderSymbols(['NEW/USDT', 'BTC/USDT', 'OLD/USDT', 'ETH/USDT'], ranking, 'desc')).toEqual([
      'ETH/USDT',
      'BTC/USDT',
      'NEW/USDT',
      'OLD/USDT',
    ]);
  });

  it('cycle a header: numbers high to low first, names A to Z first, a third tap clears', () => {
    expect(nextSort(null, 'change')).toEqual({ key: 'change', direction: 'desc' });
    expect(nextSort({ key: 'change', direction: 'desc' }, 'change')).toEqual({ key: 'change', direction: 'asc' });
    expect(nextSort({ key: 'change', direction: 'asc' }, 'change')).toBeNull();
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ key: 'name', direction: 'desc' }, 'price')).toEqual({ key: 'price', direction: 'desc' });
  });
});

describe('worker market slice: rankings and price moves', () => {
  it('sends rankings with the movers, at most once a second and only those that changed', () => {
    const state = createWorkerState();
    state.market.applySnapshot({ topic: 'quotes', kind: 'quotes', seq: 1, data: [BTC, ETH] });
    const first = state.take(0);
    expect(first.rankings).toEqual({
      name: ['BTC/USDT', 'ETH/USDT'],
      price: ['ETH/USDT', 'BTC/USDT'],
      change: ['BTC/USDT', 'ETH/USDT'],
      turnover: ['BTC/USDT', 'ETH/USDT'],
    });
    // ETH's price overtakes BTC's: within the second nothing is re-ranked (no reshuffle per tick).
    state.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 2, data: [{ ...ETH, price: '70000.00' }] });
    expect(state.take(500).rankings).toBeUndefined();
    state.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 3, data: [{ ...ETH, price: '70000.01' }] });
    expect(state.take(1_000).rankings).toEqual({ price: ['BTC/USDT', 'ETH/USDT'] });
  });

  it('marks each price change with its direction and a count; other changes keep both', () => {
    const state = createWorkerState();
    // The view the UI holds: the first whole, then each snapshot's changed fields merged in.
    let held = {};
    const btc = (at: number) => (held = { ...held, ...state.take(at).tickers!['BTC/USDT'] });
    state.market.applySnapshot({ topic: 'quotes', kind: 'quotes', seq: 1, data: [BTC] });
    expect(btc(0)).toMatchObject({ move: 'none', moveSeq: 0 });
    state.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 2, data: [{ ...BTC, price: '67250.2' }] });
    expect(btc(10)).toMatchObject({ move: 'up', moveSeq: 1 });
    // Same value written differently, and a turnover change: no new move.
    state.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 3, data: [{ ...BTC, price: '67250.20', turnover: '1' }] });
    expect(btc(20)).toMatchObject({ move: 'up', moveSeq: 1 });
    state.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 4, data: [{ ...BTC, price: '9999.99' }] });
    expect(btc(30)).toMatchObject({ move: 'down', moveSeq: 2 });
    // A display-currency change rebuilds the view without a move.
    state.market.setFiat({ currency_code: 'CNY', rate: '7.1', saveTime: 0 });
    expect(btc(40)).toMatchObject({ move: 'down', moveSeq: 2 });
  });
});
