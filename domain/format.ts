/**
 * The display rules of numbers, for the worker and the app alike: every figure a user
 * reads is rounded here with decimal.js (never through a float) and written in the interface
 * language's own format (grouping, decimal mark, percent sign, currency position, compact
 * units), read once per language from `Intl.NumberFormat`'s `formatToParts`. Domain code gets the
 * language as a parameter; it never asks i18next.
 */
import { Decimal, type DecimalValue } from './decimal';
import { FIAT_DECIMALS, FIAT_SYMBOLS, type FiatCode } from './fiat';
import { DEFAULT_LANG, LANG_TAGS, type Lang } from './i18n';

/** Default display precision: 2 decimals, at most 4. */
export const DISPLAY_PRECISION_DEFAULT = 2;
export const DISPLAY_PRECISION_MAX = 4;
/** Significant digits of an exchange rate (integer digits are never rounded away). */
export const RATE_SIGNIFICANT_DIGITS = 8;
/** Significant digits a converted price below one unit of its fiat keeps (`≈ $0.0000248`). */
export const FIAT_SMALL_SIGNIFICANT_DIGITS = 4;
/** Decimals of an amount whose currency's precision is not known (yet). */
export const AMOUNT_DECIMALS_FALLBACK = 8;

type Numeric = DecimalValue;

function clampPrecision(precision: number): number {
  return Math.min(DISPLAY_PRECISION_MAX, Math.max(DISPLAY_PRECISION_DEFAULT, Math.trunc(precision)));
}

/** Fixed decimals clamped to 2..4, rounding half up: `formatPrecision("1.23456", 3)` → `"1.235"`. */
export function formatPrecision(value: Numeric, precision = DISPLAY_PRECISION_DEFAULT): string {
  return new Decimal(value).toFixed(clampPrecision(precision));
}

// ---------------------------------------------------------------------------------------------
// The language's number symbols, read from Intl once per language.

/** What a language writes around digits: separators, where a currency or percent sign goes. */
export interface NumberSymbols {
  group: string;
  decimal: string;
  /** Integer digits a number needs before it is grouped at all (4 in most languages, 5 in Spanish). */
  groupFrom: number;
  /** Text before and after the digits of a percentage (`"%"`, or `" %"` with a no-break space in French). */
  percentBefore: string;
  percentAfter: string;
  /** True when the currency sign goes before the digits (`$1.00`), false after (`1,00 $`). */
  currencyFirst: boolean;
  /** What sits between the digits and a currency sign that follows them (a no-break space). */
  currencyGap: string;
}

const EN_SYMBOLS: NumberSymbols = {
  group: ',',
  decimal: '.',
  groupFrom: 4,
  percentBefore: '',
  percentAfter: '%',
  currencyFirst: true,
  currencyGap: '\u00a0',
};

const symbolsCache = new Map<Lang, NumberSymbols>();

function readSymbols(lang: Lang): NumberSymbols {
  if (typeof Intl === 'undefined' || typeof Intl.NumberFormat !== 'function') return EN_SYMBOLS;
  const tag = LANG_TAGS[lang];
  const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: 1 }).formatToParts(1234567.5);
  const group = plain.find((p) => p.type === 'group')?.value ?? EN_SYMBOLS.group;
  const decimal = plain.find((p) => p.type === 'decimal')?.value ?? EN_SYMBOLS.decimal;
  const groupsFour = new Intl.NumberFormat(tag).formatToParts(1234).some((p) => p.type === 'group');

  const percent = new Intl.NumberFormat(tag, { style: 'percent' }).formatToParts(0.5);
  const pDigits = percent.findIndex((p) => p.type === 'integer');
  const percentBefore = percent
    .slice(0, pDigits)
    .map((p) => p.value)
    .join('');
  const percentAfter = percent
    .slice(pDigits + 1)
    .map((p) => p.value)
    .join('');

  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).formatToParts(1);
  const cIndex = money.findIndex((p) => p.type === 'currency');
  const iIndex = money.findIndex((p) => p.type === 'integer');
  const gap = money.find((p) => p.type === 'literal')?.value ?? '';
  return {
    group,
    decimal,
    groupFrom: groupsFour ? 4 : 5,
    percentBefore,
    percentAfter: percentAfter || '%',
    currencyFirst: cIndex < iIndex,
    currencyGap: gap.trim() === '' && gap !== '' ? gap : '\u00a0',
  };
}

