import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { hashPassword } from '../auth/passwords';
import type { UserRepository } from '../users/UserRepository';
import { seedContent } from '../content/seedContent';

/** The demo account created on first start (also in the README). */
export const DEMO_ACCOUNT = { email: 'demo@kestrel.local', password: 'Demo#2026' } as const;

const SETTINGS: Record<string, string> = {
  site_name: 'Kestrel',
  site_logo: '/logo.svg',
  service_email: 'support@kestrel.local',
  withdraw_arrival_hours: '24',
};

/**
 * First-start content: site settings, news and banners, and (when `demoAccount`) the demo
 * account. Idempotent: rows that exist are left alone, so an operator's edits survive restarts.
 */
export async function seed(db: Db, deps: { clock: Clock; users: UserRepository; scryptLogN: number; demoAccount: boolean }): Promise<void> {
  const now = deps.clock.now();
  for (const [keyword, value] of Object.entries(SETTINGS)) {
    await db.query('INSERT INTO settings (keyword, value) VALUES ($1, $2) ON CONFLICT (keyword) DO NOTHING', [keyword, value]);
  }

  await seedContent(db, deps.clock);

  if (deps.demoAccount && !(await deps.users.byEmail(DEMO_ACCOUNT.email))) {
    await deps.users.create({
      email: DEMO_ACCOUNT.email,
      areaCode: null,
      mobile: null,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password, deps.scryptLogN),
      invitedBy: null,
      nickname: 'Demo',
      createdAt: now,
    });
  }
}
