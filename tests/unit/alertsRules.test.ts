/**
 * Price alert rules (domain/alerts/rules.ts) and the sheet's preview (worker/alerts/preview.ts):
 * worked examples of each kind at a BTC/USDT tick, every refusal of a threshold, and properties
 * (fast-check): a price alert fires exactly when the distance says it would, `above` and `below`
 * at the same threshold both fire only at that price, and a 24 h move alert is symmetric.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertDistance, changePercent, checkThreshold, shouldFire } from '../../domain/alerts/rules';
import { Decimal } from '../../domain/decimal';
import type { Ticker } from '../../domain/market/types';
import { previewAlert, suggestThreshold } from '../../worker/alerts/preview';

/** BTC/USDT at 60000, opened the day at 57142.86 (+5.00 %). */
const tick = { price: '60000.00', open: '57142.86' };

describe('alert rules', () => {
  it('fires above at or over the threshold, below at or under it', () => {
    expect(shouldFire({ kind: 'above', threshold: '60000' }, tick)).toBe(true);
    expect(shouldFire({ kind: 'above', threshold: '60000.01' }, tick)).toBe(false);
    expect(shouldFire({ kind: 'below', threshold: '60000' }, tick)).toBe(true);
    expect(shouldFire({ kind: 'below', threshold: '59999.99' }, tick)).toBe(false);
    // A price of zero (no trade yet) never fires anything.
    expect(shouldFire({ kind: 'below', threshold: '1' }, { price: '0', open: '0' })).toBe(false);
  });

  it('fires a 24 h move alert on |change| ≥ X, up or down', () => {
    // (60000 − 57142.86) ÷ 57142.86 × 100 = 4.99999…: just under 5 %.
    expect(changePercent(tick)!.toFixed(6)).toBe('4.999995');
    expect(shouldFire({ kind: 'change', threshold: '5' }, tick)).toBe(false);
    expect(shouldFire({ kind: 'change', threshold: '4.99' }, tick)).toBe(true);
    expect(shouldFire({ kind: 'change', threshold: '5' }, { price: '60000', open: '57142.85' })).toBe(true);
    // −5 %: 57000 from 60000.
    expect(shouldFire({ kind: 'change', threshold: '5' }, { price: '57000', open: '60000' })).toBe(true);
    expect(shouldFire({ kind: 'change', threshold: '5.01' }, { price: '57000', open: '60000' })).toBe(false);
    expect(changePercent({ price: '1', open: '0' })).toBeNull();
  });

  it('measures the distance to firing', () => {
    // 61500 is 2.5 % above 60000; 58800 is 2 % below.
    expect(alertDistance({ kind: 'above', threshold: '61500' }, tick)!.toFixed()).toBe('2.5');
    expect(alertDistance({ kind: 'below', threshold: '58800' }, tick)!.toFixed()).toBe('-2');
    // A 10 % move alert at +5 % still lacks 5 points.
    expect(alertDistance({ kind: 'change', threshold: '10' }, { price: '63000', open: '60000' })!.toFixed()).toBe('5');
  });

  it('checks thresholds: positive, the pair’s decimals, 24 h moves within (0, 1000] with 2 decimals', () => {
    expect(checkThreshold('above', ' 61000.50 ', 2)).toEqual({ ok: true, value: '61000.5' });
    expect(checkThreshold('below', '.5', 2)).toEqual({ ok: true, value: '0.5' });
    expect(checkThreshold('change', '1000', 2)).toEqual({ ok: true, value: '1000' });
    const problem = (kind: 'above' | 'below' | 'change', text: string, decimals = 2) => {
      const r = checkThreshold(kind, text, decimals);
      return r.ok ? null : r.problem;
    };
    expect(problem('above', '')).toBe('Required');
    expect(problem('above', '-1')).toBe('Invalid');
    expect(problem('above', '1e3')).toBe('Invalid');
    expect(problem('above', '0x10')).toBe('Invalid');
    expect(problem('above', '9'.repeat(16))).toBe('Invalid');
    expect(problem('above', '0')).toBe('Positive');
    expect(problem('above', '0.00')).toBe('Positive');
    expect(problem('above', '1.001')).toBe('Decimals');
    expect(problem('above', '1.0010')).toBe('Decimals');
    expect(problem('above', '1.5000', 2)).toBeNull();
    expect(problem('above', '1.5', 0)).toBe('Decimals');
    expect(problem('change', '1000.01')).toBe('Max');
    expect(problem('change', '0.001')).toBe('Decimals');
    expect(problem('change', '0')).toBe('Positive');
  });

  const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(100).toFixed(2));

  it('fires a price alert exactly when its distance says so (property)', () => {
    fc.assert(
      fc.property(price, price, fc.constantFrom('above' as const, 'below' as const), (p, threshold, kind) => {
        const t = { price: p, open: p };
        const distance = alertDistance({ kind, threshold }, t)!;
        const fires = shouldFire({ kind, threshold }, t);
        expect(fires).toBe(kind === 'above' ? distance.lte(0) : distance.gte(0));
        // Both directions at one threshold fire together only at that very price.
        const both = shouldFire({ kind: 'above', threshold }, t) && shouldFire({ kind: 'below', threshold }, t);
        expect(both).toBe(new Decimal(p).eq(threshold));
      }),
      { seed: 17 },
    );
  });

  it('treats a rise and a fall of the same size alike (property)', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 1, max: 100_000 }), (open, bp, x) => {
        const move = new Decimal(open).mul(bp).div(10_000);
        const threshold = new Decimal(x).div(100).toFixed();
        const up = shouldFire({ kind: 'change', threshold }, { price: new Decimal(open).plus(move).toFixed(), open });
        const down = shouldFire({ kind: 'change', threshold }, { price: new Decimal(open).minus(move).toFixed(), open });
        expect(up).toBe(down);
        expect(up).toBe(new Decimal(bp).div(100).gte(threshold));
      }),
      { seed: 17 },
    );
  });
});

describe('alert preview (worker)', () => {
  const ticker = { symbol: 'BTC/USDT', price_decimals: 2, ...tick, change: '5.00' } as Ticker;

  it('prefills from the live price, shows the distance and says when it would fire at once', () => {
    expect(suggestThreshold('above', ticker)).toBe('60000.00');
    expect(suggestThreshold('change', ticker)).toBe('5');
    expect(suggestThreshold('below', undefined)).toBe('');
    const input = { symbol: 'BTC/USDT', price_decimals: 2 };
    expect(previewAlert({ ...input, kind: 'above', threshold: '61500' }, ticker, 'en')).toMatchObject({
      problem: null,
      priceText: '60,000.00',
      distanceText: '+2.50%',
      distanceTone: 'up',
      firesNow: false,
    });
    expect(previewAlert({ ...input, kind: 'above', threshold: '59000' }, ticker, 'en').firesNow).toBe(true);
    expect(previewAlert({ ...input, kind: 'below', threshold: '58800' }, ticker, 'fra')).toMatchObject({
      distanceText: expect.stringMatching(/^-2,00\s%$/),
      firesNow: false,
    });
    expect(previewAlert({ ...input, kind: 'above', threshold: '1.001' }, ticker, 'en')).toMatchObject({
      problem: 'Decimals',
      params: { decimals: 2 },
    });
    expect(previewAlert({ ...input, kind: 'above', threshold: '61500' }, undefined, 'en')).toMatchObject({
      priceText: '--',
      firesNow: false,
    });
  });
});