/** The number symbols of `lang` (cached). */
export function numberSymbols(lang: Lang = DEFAULT_LANG): NumberSymbols {
  let symbols = symbolsCache.get(lang);
  if (!symbols) {
    symbols = readSymbols(lang);
    symbolsCache.set(lang, symbols);
  }
  return symbols;
}

/**
 * Writes a plain decimal string (already rounded: `"-1234567.5"`) in the language's format,
 * digits untouched: `localizeDecimal("1234567.5", "vi")` → `"1.234.567,5"`.
 */
export function localizeDecimal(plain: string, lang: Lang = DEFAULT_LANG): string {
  const s = numberSymbols(lang);
  const negative = plain.startsWith('-');
  const body = negative ? plain.slice(1) : plain;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot + 1);
  const grouped = whole.length >= s.groupFrom ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, s.group) : whole;
  return `${negative ? '-' : ''}${grouped}${frac ? `${s.decimal}${frac}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Rounding (decimal.js only) and the kinds of figure.

/** Options of `formatNumber`: the decimals kept, and how many of them stay when they are zeros. */
export interface NumberOptions {
  /** Rounds half up to this many decimals (default: keep them all). */
  maxDecimals?: number;
  /** Trailing zeros are trimmed down to this many decimals (default: `maxDecimals`, i.e. fixed). */
  minDecimals?: number;
}

/** Rounds half up to `max` decimals and writes it with between `min` and `max` decimals, plain. */
function toPlain(value: Numeric, max: number | undefined, min: number | undefined): string {
  let d = new Decimal(value);
  if (max !== undefined) d = d.toDecimalPlaces(max, Decimal.ROUND_HALF_UP);
  if (d.isZero()) d = new Decimal(0); // never "-0"
  const keep = min ?? max ?? 0;
  const text = d.toFixed();
  const dot = text.indexOf('.');
  const decimals = dot < 0 ? 0 : text.length - dot - 1;
  return decimals < keep ? d.toFixed(keep) : text;
}

/**
 * A number in the language's format, rounded half up: `formatNumber("1234.5", "fra", { maxDecimals: 2 })`
 * → `"1 234,50"` (narrow no-break space).
 */
export function formatNumber(value: Numeric, lang: Lang = DEFAULT_LANG, options: NumberOptions = {}): string {
  return localizeDecimal(toPlain(value, options.maxDecimals, options.minDecimals), lang);
}

/**
 * An amount of a coin at the coin's precision, trailing zeros trimmed (as exchanges show balances
 * and history): `formatAmount("1250.500000", 6, "en")` → `"1,250.5"`.
 */
export function formatAmount(value: Numeric, decimals: number, lang: Lang = DEFAULT_LANG): string {
  return formatNumber(value, lang, { maxDecimals: decimals, minDecimals: 0 });
}

/** Coins shown in cents, as exchanges show a dollar-pegged balance ("3,681.77", not "3,681.775399"). */
const CENT_COINS: ReadonlySet<string> = new Set(['USDT']);

/** Decimals a balance or a total of `currency` is shown with: cents for a dollar coin, else the coin's own precision. */
export function displayDecimals(currency: string, decimals: number): number {
  return CENT_COINS.has(currency) ? Math.min(decimals, FIAT_DECIMALS.USDT) : decimals;
}

/**
 * A balance of `currency` at its display decimals, rounded half up as every figure shown (so it
 * agrees with its "≈ USDT" value beside it), trailing zeros trimmed:
 * `formatBalance("3681.775399", "USDT", 6)` → `"3,681.78"`.
 */
export function formatBalance(value: Numeric, currency: string, decimals: number, lang: Lang = DEFAULT_LANG): string {
  return formatAmount(value, displayDecimals(currency, decimals), lang);
}

