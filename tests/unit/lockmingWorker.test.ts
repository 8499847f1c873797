/** The lockming purchase preview (worker/lockming/preview.ts): the spec's example, the expiry and the refusals. */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/time';
import { maxAmount, previewLockming, type LockmingPreviewInput } from '../../worker/lockming/preview';

const base: LockmingPreviewInput = {
  amount: '10000',
  daily_rate: '0.0019',
  cycle_days: 15,
  decimals: 2,
  min_amount: '100',
  max_amount: '50000',
  now: Date.UTC(2026, 0, 10, 15, 30),
};

describe('lockming preview', () => {
  it('shows the spec example: 10000 at 0.19% a day for 15 days → 19 a day, 285 in all', () => {
    const p = previewLockming(base, 'en');
    expect(p.problem).toBeNull();
    expect(p.dailyYieldText).toBe('19');
    expect(p.totalYieldText).toBe('285');
  });
  it('expires at the 15th day boundary after the purchase day', () => {
    expect(previewLockming(base, 'en').expiresAt).toBe(Date.UTC(2026, 0, 10) + 15 * DAY_MS);
  });
  it('refuses an empty, invalid, too precise, too small or too large amount', () => {
    expect(previewLockming({ ...base, amount: '' }, 'en').problem).toBe('amountRequired');
    expect(previewLockming({ ...base, amount: 'abc' }, 'en').problem).toBe('amountInvalid');
    expect(previewLockming({ ...base, amount: '100.001' }, 'en').problem).toBe('amountDecimals');
    expect(previewLockming({ ...base, amount: '99' }, 'en').problem).toBe('amountMin');
    expect(previewLockming({ ...base, amount: '50001' }, 'en').problem).toBe('amountMax');
  });
  it('Max is the smaller of the available balance and what the user may still buy', () => {
    expect(maxAmount('1200.5', '50000')).toBe('1200.5');
    expect(maxAmount('90000', '50000')).toBe('50000');
    expect(maxAmount('10', null)).toBe('10');
  });
});
