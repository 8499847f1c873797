import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecimalValue } from '../../domain/decimal';
import { FIAT_DECIMALS, type FiatCode } from '../../domain/fiat';
import {
  AMOUNT_DECIMALS_FALLBACK,
  formatAmount,
  formatBalance,
  formatFiat,
  formatNumber,
  formatRate,
  localizeDecimal,
} from '../../domain/format';
import { DEFAULT_LANG, isLang, type Lang } from '../../domain/i18n';
import { apiQuery } from '../api/queries';

/** The app's number formats, bound to the interface language and the coins' precisions. */
export interface NumberFormats {
  lang: Lang;
  /** An amount of `currency` at its precision, trailing zeros trimmed: `"1,250.5"` (`"1.250,5"` in vi). */
  amount: (value: DecimalValue, currency: string) => string;
  /** A balance of `currency` (available, frozen, held) at its display decimals: `"3,681.78"` USDT, not `"3,681.775399"`. */
  balance: (value: DecimalValue, currency: string) => string;
  /** A valuation in USDT (a total, a coin's worth), as a dollar amount: 2 decimals, `"1,250.50"`. */
  usdtValue: (value: DecimalValue) => string;
  /** A fiat amount with its currency's decimals and sign: `"₫16,696"`, `"1 234,50 €"`. */
  fiat: (value: DecimalValue, code: FiatCode) => string;
  /** An exchange rate to 8 significant digits. */
  rate: (value: DecimalValue) => string;
  /** A plain figure (a limit, a count) in the language's format, digits kept. */
  number: (value: DecimalValue) => string;
}

/** The precision of each coin by name (`GET /currency/list`); empty while the list loads. */
export function useCoinDecimals(): Map<string, number> {
  const { data } = useQuery(apiQuery('/currency/list'));
  return useMemo(() => new Map((data?.currencies ?? []).map((c) => [c.name, c.decimals])), [data]);
}

/**
 * Formats numbers for display with `domain/format.ts` (the worker's rules too) in the current
 * language; re-renders when the language changes.
 */
export function useFormat(): NumberFormats {
  const { i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const decimals = useCoinDecimals();
  return useMemo(
    () => ({
      lang,
      amount: (value, currency) => formatAmount(value, decimals.get(currency) ?? AMOUNT_DECIMALS_FALLBACK, lang),
      balance: (value, currency) => formatBalance(value, currency, decimals.get(currency) ?? AMOUNT_DECIMALS_FALLBACK, lang),
      usdtValue: (value) => formatNumber(value, lang, { maxDecimals: FIAT_DECIMALS.USDT }),
      fiat: (value, code) => formatFiat(value, code, lang),
      rate: (value) => formatRate(value, lang),
      number: (value) => (typeof value === 'string' ? localizeDecimal(value, lang) : formatNumber(value, lang)),
    }),
    [lang, decimals],
  );
}