/** A market price at the pair's tick precision, fixed: `formatPrice("67250.1", 2, "vi")` → `"67.250,10"`. */
export function formatPrice(value: Numeric, priceDecimals: number, lang: Lang = DEFAULT_LANG): string {
  return formatNumber(value, lang, { maxDecimals: priceDecimals });
}

/**
 * An exchange rate to `significant` digits (8 by default), integer digits never rounded away,
 * trailing zeros trimmed: `0.0000148698884758` → `"0.000014869888"`, `67250.12345` → `"67,250.123"`.
 */
export function formatRate(value: Numeric, lang: Lang = DEFAULT_LANG, significant = RATE_SIGNIFICANT_DIGITS): string {
  const d = new Decimal(value);
  const rounded = d.abs().gte(1)
    ? d.toDecimalPlaces(Math.max(0, significant - d.abs().trunc().toFixed().length), Decimal.ROUND_HALF_UP)
    : d.toSignificantDigits(significant, Decimal.ROUND_HALF_UP);
  return formatNumber(rounded, lang);
}

/** Puts a fiat currency's sign where the language puts it: `$1.00`, `1,00 €`, `AED 3.67`. */
function withFiatSign(number: string, code: FiatCode, lang: Lang): string {
  const s = numberSymbols(lang);
  const sign = FIAT_SYMBOLS[code].trim();
  const negative = number.startsWith('-');
  const digits = negative ? number.slice(1) : number;
  const wordy = /^[A-Z]+$/.test(sign);
  const text = s.currencyFirst ? `${sign}${wordy ? '\u00a0' : ''}${digits}` : `${digits}${s.currencyGap}${sign}`;
  return negative ? `-${text}` : text;
}

/**
 * A fiat amount with its currency's own decimals (ISO 4217 minor units: VND and JPY none),
 * its sign, in the language's format: `formatFiat("16696.166", "VND", "vi")` → `"16.696 ₫"`.
 */
export function formatFiat(value: Numeric, code: FiatCode, lang: Lang = DEFAULT_LANG): string {
  return withFiatSign(formatNumber(value, lang, { maxDecimals: FIAT_DECIMALS[code] }), code, lang);
}

/**
 * A price converted into a fiat currency: its own decimals like `formatFiat`, except that a price
 * below one unit keeps 4 significant digits, so a cheap coin never reads "$0.00":
 * `formatFiatPrice("0.0000248", "USD")` → `"$0.0000248"`, `formatFiatPrice("16696.166", "VND")` → `"₫16,696"`.
 */
export function formatFiatPrice(value: Numeric, code: FiatCode, lang: Lang = DEFAULT_LANG): string {
  const d = new Decimal(value);
  const minor = FIAT_DECIMALS[code];
  if (d.isZero() || d.abs().gte(1)) return formatFiat(d, code, lang);
  const small = d.toSignificantDigits(FIAT_SMALL_SIGNIFICANT_DIGITS, Decimal.ROUND_HALF_UP);
  const decimals = Math.max(minor, small.decimalPlaces());
  return withFiatSign(formatNumber(small, lang, { maxDecimals: decimals, minDecimals: Math.min(minor, decimals) }), code, lang);
}

// ---------------------------------------------------------------------------------------------
// Compact figures: K/M/B, 万/亿, N/Tr/T … as the language writes them.

interface CompactUnit {
  /** The figure is divided by 10^exponent. */
  exponent: number;
  before: string;
  after: string;
}

const compactCache = new Map<string, CompactUnit>();
const NO_UNIT: CompactUnit = { exponent: 0, before: '', after: '' };
const EN_UNITS: [number, string][] = [
  [12, 'T'],
  [9, 'B'],
  [6, 'M'],
  [3, 'K'],
];

