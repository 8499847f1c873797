import { randomInt } from 'node:crypto';
import type { Clock } from '../clock';
import { UNIQUE_VIOLATION, sqlState } from '../db/db';
import { AppError } from '../http/AppError';
import type { HandlerMap, RequestContext } from '../http/context';
import { enforce, waitError, type Limits } from '../http/limits';
import type { TwoFactor } from '../security/TwoFactor';
import type { UserRepository, UserRow } from '../users/UserRepository';
import type { LoginChallenges } from './LoginChallenges';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionStore } from './SessionStore';
import type { SignIns } from './SignIns';
import { chargeCodeLimits, emailTarget, mobileTarget, type CodeCharge, type VerificationCodes } from './VerificationCodes';

export interface AuthDeps {
  clock: Clock;
  users: UserRepository;
  sessions: SessionStore;
  codes: VerificationCodes;
  limits: Limits;
  scryptLogN: number;
  twoFactor: TwoFactor;
  challenges: LoginChallenges;
  signIns: SignIns;
}

/** Where a login string points: an email or a phone number (with or without its calling code). */
function isEmail(account: string): boolean {
  return account.includes('@');
}

/** Letters and digits of a default nickname's suffix (no 0/o, 1/l look-alikes). */
const NICKNAME_SUFFIX = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * A new account's nickname: "User" and six random letters or digits. It says nothing of the email
 * or phone (the public chat shows nicknames, docs/community/CHAT.md); the user changes it in the
 * profile. Migration 027 renamed accounts whose nickname was still derived from their address.
 */
function defaultNickname(): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += NICKNAME_SUFFIX[randomInt(NICKNAME_SUFFIX.length)];
  return `User${suffix}`;
}

