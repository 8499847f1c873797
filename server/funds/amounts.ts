import type { Currency } from '../../domain/market/types';
import type { Decimal } from '../../domain/decimal';
import { parseAmount } from '../../domain/funds/formulas';
import { AppError } from '../http/AppError';
import type { MarketSource } from '../market/MarketSource';

/** The currency with `id`, or `validation.currencyRequired`. */
export function requireCurrency(market: MarketSource, id: number): Currency {
  const currency = market.currencies.find((c) => c.id === id);
  if (!currency) throw new AppError('validation.currencyRequired');
  return currency;
}

/** A positive amount with no more decimals than `currency` carries, or the reason it is not. */
export function readAmount(value: string, currency: Currency): Decimal {
  const parsed = parseAmount(value, currency.decimals);
  if (!parsed.ok) throw new AppError(`validation.${parsed.issue}`, { decimals: currency.decimals });
  return parsed.amount;
}
