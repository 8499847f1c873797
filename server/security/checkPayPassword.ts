import { verifyPassword } from '../auth/passwords';
import { AppError } from '../http/AppError';
import { ensureNotBlocked, type Limits } from '../http/limits';
import type { UserRepository } from '../users/UserRepository';

/**
 * Throws unless `pin` is the user's payment password. Wrong guesses are counted per user
 * (5 per 15 minutes), so six digits cannot be tried through.
 */
export async function checkPayPassword(users: UserRepository, limits: Limits, userId: number, pin: string): Promise<void> {
  const user = await users.byId(userId);
  if (!user?.pay_password_hash) throw new AppError('errors.payPasswordNotSet');
  const key = `pay:${userId}`;
  ensureNotBlocked(limits.payPassword, key);
  if (!(await verifyPassword(pin, user.pay_password_hash))) {
    limits.payPassword.hit(key);
    throw new AppError('errors.payPasswordWrong');
  }
  limits.payPassword.reset(key);
}
