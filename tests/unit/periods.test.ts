import { describe, expect, it } from 'vitest';
import { calculateNextPeriodStart, calculatePeriodStart, KLINE_PERIODS } from '../../domain/market/periods';
import { aggregateBars, openBar, applyTrade, type Bar } from '../../server/market/bars';
import { generateHistory } from '../../server/market/generateHistory';
import { PriceWalk } from '../../server/market/PriceWalk';
import { createRandom } from '../../server/market/random';

const T = Date.UTC(2026, 10, 18, 13, 47, 31, 250); // a Wednesday

describe('kline periods', () => {
  it.each([
    ['1min', Date.UTC(2026, 10, 18, 13, 47)],
    ['5min', Date.UTC(2026, 10, 18, 13, 45)],
    ['15min', Date.UTC(2026, 10, 18, 13, 45)],
    ['30min', Date.UTC(2026, 10, 18, 13, 30)],
    ['60min', Date.UTC(2026, 10, 18, 13)],
    ['4hour', Date.UTC(2026, 10, 18, 12)],
    ['1day', Date.UTC(2026, 10, 18)],
    ['1week', Date.UTC(2026, 10, 16)],
    ['1mon', Date.UTC(2026, 10, 1)],
  ] as const)('%s bars start at the right boundary', (period, start) => {
    expect(calculatePeriodStart(period, T)).toBe(start);
    expect(calculatePeriodStart(period, start)).toBe(start);
    const next = calculateNextPeriodStart(period, start);
    expect(next).toBeGreaterThan(T);
    expect(calculatePeriodStart(period, next - 1)).toBe(start);
  });

  it('weeks start on Monday and months have their own lengths', () => {
    expect(new Date(calculatePeriodStart('1week', Date.UTC(2026, 10, 22))).getUTCDay()).toBe(1);
    expect(calculateNextPeriodStart('1mon', Date.UTC(2026, 1, 1))).toBe(Date.UTC(2026, 2, 1));
    expect(calculateNextPeriodStart('1mon', Date.UTC(2026, 11, 1))).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('bars', () => {
  it('aggregate exactly: open of the first, close of the last, extremes and sums', () => {
    const minutes: Bar[] = [0, 1, 2, 3, 4, 5].map((i) => {
      const bar = openBar(Date.UTC(2026, 0, 1, 0, i), 100 + i);
      applyTrade(bar, 90 + i * 5, 3n);
      return bar;
    });
    const fives = aggregateBars(minutes, '5min');
    expect(fives).toHaveLength(2);
    expect(fives[0]).toMatchObject({ open: 100, close: 110, high: 110, low: 90, volume: 15n });
    expect(fives[0]!.turnover).toBe(3n * (90n + 95n + 100n + 105n + 110n));
    expect(fives[1]).toMatchObject({ t: Date.UTC(2026, 0, 1, 0, 5), open: 105, close: 115 });
  });

  it('generated history agrees across every period', () => {
    const walk = new PriceWalk(6_725_000, 6_725_000, 0.6);
    const to = Date.UTC(2026, 10, 18, 13, 0);
    const from = to - 3 * 86_400_000 + 7 * 60_000;
    const h = generateHistory({ walk, random: createRandom('t'), tradeLots: 5000n, activity: 0.9 }, from, to, 600);
    const sum = (bars: Bar[]) => bars.reduce((n, b) => n + b.volume, 0n);
    const fives = h.get('5min')!;
    for (const period of KLINE_PERIODS.slice(1)) expect(sum(h.get(period)!), period).toBe(sum(fives));
    expect(h.get('1min')!.at(-1)!.close).toBe(fives.at(-1)!.close);
    expect(h.get('1day')!.at(-1)!.close).toBe(fives.at(-1)!.close);
    expect(h.get('1min')!.at(-1)!.t).toBe(to - 60_000);
    for (const bars of h.values())
      for (const b of bars) expect(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)).toBe(true);
  });

  it('a seed replays the same market', () => {
    const run = () => {
      const walk = new PriceWalk(100_000, 100_000, 0.5);
      const r = createRandom('same');
      return Array.from({ length: 50 }, () => walk.step(1, r));
    };
    expect(run()).toEqual(run());
  });
});
