import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountField, AMOUNT_MAX_DIGITS, significantDigits } from '../../domain/api/fields';
import { Decimal } from '../../domain/decimal';
import { AMOUNT_MAX, maxAmount, normaliseAmount, parseAmount, typedAmount } from '../../domain/funds/amounts';
import { CURRENCIES } from '../../server/market/catalogue';
import { previewArrival, previewExchange } from '../../worker/funds/previews';

const USDT = { name: 'USDT', decimals: 6 };
const BTC = { name: 'BTC', decimals: 8 };
const JPY = { name: 'JPY', decimals: 0 };

describe('the amount rule', () => {
  it.each([
    ['10', '10'],
    ['0.000001', '0.000001'],
    ['.5', '0.5'],
    ['1.', '1'],
    ['007.50', '7.50'],
    ['  25  ', '25'],
    ['10000000', '10000000'],
    ['1.000000000', '1.000000000'],
  ])('accepts %j as %s', (text, normalised) => {
    const parsed = parseAmount(text, USDT);
    expect(parsed.ok && parsed.text).toBe(normalised);
  });

  it.each([
    [undefined, 'amountRequired'],
    ['   ', 'amountRequired'],
    ['.', 'amountInvalid'],
    ['-1', 'amountInvalid'],
    ['+1', 'amountInvalid'],
    ['1e2', 'amountInvalid'],
    ['NaN', 'amountInvalid'],
    ['Infinity', 'amountInvalid'],
    ['0x10', 'amountInvalid'],
    ['1,000', 'amountInvalid'],
    ['1 000', 'amountInvalid'],
    ['1..2', 'amountInvalid'],
    ['٣', 'amountInvalid'],
    ['0', 'amountPositive'],
    ['0.000', 'amountPositive'],
    ['0.0000001', 'amountDecimals'],
    ['1.123456789012', 'amountDecimals'],
    ['10000000.000001', 'amountMax'],
    ['99999999999999999999999999', 'amountMax'],
    ['9'.repeat(5000), 'amountMax'],
  ])('refuses %j (%s)', (text, issue) => {
    const parsed = parseAmount(text, USDT);
    expect(parsed.ok ? 'ok' : parsed.issue).toBe(issue);
  });

  it('names the maximum, the currency and its decimals for the message', () => {
    expect(parseAmount('1001', BTC)).toEqual({ ok: false, issue: 'amountMax', params: { decimals: 8, max: '1000', currency: 'BTC' } });
    expect(parseAmount('1000', BTC).ok).toBe(true);
    expect(parseAmount('1.5', JPY)).toMatchObject({ ok: false, issue: 'amountDecimals', params: { decimals: 0 } });
  });

  it('has a maximum for every listed currency, within the precision of the project decimal', () => {
    for (const c of CURRENCIES) {
      expect(AMOUNT_MAX[c.name], c.name).toBeDefined();
      const max = maxAmount(c.name);
      expect(max.isInteger() && max.gt(0), c.name).toBe(true);
      // The largest amount with every decimal fits in the decimal's 20 significant digits.
      expect(max.toFixed().length + c.decimals, c.name).toBeLessThanOrEqual(AMOUNT_MAX_DIGITS);
    }
  });

  it('property: an accepted amount is positive, within decimals and maximum, and reads back the same', () => {
    const currency = fc.constantFrom(...CURRENCIES.map((c) => ({ name: c.name, decimals: c.decimals })));
    const text = fc.oneof(fc.stringMatching(/^\d{0,16}(\.\d{0,10})?$/), fc.string(), fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String));
    fc.assert(
      fc.property(currency, text, (c, t) => {
        const parsed = parseAmount(t, c);
        if (!parsed.ok) return;
        expect(parsed.amount.gt(0)).toBe(true);
        expect(parsed.amount.decimalPlaces()).toBeLessThanOrEqual(c.decimals);
        expect(parsed.amount.lte(maxAmount(c.name))).toBe(true);
        expect(new Decimal(parsed.text).eq(parsed.amount)).toBe(true);
        // Reading the normalised form again gives the same answer: one parser, one meaning.
        expect(normaliseAmount(parsed.text)).toBe(parsed.text);
      }),
    );
  });

  it('property: the field rule of every money endpoint reads amounts as the rule does', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,8}(\.\d{0,8})?$/), (t) => {
        const field = amountField().safeParse(t);
        const normalised = normaliseAmount(t);
        if (normalised === null || significantDigits(normalised) > AMOUNT_MAX_DIGITS) expect(field.success).toBe(false);
        else expect(field.success && field.data).toBe(normalised);
      }),
    );
  });

  it('previews nothing for an amount the server would refuse', () => {
    expect(previewExchange('1.123456789012', '1', '60000', '0.002', 8, USDT)).toBeNull();
    expect(previewExchange('20000000', '1', '60000', '0.002', 8, USDT)).toBeNull();
    expect(previewExchange('.5', '1', '1', '0.002', 6, USDT)).not.toBeNull();
    expect(previewArrival('0.000000001', '0.0002', BTC)).toBeNull();
    expect(previewArrival('1001', '0.0002', BTC)).toBeNull();
    expect(previewArrival('1.', '0.0002', BTC)).toBe('0.9998');
  });
});

describe('what a thumb types into an amount box', () => {
  it('reads full-width digits and points as ASCII ones, and keeps everything else for the rule to refuse', () => {
    expect(typedAmount('１２３')).toBe('123');
    expect(typedAmount('１２３．４５')).toBe('123.45');
    expect(typedAmount('１２３。４')).toBe('123.4');
    for (const slip of ['abc', '.', '-', '1..2', '−5', '1e5']) expect(typedAmount(slip)).toBe(slip);
  });

  it('never throws on any text, and refuses what is not an amount with a reason', () => {
    for (const slip of ['abc', '.', '-', '1..2', '１２３', '−5', '', ' ', 'NaN', 'Infinity', '0x10', '1e5', '1,000'])
      expect(parseAmount(slip, USDT).ok, slip).toBe(false);
    expect(parseAmount(typedAmount('１２３'), USDT)).toMatchObject({ ok: true, text: '123' });
    fc.assert(
      fc.property(fc.string(), (t) => {
        expect(() => parseAmount(t, USDT)).not.toThrow();
        expect(() => normaliseAmount(typedAmount(t))).not.toThrow();
      }),
    );
  });
});
