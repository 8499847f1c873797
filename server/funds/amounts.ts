import type { Currency } from '../../domain/market/types';
import type { Decimal } from '../../domain/decimal';
import { parseAmount } from '../../domain/funds/amounts';
import { AppError } from '../http/AppError';
import type { MarketSource } from '../market/MarketSource';

/** The currency with `id`, or `validation.currencyRequired`. */
export function requireCurrency(market: MarketSource, id: number): Currency {
  const currency = market.currencies.find((c) => c.id === id);
  if (!currency) throw new AppError('validation.currencyRequired');
  return currency;
}

/**
 * An amount of `currency` read by the shared rule (domain/funds/amounts.ts): positive, no more
 * decimals than the currency carries, at most its per-request maximum; else the reason it is not.
 */
export function readAmount(value: string, currency: Currency): Decimal {
  const parsed = parseAmount(value, currency);
  if (!parsed.ok) throw new AppError(`validation.${parsed.issue}`, parsed.params);
  return parsed.amount;
}
