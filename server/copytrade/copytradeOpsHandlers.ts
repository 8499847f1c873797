import type { OpsTrader } from '../../domain/copytrade/ops';
import { AppError } from '../http/AppError';
import type { OpsHandler } from '../ops/opsRoutes';
import type { UserRepository } from '../users/UserRepository';
import type { CopyRepository, TraderRow } from './CopyRepository';
import type { CopyService } from './CopyService';

type Handlers = {
  '/copytrade/traders': OpsHandler<'/copytrade/traders'>;
  '/copytrade/approve': OpsHandler<'/copytrade/approve'>;
  '/copytrade/reject': OpsHandler<'/copytrade/reject'>;
};

/** The operator's copy-trading endpoints (domain/copytrade/ops.ts): the applications and their decisions. */
export function createCopytradeOpsHandlers(copytrade: { service: CopyService; repo: CopyRepository }, users: UserRepository): Handlers {
  const { service, repo } = copytrade;
  const userOf = async (value: string) => {
    const user = /^\d+$/.test(value) ? await users.byId(Number(value)) : await users.byEmail(value);
    if (!user) throw new AppError('errors.userNotFound');
    return user;
  };
  const view = async (t: TraderRow): Promise<OpsTrader> => {
    const user = await users.byId(t.user_id);
    return {
      user_id: t.user_id,
      email: user?.email ?? null,
      nickname: user?.nickname ?? '',
      status: t.status,
      reason: t.reason,
      followers: await repo.followerCount(t.user_id),
      applied_at: t.applied_at,
      decided_at: t.decided_at,
    };
  };
  return {
    '/copytrade/traders': async ({ status }) => Promise.all((await repo.traders(status === 'all' ? undefined : status)).map(view)),
    '/copytrade/approve': async ({ user }) => view(await service.decide((await userOf(user)).id, true, null)),
    '/copytrade/reject': async ({ user, reason }) => view(await service.decide((await userOf(user)).id, false, reason)),
  };
}
