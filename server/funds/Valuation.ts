import { Decimal, type DecimalValue } from '../../domain/decimal';
import type { MarketSource } from '../market/MarketSource';

export const USDT_ID = 3;
export const BTC_ID = 1;

/** Prices of currencies in USDT from the market source (USDT is 1; others from their `/USDT` pair). */
export class Valuation {
  constructor(private readonly market: MarketSource) {}

  /** The USDT price of a currency, or null when no USDT pair quotes it. */
  priceUsdt(currencyId: number): Decimal | null {
    if (currencyId === USDT_ID) return new Decimal(1);
    const currency = this.market.currencies.find((c) => c.id === currencyId);
    const ticker = currency && this.market.ticker(`${currency.name}/USDT`);
    return ticker ? new Decimal(ticker.price) : null;
  }

  /** `amount` of a currency in USDT, or null when it has no price. */
  toUsdt(currencyId: number, amount: DecimalValue): Decimal | null {
    const price = this.priceUsdt(currencyId);
    return price && new Decimal(amount).mul(price);
  }
}
