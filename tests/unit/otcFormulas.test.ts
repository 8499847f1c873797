/**
 * The OTC rules (domain/otc/formulas.ts) and the worker's preview (worker/otc/preview.ts): the
 * conversion at an advert's price (USDT rounded down from a fiat amount; fiat rounded against the
 * user from a USDT amount), the per-trade limit by level (the lower level-2 figure enforced), the
 * refusals in the server's order, the pay window, and properties: a quote never gives more USDT
 * than the fiat pays for, nor takes less fiat (buy) / pays more fiat (sell) than the USDT is worth.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { selectFiatTradeLimit } from '../../domain/identity';
import { OTC_PAY_WINDOW_MS, otcPayDeadline, otcPerTradeLimit, otcProblem, otcQuote, otcSecondsLeft } from '../../domain/otc/formulas';
import { maxOtc, otcCountdown, previewOtc, type OtcPreviewInput } from '../../worker/otc/preview';

const base: OtcPreviewInput = {
  side: 'buy',
  by: 'fiat',
  amount: '100',
  fiat: 'CNY',
  fiat_decimals: 2,
  usdt_decimals: 6,
  price: '7.3',
  min_fiat: '100',
  max_fiat: '10000',
  available: '1000',
  limit: '2000',
  balance: null,
};

describe('OTC formulas', () => {
  it('converts fiat to USDT rounded down, and USDT to fiat rounded against the user', () => {
    expect(otcQuote('buy', 'fiat', '100', '7.3', 2, 6).usdt.toFixed()).toBe('13.69863');
    expect(otcQuote('buy', 'usdt', '20.001', '7.3', 2, 6).fiat.toFixed()).toBe('146.01');
    expect(otcQuote('sell', 'usdt', '20.001', '7.3', 2, 6).fiat.toFixed()).toBe('146');
    expect(otcQuote('buy', 'usdt', '10', '151.5', 0, 6).fiat.toFixed()).toBe('1515');
    expect(otcQuote('buy', 'usdt', '10.01', '151.5', 0, 6).fiat.toFixed()).toBe('1517');
  });

  it('limits a trade by identity level: none at 0, 2,000 at 1, the lowest stated figure (100,000) at 2', () => {
    expect(otcPerTradeLimit(0)).toBeNull();
    expect(otcPerTradeLimit(1)!.toFixed()).toBe('2000');
    expect(otcPerTradeLimit(2)!.toFixed()).toBe('100000');
    expect(selectFiatTradeLimit(2, 'en')).toBe('1000000');
    expect(selectFiatTradeLimit(2, 'jp')).toBe('100000');
  });

  it('refuses in the server’s order: zero USDT, the advert’s min and max, the limit, the merchant’s USDT', () => {
    const advert = { min_fiat: '100', max_fiat: '10000', available: '500' };
    const q = (fiat: string) => otcQuote('buy', 'fiat', fiat, '7.3', 2, 6);
    expect(otcProblem({ fiat: new Decimal('0.000001'), usdt: new Decimal(0) }, advert, '2000')?.problem).toBe('amountZero');
    expect(otcProblem(q('99.99'), advert, '2000')).toEqual({ problem: 'belowMin', bound: '100' });
    expect(otcProblem(q('10000.01'), advert, '2000')).toEqual({ problem: 'aboveMax', bound: '10000' });
    expect(otcProblem(q('7300'), advert, '900')).toEqual({ problem: 'aboveLimit', bound: '900' });
    expect(otcProblem(q('7300'), advert, '2000')).toEqual({ problem: 'aboveAvailable', bound: '500' });
    expect(otcProblem(q('730'), advert, '2000')).toBeNull();
    expect(otcProblem(q('7300'), { ...advert, available: null }, null)).toBeNull();
  });

  it('gives 15 minutes to pay and counts down in whole seconds', () => {
    expect(otcPayDeadline(1000)).toBe(1000 + 15 * 60_000);
    expect(OTC_PAY_WINDOW_MS).toBe(900_000);
    expect(otcSecondsLeft(10_000, 8_500)).toBe(2);
    expect(otcSecondsLeft(10_000, 11_000)).toBe(0);
    expect(otcCountdown(900_000, 0)).toEqual({ minutes: 15, seconds: 0, over: false, text: '15:00' });
    expect(otcCountdown(900_000, 900_000).over).toBe(true);
  });

  it('never gives more USDT than the fiat pays for, nor charges less fiat than the USDT is worth (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 7 }),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        (cents, priceMilli, fiatDecimals, side) => {
          const price = new Decimal(priceMilli).div(1000);
          const fiat = new Decimal(cents).div(100).toDecimalPlaces(fiatDecimals, Decimal.ROUND_DOWN);
          if (fiat.lte(0)) return;
          const byFiat = otcQuote(side, 'fiat', fiat, price, fiatDecimals, 6);
          expect(byFiat.usdt.mul(price).lte(fiat)).toBe(true);
          expect(fiat.minus(byFiat.usdt.mul(price)).lt(new Decimal('0.000001').mul(price))).toBe(true);
          expect(byFiat.usdt.decimalPlaces()).toBeLessThanOrEqual(6);
          const usdt = new Decimal(cents).div(10 ** 4);
          const byUsdt = otcQuote(side, 'usdt', usdt, price, fiatDecimals, 6);
          const worth = usdt.mul(price);
          if (side === 'buy') expect(byUsdt.fiat.gte(worth)).toBe(true);
          else expect(byUsdt.fiat.lte(worth)).toBe(true);
          expect(byUsdt.fiat.minus(worth).abs().lt(new Decimal(10).pow(-fiatDecimals))).toBe(true);
        },
      ),
    );
  });
});

describe('OTC worker preview', () => {
  it('previews the other amount and the server’s refusals in the interface language', () => {
    expect(previewOtc(base, 'en')).toMatchObject({ problem: null, usdt: '13.69863', fiat: '100', usdtText: '13.69863' });
    expect(previewOtc({ ...base, amount: '99' }, 'en')).toMatchObject({ problem: 'belowMin', params: { bound: '100 CNY' } });
    expect(previewOtc({ ...base, amount: '' }, 'en').problem).toBe('amountRequired');
    expect(previewOtc({ ...base, amount: '1.001' }, 'en').problem).toBe('amountDecimals');
    expect(previewOtc({ ...base, by: 'usdt', amount: '2500' }, 'en').problem).toBe('aboveMax');
    expect(previewOtc({ ...base, by: 'usdt', amount: '1200', max_fiat: '100000' }, 'en').problem).toBe('aboveAvailable');
    const sell = { ...base, side: 'sell' as const, available: null, balance: '10' };
    expect(previewOtc({ ...sell, by: 'usdt', amount: '20' }, 'en')).toMatchObject({ problem: 'insufficient', fiat: '146' });
  });

  it('offers a Max within the advert, the limit, the merchant’s USDT and the balance', () => {
    const { amount: _a, ...input } = base;
    expect(maxOtc({ ...input, by: 'usdt' })).toBe('1000');
    expect(maxOtc({ ...input, by: 'fiat' })).toBe('7300');
    expect(maxOtc({ ...input, by: 'usdt', available: null, max_fiat: '100000', limit: '2000' })).toBe('2000');
    expect(maxOtc({ ...input, side: 'sell', by: 'usdt', available: null, balance: '12.5' })).toBe('12.5');
    const fiatMax = maxOtc({ ...input, by: 'fiat' });
    expect(previewOtc({ ...base, amount: fiatMax }, 'en').problem).toBeNull();
  });
});
