/** Display currencies a user may pick (spec §3); USDT is the default with rate 1. */
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