/** The language's compact unit for figures of `10^magnitude` (read from Intl's compact notation). */
function compactUnit(magnitude: number, lang: Lang): CompactUnit {
  const key = `${lang}:${magnitude}`;
  const cached = compactCache.get(key);
  if (cached) return cached;
  let unit = NO_UNIT;
  if (typeof Intl !== 'undefined' && typeof Intl.NumberFormat === 'function') {
    const parts = new Intl.NumberFormat(LANG_TAGS[lang], { notation: 'compact', maximumFractionDigits: 0 }).formatToParts(10 ** magnitude);
    const first = parts.findIndex((p) => p.type === 'integer');
    let last = first;
    while (last + 1 < parts.length && (parts[last + 1]!.type === 'integer' || parts[last + 1]!.type === 'group')) last++;
    const digits = parts
      .slice(first, last + 1)
      .filter((p) => p.type === 'integer')
      .map((p) => p.value)
      .join('');
    if (first >= 0 && parts.some((p) => p.type === 'compact')) {
      const text = (from: number, to: number) =>
        parts
          .slice(from, to)
          .map((p) => p.value)
          .join('');
      unit = { exponent: magnitude - (digits.length - 1), before: text(0, first), after: text(last + 1, parts.length) };
    }
  } else {
    const found = EN_UNITS.find(([e]) => magnitude >= e);
    if (found) unit = { exponent: found[0], before: '', after: found[1] };
  }
  compactCache.set(key, unit);
  return unit;
}

/**
 * A large figure in the language's compact notation with `decimals` decimals (default 2), rounded
 * half up with decimal.js: `formatCompact("225498580000", "en")` → `"225.50B"`, in zh `"2,254.99亿"`,
 * in vi `"225,50 T"`. Below the language's first unit it is a plain number with the same decimals.
 */
export function formatCompact(value: Numeric, lang: Lang = DEFAULT_LANG, decimals = DISPLAY_PRECISION_DEFAULT): string {
  const d = new Decimal(value);
  const abs = d.abs();
  let magnitude = abs.gte(1) ? abs.trunc().toFixed().length - 1 : 0;
  for (;;) {
    const unit = compactUnit(magnitude, lang);
    const scaled = d.div(new Decimal(10).pow(unit.exponent)).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
    // Rounding may carry into the next power of ten (999.999K → 1000.00K): take that power's unit.
    const carried = scaled.abs().mul(new Decimal(10).pow(unit.exponent)).trunc().toFixed().length - 1;
    if (carried > magnitude && compactUnit(carried, lang).exponent !== unit.exponent) {
      magnitude = carried;
      continue;
    }
    const number = formatNumber(scaled, lang, { maxDecimals: decimals });
    const negative = number.startsWith('-');
    const text = `${unit.before}${negative ? number.slice(1) : number}${unit.after}`;
    return negative ? `-${text}` : text;
  }
}

// ---------------------------------------------------------------------------------------------
// Signs and colours.

/** Sign of a profit or change for colouring: positive is up (green), zero flat (grey), negative down (red). */
export type Tone = 'up' | 'flat' | 'down';

/** Tone of a signed decimal (colours). */
export function selectTone(value: Numeric): Tone {
  const d = new Decimal(value);
  if (d.isZero()) return 'flat';
  return d.isNegative() ? 'down' : 'up';
}

/** A signed percentage in the language's format: `"1.5"` → `"+1.50%"`, in French `"-0,20 %"`. */
export function formatPercent(value: Numeric, lang: Lang = DEFAULT_LANG, precision = DISPLAY_PRECISION_DEFAULT): string {
  const s = numberSymbols(lang);
  const d = new Decimal(value).toDecimalPlaces(clampPrecision(precision), Decimal.ROUND_HALF_UP);
  const number = formatNumber(d, lang, { maxDecimals: clampPrecision(precision) });
  const negative = number.startsWith('-');
  const sign = negative ? '-' : d.gt(0) ? '+' : '';
  return `${sign}${s.percentBefore}${negative ? number.slice(1) : number}${s.percentAfter}`;
}

/**
 * English thousands separators on a plain decimal string, digits untouched: `"67250.1"` → `"67,250.1"`.
 * Prefer the language-aware `formatAmount`, `formatNumber` or `localizeDecimal`.
 */
export function groupThousands(value: string): string {
  const negative = value.startsWith('-');
  const body = negative ? value.slice(1) : value;
  const [whole = '', frac] = body.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
}
