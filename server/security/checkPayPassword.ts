import { createHash } from 'node:crypto';
import { verifyPassword } from '../auth/passwords';
import { AppError } from '../http/AppError';
import { enforce, type Limits } from '../http/limits';
import type { UserRepository } from '../users/UserRepository';

/** Checks in flight, per set of limits: identical concurrent checks share one evaluation. */
const inFlight = new WeakMap<Limits, Map<string, Promise<boolean>>>();

/**
 * Throws unless `pin` is the user's payment password. At most 5 wrong guesses per user per 15
 * minutes, so six digits cannot be tried through: each evaluation reserves its attempt
 * atomically BEFORE the slow hash (so 40 different guesses sent at once get at most 5
 * evaluated), and a right one gives its attempt back. The same pin sent several times at once
 * (one user's concurrent withdrawals) is evaluated once and takes one attempt, so a burst of
 * right answers is not refused for holding every attempt at the same moment.
 */
export async function checkPayPassword(users: UserRepository, limits: Limits, userId: number, pin: string): Promise<void> {
  const user = await users.byId(userId);
  if (!user?.pay_password_hash) throw new AppError('errors.payPasswordNotSet');
  const storedHash = user.pay_password_hash;
  let checks = inFlight.get(limits);
  if (!checks) inFlight.set(limits, (checks = new Map()));
  const key = `${userId}:${createHash('sha256').update(`${storedHash}\n${pin}`).digest('base64')}`;
  let pending = checks.get(key);
  if (!pending) {
    const limitKey = `user:${userId}`;
    pending = (async () => {
      await enforce(limits.payPassword, limitKey);
      const ok = await verifyPassword(pin, storedHash);
      if (ok) await limits.payPassword.release(limitKey);
      return ok;
    })();
    checks.set(key, pending);
    const done = () => void checks.delete(key);
    pending.then(done, done);
  }
  if (!(await pending)) throw new AppError('errors.payPasswordWrong');
}
