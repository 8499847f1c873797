/**
 * The finance tab's summary (docs/FINANCE.md "Finance tab"): each registered
 * product's holdings summed per currency, valued in USDT by the market's prices (or the
 * product's own unit price), and the total in the user's display currency.
 */
import { Decimal } from '../../domain/decimal';
import { FINANCE_PRODUCTS, type FinanceHolding, type FinanceProductSummary, type FinanceSummary } from '../../domain/financial/types';
import type { Valuation } from '../funds/Valuation';
import type { MarketSource } from '../market/MarketSource';
import type { RateSource } from '../rates/RateSource';
import type { FinanceRegistry } from './FinanceRegistry';

export class FinancialService {
  constructor(private readonly deps: { registry: FinanceRegistry; valuation: Valuation; market: MarketSource; rates: RateSource }) {}

  async summary(userId: number, fiatCode: string): Promise<FinanceSummary> {
    const rates = await this.deps.rates.all();
    const fiat = rates.find((r) => r.currency_code === fiatCode) ?? rates[0]!;
    const sources = [...this.deps.registry.all()].sort((a, b) => FINANCE_PRODUCTS.indexOf(a.product) - FINANCE_PRODUCTS.indexOf(b.product));
    let total = new Decimal(0);
    let yields = new Decimal(0);
    const products: FinanceProductSummary[] = [];
    for (const source of sources) {
      const { open_orders, holdings } = await source.holdings(userId);
      const byCurrency = new Map<number, { amount: Decimal; yield: Decimal; usdt: Decimal | null; yieldUsdt: Decimal | null }>();
      for (const h of holdings) {
        const unit = h.unit_usdt ?? this.deps.valuation.priceUsdt(h.currency_id);
        const row = byCurrency.get(h.currency_id) ?? {
          amount: new Decimal(0),
          yield: new Decimal(0),
          usdt: new Decimal(0),
          yieldUsdt: new Decimal(0),
        };
        row.amount = row.amount.plus(h.amount);
        row.yield = row.yield.plus(h.yield);
        row.usdt = unit && row.usdt ? row.usdt.plus(h.amount.plus(h.yield).mul(unit)) : null;
        row.yieldUsdt = unit && row.yieldUsdt ? row.yieldUsdt.plus(h.yield.mul(unit)) : null;
        byCurrency.set(h.currency_id, row);
      }
      let value = new Decimal(0);
      let yieldValue = new Decimal(0);
      const list: FinanceHolding[] = [...byCurrency.entries()].map(([currencyId, r]) => {
        if (r.usdt) value = value.plus(r.usdt);
        if (r.yieldUsdt) yieldValue = yieldValue.plus(r.yieldUsdt);
        return {
          currency_id: currencyId,
          currency: this.deps.market.currencies.find((c) => c.id === currencyId)?.name ?? String(currencyId),
          amount: r.amount.toFixed(),
          yield: r.yield.toFixed(),
          usdt_value: r.usdt ? r.usdt.toFixed(2) : null,
        };
      });
      list.sort((a, b) => new Decimal(b.usdt_value ?? 0).cmp(a.usdt_value ?? 0));
      total = total.plus(value);
      yields = yields.plus(yieldValue);
      products.push({
        product: source.product,
        open_orders,
        holdings: list,
        value_usdt: value.toFixed(2),
        yield_usdt: yieldValue.toFixed(2),
        yield_kind: source.yieldKind,
      });
    }
    return { products, total_usdt: total.toFixed(2), total_fiat: total.mul(fiat.rate).toFixed(2), yield_usdt: yields.toFixed(2), fiat };
  }
}
