import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../domain/decimal';
import { FIAT_CODES, FIAT_DECIMALS, type FiatCode } from '../../domain/fiat';
import {
  formatAmount,
  formatCompact,
  formatFiat,
  formatFiatPrice,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRate,
  localizeDecimal,
  numberSymbols,
} from '../../domain/format';
import { LANGS, LANG_TAGS, type Lang } from '../../domain/i18n';
import { buildTickerView, quoteWorth } from '../../domain/market/views';
import type { Ticker } from '../../domain/market/types';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe("numbers in the language's format", () => {
  it('groups and marks decimals as each language does', () => {
    expect(localizeDecimal('1234567.5', 'en')).toBe('1,234,567.5');
    expect(localizeDecimal('1234567.5', 'vi')).toBe('1.234.567,5');
    expect(localizeDecimal('1234567.5', 'fra')).toBe(`1${NNBSP}234${NNBSP}567,5`);
    expect(localizeDecimal('1234567.5', 'zh')).toBe('1,234,567.5');
    expect(localizeDecimal('1234567.5', 'jp')).toBe('1,234,567.5');
    expect(localizeDecimal('-1234567.5', 'spa')).toBe('-1.234.567,5');
    // Spanish leaves four-digit numbers ungrouped.
    expect(localizeDecimal('1234.5', 'spa')).toBe('1234,5');
    expect(localizeDecimal('0.00002480', 'vi')).toBe('0,00002480');
  });

  it('writes prices at the tick precision and amounts at the coin precision, trimmed', () => {
    expect(formatPrice('67250.1', 2, 'en')).toBe('67,250.10');
    expect(formatPrice('67250.1', 2, 'vi')).toBe('67.250,10');
    expect(formatPrice('0.0000248', 8, 'fra')).toBe('0,00002480');
    // Transfer history: an amount stored with 24 decimals reads at the coin's 8, zeros trimmed.
    expect(formatAmount('1.000000000000000000000000', 8, 'en')).toBe('1');
    expect(formatAmount('0.123456789012345678901234', 8, 'en')).toBe('0.12345679');
    expect(formatAmount('1250.500000', 6, 'vi')).toBe('1.250,5');
    expect(formatAmount('-0.000000001', 8, 'en')).toBe('0');
  });

  it('writes exchange rates to 8 significant digits, never rounding integer digits', () => {
    expect(formatRate('0.00001486988847583643', 'en')).toBe('0.000014869888');
    expect(formatRate('67250.123456789', 'en')).toBe('67,250.123');
    expect(formatRate('67250.123456789', 'vi')).toBe('67.250,123');
    expect(formatRate('1650000000.5', 'en')).toBe('1,650,000,001');
    expect(formatRate('151.240000000000', 'jp')).toBe('151.24');
    expect(formatRate('1', 'zh')).toBe('1');
  });

  it('writes percentages with the sign and the percent sign of the language', () => {
    expect(formatPercent('1.5', 'en')).toBe('+1.50%');
    expect(formatPercent('-0.2', 'vi')).toBe('-0,20%');
    expect(formatPercent('12.345', 'fra')).toBe(`+12,35${NBSP}%`);
    expect(formatPercent('0', 'zh')).toBe('0.00%');
  });

  it('writes turnover in the compact units of each language', () => {
    // The USD/JPY turnover, once "225498.58M".
    expect(formatCompact('225498580000', 'en')).toBe('225.50B');
    expect(formatCompact('225498580000', 'zh')).toBe('2,254.99亿');
    expect(formatCompact('225498580000', 'jp')).toBe('2,254.99億');
    expect(formatCompact('225498580000', 'vi')).toBe(`225,50${NBSP}T`);
    expect(formatCompact('225498580000', 'fra')).toBe(`225,50${NBSP}Md`);
    expect(formatCompact('12345', 'zh')).toBe('1.23万');
    expect(formatCompact('1234', 'zh')).toBe('1,234.00');
    expect(formatCompact('327890000', 'en')).toBe('327.89M');
    expect(formatCompact('0', 'en')).toBe('0.00');
  });
});

