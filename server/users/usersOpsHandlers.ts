import type { OpsHandler } from '../ops/opsRoutes';
import type { UserRow, UserRepository } from './UserRepository';

/** A user named by id, email or phone number (with or without its +area code); null when none or several match. */
export async function findUser(users: UserRepository, value: string): Promise<UserRow | null> {
  if (/^\d+$/.test(value)) {
    const byId = await users.byId(Number(value));
    if (byId) return byId;
  }
  if (value.includes('@')) return users.byEmail(value);
  const digits = value.replace(/[^\d]/g, '');
  for (let split = 1; split <= 4 && value.startsWith('+'); split++) {
    const [match] = await users.byMobile(digits.slice(split), digits.slice(0, split));
    if (match) return match;
  }
  const matches = await users.byMobile(digits, null);
  return matches.length === 1 ? matches[0]! : null;
}

/** The operator's user search (`npm run ops users`): never a password hash, only whether a pay password is set. */
export function createUsersOpsHandlers(users: UserRepository): { '/users': OpsHandler<'/users'> } {
  return {
    '/users': async ({ q, page, limit }) => {
      const found = await users.search(q || null, { page, limit });
      const data = found.data.map(({ password_hash: _p, pay_password_hash, ...u }) => ({
        ...u,
        pay_password_set: pay_password_hash !== null,
      }));
      return { ...found, data };
    },
  };
}
