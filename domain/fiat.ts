/** Display currencies a user may pick; USDT is the default with rate 1. */
export const FIAT_CODES = ['USDT', 'USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND'] as const;
export type FiatCode = (typeof FIAT_CODES)[number];

export const FIAT_SYMBOLS: Record<FiatCode, string> = {
  USDT: '$',
  USD: '$',
  CNY: '¥',
  GBP: '£',
  HKD: 'HK$',
  JPY: '¥',
  EUR: '€',
  AED: 'AED ',
  THB: '฿',
  PHP: '₱',
  SGD: 'S$',
  VND: '₫',
};

/**
 * Decimals each display currency is written with: its ISO 4217 minor units (VND and JPY have
 * none); USDT, a dollar, has the dollar's 2.
 */
export const FIAT_DECIMALS: Record<FiatCode, number> = {
  USDT: 2,
  USD: 2,
  CNY: 2,
  GBP: 2,
  HKD: 2,
  JPY: 0,
  EUR: 2,
  AED: 2,
  THB: 2,
  PHP: 2,
  SGD: 2,
  VND: 0,
};

/** A display currency and its rate: one USDT is `rate` of it (a decimal string). */
export interface FiatRate {
  currency_code: FiatCode;
  rate: string;
  /** When the rate was fetched, ms; 0 for the built-in default. */
  saveTime: number;
}

export const DEFAULT_FIAT: FiatRate = { currency_code: 'USDT', rate: '1', saveTime: 0 };

/** Quote currencies whose prices convert to the display currency at the USDT rate. */
export const USD_LIKE_QUOTES = new Set(['USDT', 'USD']);
