/** The follow form's preview (worker/copytrade/preview.ts): the number as kept, the example copy, the refusals. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOT_RULES, MAX_MULTIPLE, previewFollow, typicalLots, type FollowPreviewInput } from '../../worker/copytrade/preview';

const base: FollowPreviewInput = {
  type: 1,
  number: '2',
  max_margin: '',
  stop_loss: '',
  daily_limit: '',
  trader_lots: '0.5',
  rules: DEFAULT_LOT_RULES,
  max_multiple: MAX_MULTIPLE,
};

describe('follow preview', () => {
  it('keeps a whole multiple and copies the typical order × the multiple', () => {
    const p = previewFollow(base, 'en');
    expect(p.problem).toBeNull();
    expect(p.kept).toBe('2');
    expect(p.rounded).toBe(false);
    expect(p.exampleLotsText).toBe('1');
  });
  it('rounds a multiple above 1 that is not whole down to two decimals (spec: 1.234 → 1.23)', () => {
    const p = previewFollow({ ...base, number: '1.234' }, 'en');
    expect(p.kept).toBe('1.23');
    expect(p.keptText).toBe('1.23');
    expect(p.rounded).toBe(true);
    // 0.5 × 1.23 = 0.615 → 0.61 lots (rounded down to the lot decimals: never more than asked).
    expect(p.exampleLotsText).toBe('0.61');
  });
  it('writes the kept number in the interface language', () => {
    expect(previewFollow({ ...base, number: '1.5' }, 'fra').keptText).toBe('1,5');
  });
  it('flags a copy that would be below the least lots', () => {
    const p = previewFollow({ ...base, number: '0.01', trader_lots: '0.5' }, 'en');
    expect(p.problem).toBeNull();
    expect(p.exampleTooSmall).toBe(true);
  });
  it('copies fixed lots whatever the trader trades', () => {
    const p = previewFollow({ ...base, type: 2, number: '0.3' }, 'en');
    expect(p.problem).toBeNull();
    expect(p.kept).toBe('0.3');
    expect(p.exampleLotsText).toBe('0.3');
  });
  it('has no example without the trader’s orders', () => {
    expect(previewFollow({ ...base, trader_lots: null }, 'en').exampleLotsText).toBeNull();
  });
  it('refuses an empty, zero, negative or too large multiple', () => {
    expect(previewFollow({ ...base, number: ' ' }, 'en').problem).toBe('numberRequired');
    expect(previewFollow({ ...base, number: '0' }, 'en').problem).toBe('multipleInvalid');
    expect(previewFollow({ ...base, number: '0.001' }, 'en').problem).toBe('multipleInvalid');
    expect(previewFollow({ ...base, number: '-1' }, 'en').problem).toBe('multipleInvalid');
    expect(previewFollow({ ...base, number: 'abc' }, 'en').problem).toBe('multipleInvalid');
    const max = previewFollow({ ...base, number: '100.5' }, 'en');
    expect(max.problem).toBe('multipleMax');
    expect(max.params).toEqual({ max: 100 });
  });
  it('refuses lots outside the futures rules or with too many decimals', () => {
    for (const number of ['0', '0.001', '1000.01', '0.125', 'x'])
      expect(previewFollow({ ...base, type: 2, number }, 'en').problem).toBe('lotsInvalid');
    expect(previewFollow({ ...base, type: 2, number: '0.125' }, 'en').params).toEqual({ min: '0.01', max: '1,000', decimals: 2 });
  });
  it('checks the risk controls as the server reads them', () => {
    expect(previewFollow({ ...base, max_margin: '50', stop_loss: '20.5', daily_limit: '3' }, 'en').risk).toEqual({});
    expect(previewFollow({ ...base, max_margin: 'abc', stop_loss: '0', daily_limit: '1.5' }, 'en').risk).toEqual({
      max_margin: 'amountInvalid',
      stop_loss: 'amountInvalid',
      daily_limit: 'dailyLimitInvalid',
    });
  });
  it('takes the median of the trader’s recent orders as the typical one', () => {
    expect(typicalLots([])).toBeNull();
    expect(typicalLots(['0.1', '5', '0.3'])).toBe('0.3');
    expect(typicalLots(['1', '2'])).toBe('1');
  });
});
