/**
 * The IEO subscription preview (worker/ieo/preview.ts): its cost is the server's (price × tokens
 * rounded up to the pay coin's decimals, domain/ieo/formulas.ts `subscriptionCost`), its
 * refusals are the server's (the shared amount rule at the token's decimals, the minimum, what
 * the user may still ask for, the balance), and Max never costs more than the balance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { subscriptionCost } from '../../domain/ieo/formulas';
import { maxTokens, previewIeo, type IeoPreviewInput } from '../../worker/ieo/preview';

const base: IeoPreviewInput = {
  amount: '1000',
  token: 'KSTL',
  token_decimals: 2,
  price: '0.05',
  pay_currency: 'USDT',
  pay_decimals: 2,
  min_amount: '100',
  remaining: '200000',
  available: '5000',
};

describe('IEO subscription preview', () => {
  it('costs price × amount: 1000 KSTL at 0.05 USDT is 50 USDT', () => {
    const p = previewIeo(base, 'en');
    expect(p.problem).toBeNull();
    expect(p.cost).toBe('50');
    expect(p.costText).toBe('50');
  });

  it('rounds the cost up to the pay coin decimals, as the server charges', () => {
    // 100.01 × 0.05 = 5.0005 → 5.01 (the subscriber never pays less than the price).
    expect(previewIeo({ ...base, amount: '100.01' }, 'en').cost).toBe('5.01');
    expect(previewIeo({ ...base, amount: '333.33', price: '0.123' }, 'en').cost).toBe('41');
    expect(previewIeo({ ...base, amount: '333.33', price: '0.1234' }, 'en').cost).toBe('41.14');
  });

  it('equals the server cost rule for any amount and price', () => {
    fc.assert(
      fc.property(
        // Up to 1,000,000 tokens: one request's ceiling for a new token (domain/funds/amounts).
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (units, priceUnits, tokenDecimals, payDecimals) => {
          const amount = new Decimal(units.toString()).div(new Decimal(10).pow(tokenDecimals)).toFixed();
          const price = new Decimal(priceUnits.toString()).div(new Decimal(10).pow(payDecimals)).toFixed();
          const p = previewIeo(
            {
              ...base,
              amount,
              price,
              token_decimals: tokenDecimals,
              pay_decimals: payDecimals,
              min_amount: '0',
              remaining: '1e12',
              available: '1e15',
            },
            'en',
          );
          expect(p.problem).toBeNull();
          expect(p.cost).toBe(subscriptionCost(amount, price, payDecimals).toFixed());
        },
      ),
    );
  });

  it('refuses what the server refuses', () => {
    const problem = (over: Partial<IeoPreviewInput>) => previewIeo({ ...base, ...over }, 'en').problem;
    expect(problem({ amount: '' })).toBe('amountRequired');
    expect(problem({ amount: '  ' })).toBe('amountRequired');
    expect(problem({ amount: 'abc' })).toBe('amountInvalid');
    expect(problem({ amount: '-5' })).toBe('amountInvalid');
    expect(problem({ amount: '1e3' })).toBe('amountInvalid');
    expect(problem({ amount: '0' })).toBe('amountPositive');
    expect(problem({ amount: '100.001' })).toBe('amountDecimals');
    expect(problem({ amount: '99.99' })).toBe('amountMin');
    expect(problem({ amount: '100' })).toBeNull();
    expect(problem({ amount: '200000', available: '10000' })).toBeNull();
    expect(problem({ amount: '1000', remaining: '999.99' })).toBe('amountMax');
    expect(problem({ amount: '1000', remaining: '0' })).toBe('amountMax');
    // 100001 × 0.05 = 5000.05 > 5000 available.
    expect(problem({ amount: '100001' })).toBe('insufficient');
    expect(problem({ amount: '100000' })).toBeNull();
    // One request's ceiling for a token the amount rule does not list: 1,000,000.
    expect(problem({ amount: '1000000.01', remaining: '1e9', available: '1e9' })).toBe('amountMax');
  });

  it('names the limits in its messages', () => {
    expect(previewIeo({ ...base, amount: '50' }, 'en').params).toEqual({ min: '100 KSTL' });
    expect(previewIeo({ ...base, amount: '1000', remaining: '500' }, 'en').params).toEqual({ max: '500 KSTL' });
    expect(previewIeo({ ...base, amount: '100001' }, 'en').params).toEqual({ cost: '5,000.05 USDT' });
    expect(previewIeo({ ...base, amount: '1.234' }, 'en').params).toMatchObject({ decimals: 2 });
  });

  it('Max is what the balance pays for, within what the user may still ask for', () => {
    expect(maxTokens('5000', '0.05', 'KSTL', 2, '200000')).toBe('100000');
    expect(maxTokens('50000', '0.05', 'KSTL', 2, '200000')).toBe('200000');
    expect(maxTokens('1', '0.3', 'KSTL', 2, '200000')).toBe('3.33');
    expect(maxTokens('0', '0.05', 'KSTL', 2, '200000')).toBe('0');
    expect(maxTokens('5000', '0.05', 'KSTL', 2, '-1')).toBe('0');
    expect(maxTokens('1e9', '0.05', 'KSTL', 2, '1e9')).toBe('1000000');
  });

  it("Max's cost never exceeds the balance", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 100_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 0, max: 8 }),
        (availableCents, priceUnits, tokenDecimals) => {
          const available = new Decimal(availableCents.toString()).div(100).toFixed();
          const price = new Decimal(priceUnits.toString()).div(10_000).toFixed();
          const max = maxTokens(available, price, 'KSTL', tokenDecimals, '1e12');
          expect(subscriptionCost(max, price, 2).lte(available)).toBe(true);
        },
      ),
    );
  });
});
