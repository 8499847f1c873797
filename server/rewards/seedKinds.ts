/**
 * Demo coupon kinds for a fresh installation (as lockming seeds its products and the NFT area its
 * catalogue): a futures fee voucher and a deposit bonus, claimable for 90 days from the first
 * start. Seeded once (a `reward_settings` marker), so an operator's later kinds are never touched.
 */
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import type { RewardsRepository } from './RewardsRepository';
import { USDT_ID } from './RewardsService';

const MARKER = 'seeded_coupon_kinds';

export async function seedCouponKinds(deps: { repo: RewardsRepository; clock: Clock }): Promise<void> {
  if (await deps.repo.setting(MARKER)) return;
  const now = deps.clock.now();
  const window = { claimable: true, claim_start: now, claim_end: now + 90 * DAY_MS, created_at: now, currency_id: USDT_ID };
  await deps.repo.insertKind({ ...window, type: 'futures_fee', value: '10', threshold: null, valid_days: 30, total: 1000 });
  await deps.repo.insertKind({ ...window, type: 'deposit_bonus', value: '20', threshold: '500', valid_days: 30, total: 500 });
  await deps.repo.setSetting(MARKER, String(now), now);
}
