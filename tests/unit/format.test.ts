import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countDecimals, formatUnits, isDecimalString, parseUnits } from '../../domain/decimal';
import {
  displayDecimals,
  formatBalance,
  formatCompact,
  formatPercent,
  formatPrecision,
  groupThousands,
  selectTone,
} from '../../domain/format';
import { isJustNow, toMillis } from '../../domain/time';

describe('display rules of numbers', () => {
  it.each([
    ['999', '999.00'],
    ['1000', '1.00K'],
    ['1234.5', '1.23K'],
    ['999994', '999.99K'],
    ['999995', '1.00M'],
    ['2500000', '2.50M'],
    ['225498580000', '225.50B'],
    ['-1500', '-1.50K'],
  ])('formatCompact(%s) is %s: K, M, B with 2 decimals, carrying into the next unit', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it('clamps precision to 2..4, rounding half up', () => {
    expect(formatPrecision('1.23456')).toBe('1.23');
    expect(formatPrecision('1.23456', 3)).toBe('1.235');
    expect(formatPrecision('1.23456', 4)).toBe('1.2346');
    expect(formatPrecision('1.23456', 8)).toBe('1.2346');
    expect(formatPrecision('1.005', 0)).toBe('1.01');
    expect(formatCompact('1234567.891', 'en', 3)).toBe('1.235M');
  });

  it('reads timestamps above 10 digits as milliseconds, else seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis('1700000000')).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(toMillis('1700000000123')).toBe(1_700_000_000_123);
  });

  it('says "just now" under 5 minutes only', () => {
    const now = 1_700_000_000_000;
    expect(isJustNow(now - 299_999, now)).toBe(true);
    expect(isJustNow(Math.floor((now - 60_000) / 1000), now)).toBe(true);
    expect(isJustNow(now - 300_000, now)).toBe(false);
    expect(isJustNow(now + 60_000, now)).toBe(false);
  });

  it('colours profit green above zero, grey at zero, red below', () => {
    expect(selectTone('0.01')).toBe('up');
    expect(selectTone('0')).toBe('flat');
    expect(selectTone('-0.00')).toBe('flat');
    expect(selectTone('-3')).toBe('down');
    expect(formatPercent('1.5')).toBe('+1.50%');
    expect(formatPercent('-0.2')).toBe('-0.20%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('-0.001')).toBe('0.00%');
  });

  it('groups thousands without touching the digits', () => {
    expect(groupThousands('67250.12345')).toBe('67,250.12345');
    expect(groupThousands('-1234567')).toBe('-1,234,567');
    expect(groupThousands('0.00002480')).toBe('0.00002480');
  });
});

describe('decimal strings and integer units', () => {
  it('accepts plain decimals only', () => {
    for (const ok of ['0', '1', '-2.5', '10.000']) expect(isDecimalString(ok), ok).toBe(true);
    for (const bad of ['', '1e5', 'NaN', 'Infinity', '0x10', '+1', '01', '1.', '.5', ' 1', '1,000'])
      expect(isDecimalString(bad), bad).toBe(false);
    expect(countDecimals('1.2300')).toBe(4);
    expect(countDecimals('12')).toBe(0);
  });

  it('round-trips integer units exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (units, decimals) => {
        const text = formatUnits(units, decimals);
        expect(isDecimalString(text)).toBe(true);
        expect(parseUnits(text, decimals)).toBe(units);
      }),
    );
  });

  it('rounds half up when a value has more decimals than the unit', () => {
    expect(parseUnits('1.005', 2)).toBe(101n);
    expect(parseUnits('1.004', 2)).toBe(100n);
    expect(formatUnits(6512345n, 2)).toBe('65123.45');
    expect(formatUnits(5, 3)).toBe('0.005');
  });
});

describe('formatBalance: a balance at its currency’s display precision', () => {
  it('shows a dollar coin in cents, rounded half up, and any other coin at its own precision', () => {
    expect(formatBalance('3681.775399', 'USDT', 6)).toBe('3,681.78');
    expect(formatBalance('3681.774999', 'USDT', 6)).toBe('3,681.77');
    expect(formatBalance('0.004999', 'USDT', 6)).toBe('0');
    expect(formatBalance('1250.5', 'USDT', 6)).toBe('1,250.5');
    expect(formatBalance('3681.775399', 'USDT', 6, 'vi')).toBe('3.681,78');
    expect(formatBalance('0.12345678', 'BTC', 8)).toBe('0.12345678');
    expect(displayDecimals('USDT', 6)).toBe(2);
    expect(displayDecimals('SHIB', 2)).toBe(2);
    expect(displayDecimals('ETH', 8)).toBe(8);
  });
});
