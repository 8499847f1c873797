import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDecimalString } from '../../domain/decimal';
import { calculatePeriodStart, KLINE_PERIODS } from '../../domain/market/periods';
import type { Kline, Ticker } from '../../domain/market/types';
import { Decimal } from '../../domain/decimal';
import { buildApp } from '../../server/app';
import { ManualClock } from '../../server/clock';
import { startServer, type TestServer } from './harness';
import { TEST_APP_OPTIONS } from './options';

const get = { method: 'GET' as const };

describe('market data over HTTP', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(() => s.close());

  it('lists at least 20 crypto pairs in USDT, 10 stocks, forex and metals, with ids and categories', async () => {
    const res = await s.call('/currency/quotation_new', {}, get);
    expect(res.body.type).toBe('ok');
    const tickers = res.body.message as Ticker[];
    const by = (c: string) => tickers.filter((t) => t.category === c);
    expect(by('crypto').filter((t) => t.quote === 'USDT').length).toBeGreaterThanOrEqual(20);
    expect(by('stock').length).toBeGreaterThanOrEqual(10);
    expect(by('forex').length).toBeGreaterThanOrEqual(2);
    expect(by('metal').length).toBeGreaterThanOrEqual(1);
    for (const symbol of ['BTC/USDT', 'ETH/USDT', 'LTC/USDT']) expect(tickers.map((t) => t.symbol)).toContain(symbol);
    expect(new Set(tickers.map((t) => t.id)).size).toBe(tickers.length);
    for (const t of tickers) {
      for (const field of ['price', 'open', 'high', 'low', 'volume', 'turnover'] as const)
        expect(isDecimalString(t[field]), `${t.symbol} ${field}`).toBe(true);
      expect(t.change).toMatch(/^-?\d+\.\d{2}$/);
      expect(Number(t.low)).toBeLessThanOrEqual(Number(t.price));
      expect(Number(t.high)).toBeGreaterThanOrEqual(Number(t.price));
      expect(t.price.split('.')[1]?.length ?? 0).toBe(t.price_decimals);
    }
  });

  it('moves prices when the market ticks', async () => {
    const before = (await s.call('/currency/quotation_new', {}, get)).body.message as Ticker[];
    for (let i = 0; i < 20; i++) {
      clock.advance(250);
      s.app.market.tick();
    }
    const after = (await s.call('/currency/quotation_new', {}, get)).body.message as Ticker[];
    const changed = after.filter((t, i) => t.price !== before[i]!.price);
    expect(changed.length).toBeGreaterThan(10);
  });

  it.each(KLINE_PERIODS)('answers %s klines oldest first, aligned to the period, with consistent prices', async (period) => {
    const res = await s.call('/currency/new_timeshar', { symbol: 'BTC/USDT', period }, get);
    expect(res.body.type).toBe('ok');
    const bars = res.body.message as Kline[];
    expect(bars.length).toBeGreaterThan(0);
    for (const [i, b] of bars.entries()) {
      expect(b.t).toBe(calculatePeriodStart(period, b.t));
      if (i > 0) expect(b.t).toBeGreaterThan(bars[i - 1]!.t);
      expect(Number(b.low)).toBeLessThanOrEqual(Math.min(Number(b.open), Number(b.close)));
      expect(Number(b.high)).toBeGreaterThanOrEqual(Math.max(Number(b.open), Number(b.close)));
      expect(isDecimalString(b.volume)).toBe(true);
    }
  });

  it('takes from and to in seconds or milliseconds alike', async () => {
    // A whole second, so both forms name the same instant (the clock starts at any millisecond: a
    // `from` in the first second of a bar took that bar in seconds and not in milliseconds).
    const now = Math.floor(clock.now() / 1000) * 1000;
    const ms = await s.call(
      '/currency/new_timeshar',
      { symbol: 'ETH/USDT', period: '5min', from: String(now - 3600_000), to: String(now) },
      get,
    );
    const sec = await s.call(
      '/currency/new_timeshar',
      { symbol: 'ETH/USDT', period: '5min', from: String(Math.floor((now - 3600_000) / 1000)), to: String(Math.floor(now / 1000)) },
      get,
    );
    const a = ms.body.message as Kline[];
    const b = sec.body.message as Kline[];
    expect(a.length).toBeGreaterThanOrEqual(11);
    expect(b.map((k) => k.t)).toEqual(a.map((k) => k.t));
    expect(a.every((k) => k.t >= now - 3600_000 - 300_000 && k.t <= now)).toBe(true);
  });

  it('keeps stored periods consistent: each closed 5min bar is the sum of its minutes', async () => {
    const rows = await s.db.query<{ t: number; volume: string; agg: string; n: number }>(
      `SELECT f.t, f.volume::text AS volume, SUM(m.volume)::text AS agg, COUNT(*)::int AS n
       FROM klines f JOIN klines m ON m.pair_id = f.pair_id AND m.period = '1min' AND m.t >= f.t AND m.t < f.t + 300000
       WHERE f.pair_id = 1 AND f.period = '5min'
       GROUP BY f.t, f.volume HAVING COUNT(*) = 5 ORDER BY f.t DESC LIMIT 50`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(Number(r.agg)).toBeCloseTo(Number(r.volume), 8);
  });

  it('answers a minute that closed before the next write from memory (the audit reads it at once)', async () => {
    // A fresh minute, opened in memory only, then closed by the next minute's tick.
    // Trades are placed with tradeAt: a random tick may not trade BTC at all.
    clock.advance(calculatePeriodStart('1min', clock.now()) + 60_010 - clock.now());
    const traded = s.app.market.ticker('BTC/USDT')!.price;
    s.app.market.tradeAt('BTC/USDT', traded);
    const minute = calculatePeriodStart('1min', clock.now());
    clock.advance(60_000);
    s.app.market.tradeAt('BTC/USDT', traded);
    const stored = await s.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM klines WHERE pair_id = 1 AND period = '1min' AND t = $1`,
      [minute],
    );
    expect(stored[0]!.n).toBe(0);
    const [bar] = await s.app.market.klines('BTC/USDT', '1min', minute, minute);
    expect(bar?.t).toBe(minute);
    expect(Number(bar!.low)).toBeLessThanOrEqual(Number(traded));
    expect(Number(bar!.high)).toBeGreaterThanOrEqual(Number(traded));
  });

  it.each([
    [{ symbol: 'NOPE/USDT', period: '1min' }, 'Unknown trading pair'],
    [{ symbol: 'BTC/USDT', period: '2min' }, 'Unknown chart period'],
    [{ symbol: 'BTC/USDT', period: '1min', from: '2000000000000', to: '1000000000000' }, 'The start time must be before the end time'],
    [{ symbol: 'BTC/USDT', period: '1min', from: '-5' }, 'Invalid input'],
    [{ period: '1min' }, 'Please choose a trading pair'],
  ])('refuses %o', async (params, message) => {
    const res = await s.call('/currency/new_timeshar', params, get);
    expect(res.body).toEqual({ type: 'error', code: 0, message });
  });

  it('describes currencies and pairs, with the spec colours and deposit-coin ids', async () => {
    const res = await s.call('/currency/list', {}, get);
    const { currencies, pairs } = res.body.message as {
      currencies: { id: number; name: string; color: string | null }[];
      pairs: unknown[];
    };
    const byName = Object.fromEntries(currencies.map((c) => [c.name, c]));
    expect(byName.BTC).toMatchObject({ id: 1, color: 'F2994A' });
    expect(byName.ETH).toMatchObject({ id: 2, color: '8DA0E0' });
    expect(byName.USDT).toMatchObject({ id: 3, color: '26A17B' });
    expect(byName.LTC).toMatchObject({ color: '9EA3CA' });
    expect(pairs.length).toBeGreaterThanOrEqual(35);
  });

  it('continues from the stored price after a restart', async () => {
    for (let i = 0; i < 8; i++) {
      clock.advance(250);
      s.app.market.tick();
    }
    const last = s.app.market.ticker('BTC/USDT')!;
    await s.app.market.stop();
    const stored = await s.db.query<{ close: string }>(
      `SELECT close::text AS close FROM klines WHERE pair_id = 1 AND period = '1min' ORDER BY t DESC LIMIT 1`,
    );
    expect(stored[0]!.close).toBe(last.price);
  });

  it('after a downtime, a restart’s 24 h figures are the stored minutes’ (those it generated for the downtime and those before)', async () => {
    const DAY = 86_400_000;
    await s.app.market.stop();
    await s.app.close();
    // Six hours down (a day of minutes, part read, part generated), then two days (all generated).
    for (const downtime of [6 * 3_600_000, 2 * DAY]) {
      clock.advance(downtime);
      const app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
      try {
        const now = clock.now();
        for (const t of app.market.tickers()) {
          const rows = await s.db.query<{ open: string; high: string; low: string; volume: string; turnover: string }>(
            `SELECT open::text, high::text, low::text, volume::text, turnover::text FROM klines
             WHERE pair_id = $1 AND period = '1min' AND t >= $2 AND t < $3 ORDER BY t`,
            [t.id, now - DAY, calculatePeriodStart('1min', now)],
          );
          expect(rows.length, t.symbol).toBeGreaterThan(1_000);
          const sum = (k: 'volume' | 'turnover') => rows.reduce((a, r) => a.plus(r[k]), new Decimal(0));
          const high = Decimal.max(t.price, ...rows.map((r) => r.high));
          const low = Decimal.min(t.price, ...rows.map((r) => r.low));
          expect(
            [t.open, t.high, t.low, t.volume, t.turnover].map((v) => new Decimal(v).toFixed()),
            t.symbol,
          ).toEqual([new Decimal(rows[0]!.open), high, low, sum('volume'), sum('turnover')].map((v) => v.toFixed()));
        }
      } finally {
        await app.close();
      }
    }
  });
});