/** Registration, login, logout, password reset and verification codes ("Common and auth"). */
export function createAuthHandlers(deps: AuthDeps): HandlerMap {
  const { clock, users, sessions, codes, twoFactor, challenges, signIns } = deps;
  const { loginByAccount, loginByIp, loginFailuresByAccount, codesByAccount, codesByIp } = deps.limits;
  // Verifies a password even for an unknown account, so timing does not reveal which accounts exist.
  const dummyHash = hashPassword('not-a-real-password', deps.scryptLogN);

  async function findAccount(account: string, areaCode: string | undefined): Promise<UserRow | null> {
    if (isEmail(account)) return users.byEmail(account);
    const matches = await users.byMobile(account.replace(/^\+/, ''), areaCode ?? null);
    if (matches.length > 1) throw new AppError('errors.areaCodeNeeded');
    return matches[0] ?? null;
  }

  /**
   * The login limit's key: the account the input resolves to, however it was spelt (an email
   * with any `area_code`, a phone with or without it), and the client's address, so wrong
   * tries from one address never lock the owner out from another. An input that resolves to no
   * account is keyed on its normalised form, counted exactly like a real one.
   */
  function loginKey(user: UserRow | null, account: string, areaCode: string | undefined, ip: string): string {
    const who = user
      ? `user:${user.id}`
      : isEmail(account)
        ? `email:${account.toLowerCase()}`
        : `mobile:${areaCode ?? ''}:${account.replace(/^\+/, '')}`;
    return `${who}@${ip}`;
  }

  /** The account-wide login limit's key: the account alone, whatever the address. */
  function wholeAccountKey(user: UserRow | null, account: string, areaCode: string | undefined): string {
    return loginKey(user, account, areaCode, '*');
  }

  /** Creates the session and tells the sign-in listeners (the new-device notice). */
  async function signIn(userId: number, ctx: RequestContext, remember: boolean, deviceId: string | null, registration = false) {
    const token = await sessions.create(userId, { ip: ctx.ip, userAgent: ctx.userAgent, remember });
    await signIns.emit({ userId, ip: ctx.ip, userAgent: ctx.userAgent, deviceId, registration });
    return token;
  }

  /** What a code request counts against besides its target: the signed-in account, if any, then the address. */
  function codeCharges(ctx: RequestContext): CodeCharge[] {
    return [...(ctx.user ? [{ limiter: codesByAccount, key: `user:${ctx.user.id}` }] : []), { limiter: codesByIp, key: ctx.ip }];
  }

  return {
    '/sms_mail': async (input, ctx) => {
      const onRefused = await chargeCodeLimits(codeCharges(ctx));
      const existing = await users.byEmail(input.user_string);
      // Register answers the same whether or not the address has an account (its owner is mailed
      // "you already have an account" instead of a code); registering with it still fails.
      const accountExists = input.scene === 'register' && existing !== null;
      if (input.scene === 'bind' && existing) throw new AppError('errors.emailTaken');
      // A reset code for an unknown address goes nowhere but is otherwise made (and throttled) the
      // same way: neither the first answer nor a second one within the minute reveals accounts.
      const deliver = input.scene !== 'forget' || existing !== null;
      // A code to an address being bound carries the signed-in user's anti-phishing code.
      const userId = input.scene === 'bind' ? ctx.user?.id : undefined;
      await codes.send(emailTarget(input.user_string), input.scene, ctx.lang, { deliver, onRefused, userId, accountExists });
      return ctx.t('messages.codeSent');
    },

    '/sms_send': async (input, ctx) => {
      const onRefused = await chargeCodeLimits(codeCharges(ctx));
      const [existing] = await users.byMobile(input.mobile, input.area_code);
      const accountExists = input.scene === 'register' && existing !== undefined;
      if (input.scene === 'bind' && existing) throw new AppError('errors.mobileTaken');
      const deliver = input.scene !== 'forget' || existing !== undefined;
      const userId = input.scene === 'bind' ? ctx.user?.id : undefined;
      await codes.send(mobileTarget(input.area_code, input.mobile), input.scene, ctx.lang, { deliver, onRefused, userId, accountExists });
      return ctx.t('messages.codeSent');
    },

    '/user/check_email': async (input, ctx) => {
      await codes.verifyOnly(emailTarget(input.user_string), 'register', input.email_code);
      return ctx.t('messages.codeValid');
    },

    '/user/register': async (input, ctx) => {
      const email = input.type === 'email' ? input.user_string : null;
      const areaCode = input.type === 'mobile' ? input.area_code : null;
      const mobile = input.type === 'mobile' ? input.user_string : null;
      const inviter = input.extension_code ? await users.byInviteCode(input.extension_code) : null;
      if (input.extension_code && !inviter) throw new AppError('errors.inviteCodeUnknown');
      const target = email ? emailTarget(email) : mobileTarget(areaCode!, mobile!);
      const passwordHash = await hashPassword(input.password, deps.scryptLogN);
      let user: UserRow;
      try {
        user = await codes.withCode(target, 'register', input.code, (q) =>
          users.create(
            {
              email,
              areaCode,
              mobile,
              passwordHash,
              invitedBy: inviter?.id ?? null,
              nickname: defaultNickname(),
              createdAt: clock.now(),
            },
            q,
          ),
        );
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) throw new AppError('errors.accountExists');
        throw error;
      }
      // Registering signs the new user in: the answer is a session token, as login's is.
      return signIn(user.id, ctx, false, ctx.deviceId, true);
    },

    '/user/login': async (input, ctx) => {
      await enforce(loginByIp, ctx.ip);
      const user = await findAccount(input.user_string, input.area_code);
      const accountKey = loginKey(user, input.user_string, input.area_code, ctx.ip);
      const wholeKey = wholeAccountKey(user, input.user_string, input.area_code);
      // Counted before the hash, so a burst of guesses cannot all be evaluated: the account across
      // every address first (a locked account spends nothing at this address), then at this address.
      const whole = await loginFailuresByAccount.attempt(wholeKey);
      if (whole.waitMs > 0) throw waitError(whole.waitMs);
      try {
        await enforce(loginByAccount, accountKey);
      } catch (error) {
        await loginFailuresByAccount.release(wholeKey);
        throw error;
      }
      const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash));
      if (!user || !ok) {
        // The last wrong password the account may take: password login locks for a whole window
        // from now, for every address, and the owner is told (an unknown account locks alike).
        if (whole.count === loginFailuresByAccount.max) {
          await loginFailuresByAccount.lock(wholeKey);
          if (user) {
            const windowMs = loginFailuresByAccount.window;
            await signIns.emitLocked({ userId: user.id, failures: whole.count, minutes: windowMs / 60_000, until: clock.now() + windowMs });
          }
        }
        throw new AppError('errors.loginFailed');
      }
      // A right password does not count against the account.
      await loginFailuresByAccount.release(wholeKey);
      await loginByAccount.reset(accountKey);
      const remember = input.remember ?? false;
      // Two-factor on: no session yet, only the second step's challenge.
      if (await twoFactor.isEnabled(user.id)) return challenges.create(user.id, remember, ctx.deviceId);
      return signIn(user.id, ctx, remember, ctx.deviceId);
    },

    '/user/login_2fa': async (input, ctx) => {
      await enforce(loginByIp, ctx.ip);
      const pending = await challenges.find(input.challenge);
      // A wrong code counts like a wrong password, under the same key (the account at this address).
      const accountKey = `user:${pending.user_id}@${ctx.ip}`;
      await enforce(loginByAccount, accountKey);
      await twoFactor.verify(pending.user_id, input.code, true, (q) => challenges.consume(q, pending.id));
      await loginByAccount.reset(accountKey);
      return signIn(pending.user_id, ctx, pending.remember, pending.device_id);
    },

    '/user/logout': async (_input, ctx) => {
      await sessions.revoke(ctx.user.sessionId);
      return ctx.t('messages.loggedOut');
    },

    '/user/forget': async (input, ctx) => {
      await enforce(loginByIp, ctx.ip);
      const user = await findAccount(input.account, input.area_code);
      // An unknown account reads as a wrong code: the answer must not reveal which accounts exist.
      if (!user) throw new AppError('errors.codeInvalid');
      const target = isEmail(input.account) ? emailTarget(user.email!) : mobileTarget(user.area_code!, user.mobile!);
      const passwordHash = await hashPassword(input.password, deps.scryptLogN);
      await codes.withCode(target, 'forget', input.code, async (q) => {
        await users.setPassword(user.id, passwordHash, q);
        await sessions.revokeAll(user.id, null, q);
      });
      return ctx.t('messages.passwordReset');
    },
  };
}
