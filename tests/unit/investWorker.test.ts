/**
 * The dual purchase preview (worker/invest/preview.ts): the page's figures equal the server's
 * settlement (property test: any shares, any settlement price, call or put — the preview's
 * payout is dualPayout's, the same call DualService.settle makes), the spec's call example, the
 * payoff picture's shape, and the integer rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { dualPayout, dualPayoutValue } from '../../domain/invest/formulas';
import { maxShares, payoutAt, previewDual, readShares, type DualPreviewInput } from '../../worker/invest/preview';

const call: DualPreviewInput = {
  num: '2',
  type: 'call',
  share_price: '0.01',
  apr: '0.73',
  linked_price: '60000',
  days: 1,
  currency_decimals: 8,
  quote_decimals: 6,
  invest_decimals: 8,
  remaining_shares: 500,
  available: '1',
  market_price: '58000',
};
const put: DualPreviewInput = { ...call, type: 'put', share_price: '100', invest_decimals: 6, available: '10000' };

describe('dual preview', () => {
  it('equals the settlement for any shares, price and terms (the server settles with dualPayout)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('call' as const, 'put' as const),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 200_000_00 }),
        fc.integer({ min: 1_000_00, max: 150_000_00 }),
        fc.constantFrom(1, 3, 7),
        fc.integer({ min: 1, max: 3000 }),
        (type, shares, settleCents, linkedCents, days, aprBp) => {
          const input = {
            ...(type === 'call' ? call : put),
            linked_price: new Decimal(linkedCents).div(100).toFixed(),
            days,
            apr: new Decimal(aprBp).div(10_000).toFixed(),
          };
          const price = new Decimal(settleCents).div(100).toFixed();
          const amount = new Decimal(input.share_price).mul(shares).toFixed();
          const server = dualPayout(type, amount, input.linked_price, price, days, input.apr, { base: 8, quote: 6 });
          const page = payoutAt(input, shares, price);
          expect(page.coin).toBe(server.coin);
          expect(page.amount.toFixed()).toBe(server.amount.toFixed());
          // The preview's text sides are the same numbers.
          const p = previewDual({ ...input, num: String(shares), available: '1000000000' }, 'en');
          expect(p.cost).toBe(amount);
          const above = dualPayout(type, amount, input.linked_price, new Decimal(input.linked_price).mul('1.01'), days, input.apr, {
            base: 8,
            quote: 6,
          });
          expect(p.high.amount).toBe(above.amount.toFixed());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the picture: every point is dualPayout’s worth at its price; flat beyond the linked price, rising below', () => {
    for (const input of [call, put]) {
      const p = previewDual(input, 'en');
      expect(p.problem).toBeNull();
      for (const pt of p.line) {
        const value = dualPayoutValue(payoutAt(input, 2, pt.price), pt.price);
        expect(new Decimal(pt.value).eq(value.toDecimalPlaces(6, Decimal.ROUND_DOWN))).toBe(true);
        expect(pt.x).toBeGreaterThanOrEqual(0);
        expect(pt.x).toBeLessThanOrEqual(1);
      }
      const above = p.line.filter((pt) => new Decimal(pt.price).gt(input.linked_price));
      expect(new Set(above.map((pt) => pt.value)).size).toBe(1);
      const below = p.line.filter((pt) => new Decimal(pt.price).lt(input.linked_price));
      for (let i = 1; i < below.length; i++) expect(new Decimal(below[i]!.value).gt(below[i - 1]!.value)).toBe(true);
      expect(p.linkedX).toBeGreaterThan(p.marketX!);
    }
  });

  it('shows the spec example for a call: below the linked price BTC × (1 + days × APR / 365), else USDT × linked', () => {
    const p = previewDual(call, 'en');
    expect(p.cost).toBe('0.02');
    expect(p.low).toMatchObject({ coin: 'base', amount: '0.02004' });
    expect(p.high).toMatchObject({ coin: 'quote', amount: '1202.4', text: '1,202.4' });
    const q = previewDual(put, 'en');
    expect(q.cost).toBe('200');
    expect(q.high).toMatchObject({ coin: 'quote', amount: '200.4' });
    expect(q.low).toMatchObject({ coin: 'base', amount: '0.00334' });
  });

  it('reads whole shares only, like the server, and refuses more than left or than the balance pays', () => {
    expect(readShares('')).toEqual({ ok: false, problem: 'sharesRequired' });
    expect(readShares('1.5')).toEqual({ ok: false, problem: 'sharesInteger' });
    expect(readShares('1e3')).toEqual({ ok: false, problem: 'sharesInteger' });
    expect(readShares('-1')).toEqual({ ok: false, problem: 'sharesInteger' });
    expect(readShares('0')).toEqual({ ok: false, problem: 'sharesPositive' });
    expect(readShares(' 12 ')).toEqual({ ok: true, num: 12 });
    expect(previewDual({ ...call, num: '501' }, 'en')).toMatchObject({ problem: 'sharesLeft', params: { left: 500 } });
    expect(previewDual({ ...call, num: '101' }, 'en').problem).toBe('insufficient');
    expect(maxShares('1', '0.01', 500)).toBe(100);
    expect(maxShares('1000', '0.01', 37)).toBe(37);
    expect(maxShares('0.009', '0.01', 500)).toBe(0);
  });
});
