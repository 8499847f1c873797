/**
 * The IEO projects a fresh database starts with (first start only), placed around the start's
 * clock so that each phase shows: one in progress, one preheating, one finished (allocated by
 * the engine from whatever was subscribed, which on a fresh database is nothing). Operators add
 * more with `npm run ops -- create-project`.
 */
import type { IeoProjectInput } from '../../domain/ieo/types';
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import type { IeoRepository } from './IeoRepository';
import type { IeoService } from './IeoService';

const HOUR_MS = 3_600_000;

export async function seedIeoProjects(deps: { repo: IeoRepository; service: IeoService; clock: Clock }): Promise<void> {
  if ((await deps.repo.countProjects()) > 0) return;
  // Whole hours, so the windows read cleanly.
  const now = Math.floor(deps.clock.now() / HOUR_MS) * HOUR_MS;
  const common = { pay_currency: 'USDT', token_decimals: 2 };
  const projects: IeoProjectInput[] = [
    {
      ...common,
      name: 'Kestrel Network',
      token: 'KSTL',
      price: '0.05',
      total: '20000000',
      min_amount: '100',
      max_amount: '200000',
      starts_at: now - 2 * DAY_MS,
      ends_at: now + 5 * DAY_MS,
      lock_days: 30,
      whitepaper: 'https://kestrel.example/whitepaper.pdf',
      website: 'https://kestrel.example',
      description:
        'Kestrel Network is a settlement layer for exchange-to-exchange transfers. KSTL pays network fees and is staked by validators.',
    },
    {
      ...common,
      name: 'Orbit Data',
      token: 'ORBT',
      price: '0.12',
      total: '5000000',
      min_amount: '50',
      max_amount: '50000',
      starts_at: now + 3 * DAY_MS,
      ends_at: now + 10 * DAY_MS,
      lock_days: 60,
      whitepaper: 'https://orbit.example/whitepaper.pdf',
      website: 'https://orbit.example',
      description: 'Orbit Data sells verifiable market data feeds; ORBT buys feed subscriptions at a discount.',
    },
    {
      ...common,
      name: 'Nova Pay',
      token: 'NOVA',
      price: '0.8',
      total: '1000000',
      min_amount: '10',
      max_amount: '10000',
      starts_at: now - 20 * DAY_MS,
      ends_at: now - 13 * DAY_MS,
      lock_days: 7,
      whitepaper: 'https://novapay.example/whitepaper.pdf',
      website: 'https://novapay.example',
      description: 'Nova Pay settles card payments in stablecoins; NOVA holders share the settlement fees.',
    },
  ];
  for (const p of projects) await deps.service.create(p);
}
