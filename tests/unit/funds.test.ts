import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { calculateArrival, calculateExchange, convertValue, parseAccount } from '../../domain/funds/formulas';
import { IDENTITY_LIMITS, selectFiatTradeLimit } from '../../domain/identity';

describe('accounts', () => {
  it('reads accounts by name or number', () => {
    expect([parseAccount('legal'), parseAccount('change'), parseAccount('lever'), parseAccount('micro')]).toEqual([1, 2, 3, 4]);
    expect(parseAccount('3')).toBe(3);
    for (const bad of ['0', '5', 'savings', '', '1.0']) expect(parseAccount(bad)).toBeNull();
  });
});

describe('money formulas', () => {
  it('withdrawal arrival is the amount less the fee', () => {
    expect(calculateArrival('100', '1').toFixed()).toBe('99');
    expect(calculateArrival('0.001', '0.0002').toFixed()).toBe('0.0008');
  });

  it('values an amount in another unit through USDT prices', () => {
    expect(convertValue('3', '3500', '70000').toFixed()).toBe('0.15');
  });

  it('exchanges at the market rate less the fee, rounded down to the target decimals', () => {
    const q = calculateExchange('500', '1', '67250.5', '0.002', 8);
    expect(q.receive.toFixed()).toBe('0.00742001');
    expect(q.receive.plus(q.fee).lte(new Decimal(500).div('67250.5'))).toBe(true);
  });

  it('never pays out more than the gross amount, and never more decimals than the target has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 8 }),
        (amountUnits, fromPrice, toPrice, decimals) => {
          const amount = new Decimal(amountUnits).div(1000);
          const q = calculateExchange(amount, new Decimal(fromPrice).div(100), new Decimal(toPrice).div(100), '0.002', decimals);
          const gross = amount.mul(new Decimal(fromPrice).div(toPrice));
          expect(q.receive.plus(q.fee).lte(gross)).toBe(true);
          expect(q.receive.decimalPlaces()).toBeLessThanOrEqual(decimals);
          expect(q.receive.gte(0) && q.fee.gte(0)).toBe(true);
        },
      ),
    );
  });
});

describe('identity limits', () => {
  it('allow 200 BTC a day at level 1 and 500 at level 2', () => {
    expect(IDENTITY_LIMITS[1].withdrawBtcPer24h).toBe('200');
    expect(IDENTITY_LIMITS[2].withdrawBtcPer24h).toBe('500');
  });

  it('state the advanced fiat limit per trade as each text does: 100,000 in Japanese, 1,000,000 elsewhere', () => {
    expect(selectFiatTradeLimit(1, 'jp')).toBe('2000');
    expect(selectFiatTradeLimit(2, 'jp')).toBe('100000');
    for (const lang of ['en', 'zh', 'hk', 'th', 'kor', 'fra', 'spa', 'vi'] as const) expect(selectFiatTradeLimit(2, lang)).toBe('1000000');
  });
});
