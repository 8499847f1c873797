/**
 * The lockming products a fresh database starts with (first start only): two or three per
 * category, in the coins the treasury holds, with the spec's worked example (15 days at 0.19% a
 * day, 0.4% a day left to redeem early) first. Operators change them in SQL for now.
 */
import type { LockmingCategory } from '../../domain/lockming/types';
import type { Currency } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { LockmingRepository } from './LockmingRepository';

type Seed = [
  category: LockmingCategory,
  coin: string,
  days: number,
  dailyRate: string,
  min: string,
  limit: string,
  quota: string,
  penalty: string,
];

const PRODUCTS: readonly Seed[] = [
  ['mining', 'USDT', 15, '0.0019', '100', '50000', '1000000', '0.004'],
  ['mining', 'USDT', 7, '0.0012', '50', '20000', '500000', '0.003'],
  ['mining', 'BTC', 30, '0.0005', '0.001', '2', '20', '0.005'],
  ['defi', 'ETH', 14, '0.0015', '0.05', '50', '300', '0.004'],
  ['defi', 'USDT', 30, '0.0022', '500', '100000', '800000', '0.005'],
  ['cloud', 'USDT', 60, '0.0028', '1000', '100000', '600000', '0.006'],
  ['cloud', 'BTC', 90, '0.0007', '0.01', '1', '10', '0.006'],
];

export async function seedLockmingProducts(
  db: Db,
  deps: { repo: LockmingRepository; currencies: readonly Currency[]; clock: Clock },
): Promise<void> {
  if ((await deps.repo.countProducts()) > 0) return;
  const now = deps.clock.now();
  await db.tx(async (q) => {
    let sort = 0;
    for (const [category, coin, days, rate, min, limit, quota, penalty] of PRODUCTS) {
      const currency = deps.currencies.find((c) => c.name === coin);
      if (!currency) continue;
      await deps.repo.insertProduct(q, {
        category,
        currency_id: currency.id,
        cycle_days: days,
        daily_rate: rate,
        min_amount: min,
        user_limit: limit,
        quota,
        penalty_rate: penalty,
        on_sale: true,
        sort: sort++,
        created_at: now,
      });
    }
  });
}
