/**
 * A simulated user's session as the app keeps it: the server ends a session after a week without
 * a request or a month in any case (`server/auth/SessionStore.ts`); a run moves the clock through
 * weeks, so a user who has been away signs in again with their password before their next call,
 * as the app sends them to the login page. The limits are the server's own, less an hour's margin
 * (the server notes a session's last request at most once a minute).
 */
import type { LoginAnswer } from '../../domain/auth/types';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../server/auth/SessionStore';
import { isOk, type Http } from './http';
import type { SimUser } from './types';

const MARGIN_MS = 3_600_000;

/**
 * Signs `user` in again if their session would have ended by `now`. It does not count as a
 * request of the user's: `sentBy` does, once one has been sent (an action that only looks and
 * sends nothing leaves the server's idle clock running).
 */
export async function keepSignedIn(user: SimUser, http: Http, now: number): Promise<void> {
  if (now - user.seenAt < SESSION_IDLE_MS - MARGIN_MS && now - user.signedInAt < SESSION_MAX_MS - MARGIN_MS) return;
  const answer = await http.call<LoginAnswer>(
    '/user/login',
    { user_string: user.email, password: user.password },
    { ip: user.ip, lang: user.lang },
  );
  if (!isOk(answer) || typeof answer.body.message !== 'string')
    throw new Error(`user ${user.id} could not sign in again: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  user.token = answer.body.message;
  user.signedInAt = now;
  user.seenAt = now;
  user.signIns++;
}

/** Notes a request sent with the user's session at `now` (the server's idle clock restarts). */
export function sentBy(user: SimUser, now: number): void {
  user.seenAt = Math.max(user.seenAt, now);
}