describe('fiat amounts with their own decimals', () => {
  it("writes each currency's ISO 4217 minor units (VND and JPY none)", () => {
    // The figures: "≈ ₫16,696.1660", "₫3,725.64325", "¥7,143,017.95".
    expect(formatFiat('16696.1660', 'VND', 'en')).toBe('₫16,696');
    expect(formatFiat('3725.64325', 'VND', 'en')).toBe('₫3,726');
    expect(formatFiat('7143017.95', 'JPY', 'en')).toBe('¥7,143,018');
    expect(formatFiat('16696.1660', 'VND', 'vi')).toBe(`16.696${NBSP}₫`);
    expect(formatFiat('7143017.5', 'JPY', 'jp')).toBe('¥7,143,018');
    expect(formatFiat('1234.565', 'USD', 'en')).toBe('$1,234.57');
    expect(formatFiat('1234.5', 'EUR', 'fra')).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(formatFiat('1234.5', 'EUR', 'zh')).toBe('€1,234.50');
    expect(formatFiat('-1234.5', 'EUR', 'vi')).toBe(`-1.234,50${NBSP}€`);
    expect(formatFiat('3.6725', 'AED', 'en')).toBe(`AED${NBSP}3.67`);
    expect(formatFiat('0', 'USDT', 'en')).toBe('$0.00');
  });

  it('keeps 4 significant digits of a converted price below one unit', () => {
    expect(formatFiatPrice('0.0000248', 'USD', 'en')).toBe('$0.0000248');
    expect(formatFiatPrice('0.612', 'USDT', 'en')).toBe('$0.612');
    expect(formatFiatPrice('0.1', 'USDT', 'en')).toBe('$0.10');
    expect(formatFiatPrice('0.63005', 'VND', 'vi')).toBe(`0,6301${NBSP}₫`);
    expect(formatFiatPrice('16696.166', 'VND', 'vi')).toBe(`16.696${NBSP}₫`);
  });

  it("agrees with Intl's minor units for every ISO currency offered", () => {
    for (const code of FIAT_CODES) {
      if (code === 'USDT') continue;
      const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
      expect(FIAT_DECIMALS[code], code).toBe(digits);
    }
  });

  /** The digits of a formatted figure, read back as a plain decimal (separators of `lang` removed). */
  const readBack = (text: string, lang: Lang): string => {
    const s = numberSymbols(lang);
    const body = text
      .split(s.group)
      .join('')
      .replace(/[^\d,.-]/g, '');
    const negative = body.startsWith('-');
    const plain = body.replace('-', '').split(s.decimal).join('.');
    return negative ? `-${plain}` : plain;
  };

  it('never shows more than the currency decimals, and reads back as the value rounded half up', () => {
    const decimalText = fc
      .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
      .map(([units, scale]) => new Decimal(units.toString()).div(new Decimal(10).pow(scale)).toFixed());
    fc.assert(
      fc.property(decimalText, fc.constantFrom(...FIAT_CODES), fc.constantFrom(...LANGS), (value, code: FiatCode, lang) => {
        const text = formatFiat(value, code, lang);
        const s = numberSymbols(lang);
        const decimals = FIAT_DECIMALS[code];
        const fraction = text.includes(s.decimal) ? (text.split(s.decimal)[1] ?? '').replace(/\D.*$/, '') : '';
        expect(fraction.length).toBe(decimals);
        const rounded = new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
        expect(new Decimal(readBack(text, lang)).eq(rounded)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('formats a long decimal exactly, as Intl does from a string (no float on the way)', () => {
    const value = '12345678901234567890.123456789';
    for (const lang of LANGS) {
      const ours = formatNumber(value, lang);
      const intl = new Intl.NumberFormat(LANG_TAGS[lang], { maximumFractionDigits: 20 }).format(value as unknown as number);
      expect(ours, lang).toBe(intl);
    }
  });
});

const ticker = (symbol: string, price: string, price_decimals: number, turnover = '1000'): Ticker => {
  const [base = '', quote = ''] = symbol.split('/');
  return {
    id: 1,
    symbol,
    base,
    quote,
    currency_id: 1,
    legal_id: 2,
    category: 'crypto',
    price_decimals,
    qty_decimals: 2,
    price,
    open: price,
    high: price,
    low: price,
    change: '1.5',
    volume: '10',
    turnover,
    ts: 0,
  };
};

describe('ticker views in the display currency and language', () => {
  const vnd = { currency_code: 'VND' as const, rate: '25405', saveTime: 0 };
  const jpy = { currency_code: 'JPY' as const, rate: '151.24', saveTime: 0 };

  it('shows VND and JPY prices without decimals', () => {
    expect(buildTickerView(ticker('ADA/USDT', '0.6572', 4), vnd, 'en').fiatText).toBe('≈ ₫16,696');
    expect(buildTickerView(ticker('ADA/USDT', '0.6572', 4), vnd, 'vi').fiatText).toBe(`≈ 16.696${NBSP}₫`);
    expect(buildTickerView(ticker('BTC/USDT', '47229.42', 2), jpy, 'jp').fiatText).toBe('≈ ¥7,142,977');
    const view = buildTickerView(ticker('BTC/USDT', '67250.1', 2, '327890000'), vnd, 'vi');
    expect(view.priceText).toBe('67.250,10');
    expect(view.changeText).toBe('+1,50%');
    expect(view.turnoverText).toBe(`327,89${NBSP}Tr`);
  });

  it('gives a pair quoted in a fiat currency its "≈" line too', () => {
    const lookup = (prices: Record<string, string>) => (symbol: string) => prices[symbol];
    const usdJpy = ticker('USD/JPY', '151.240', 3, '225498580000');
    const worth = quoteWorth('JPY', lookup({ 'USD/JPY': '151.240' }));
    expect(worth).not.toBeNull();
    expect(buildTickerView(usdJpy, { currency_code: 'USDT', rate: '1', saveTime: 0 }, 'en', worth).fiatText).toBe('≈ $1.00');
    expect(buildTickerView(usdJpy, vnd, 'en', worth).fiatText).toBe('≈ ₫25,405');
    // In the quote currency itself the line is the price, whatever the rates.
    expect(buildTickerView(usdJpy, jpy, 'en', null).fiatText).toBe('≈ ¥151');
    expect(buildTickerView(usdJpy, jpy, 'en', worth).turnoverText).toBe('225.50B');
    expect(quoteWorth('EUR', lookup({ 'EUR/USD': '1.08520' }))!.toFixed()).toBe('1.0852');
    expect(quoteWorth('XYZ', lookup({}))).toBeNull();
  });
});
