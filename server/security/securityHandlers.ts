import { hashPassword, verifyPassword } from '../auth/passwords';
import type { SessionStore } from '../auth/SessionStore';
import { chargeCodeLimits, emailTarget, mobileTarget, type VerificationCodes } from '../auth/VerificationCodes';
import { UNIQUE_VIOLATION, sqlState, type Queryable } from '../db/db';
import { AppError } from '../http/AppError';
import type { HandlerMap } from '../http/context';
import { enforce, type Limits } from '../http/limits';
import type { Notifications } from '../notifications/Notifications';
import type { UserRepository, UserRow } from '../users/UserRepository';
import { parseUserAgent } from '../../domain/security/userAgent';
import type { TwoFactor } from './TwoFactor';

export interface SecurityDeps {
  users: UserRepository;
  sessions: SessionStore;
  codes: VerificationCodes;
  notifications: Notifications;
  limits: Limits;
  scryptLogN: number;
  twoFactor: TwoFactor;
}

/** The addresses a signed-in user's security codes may go to: their own bound email and phone. */
function ownTargets(user: UserRow): string[] {
  return [user.email ? emailTarget(user.email) : null, user.mobile ? mobileTarget(user.area_code!, user.mobile) : null].filter(
    (t): t is string => t !== null,
  );
}

/** Login password, payment password, bound contacts and sessions (Security). */
export function createSecurityHandlers(deps: SecurityDeps): HandlerMap {
  const { users, sessions, codes, notifications, limits, twoFactor } = deps;

  async function me(id: number): Promise<UserRow> {
    const user = await users.byId(id);
    if (!user) throw new AppError('errors.sessionExpired', {}, 999);
    return user;
  }

  /** Runs `action` with the security code sent to whichever own address got the latest one. */
  async function withSecurityCode<T>(user: UserRow, code: string, action: (q: Queryable) => Promise<T>): Promise<T> {
    const target = await codes.latestTarget(ownTargets(user), 'security');
    if (!target) throw new AppError('errors.codeInvalid');
    return codes.withCode(target, 'security', code, action);
  }

  function bindConflict(error: unknown, key: string): never {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new AppError(key);
    throw error;
  }

  return {
    '/safe/send_code': async (input, ctx) => {
      const onRefused = await chargeCodeLimits([
        { limiter: limits.codesByAccount, key: `user:${ctx.user.id}` },
        { limiter: limits.codesByIp, key: ctx.ip },
      ]);
      const user = await me(ctx.user.id);
      const target =
        input.channel === 'email' ? user.email && emailTarget(user.email) : user.mobile && mobileTarget(user.area_code!, user.mobile);
      if (!target) throw new AppError(input.channel === 'email' ? 'errors.emailNotBound' : 'errors.mobileNotBound');
      await codes.send(target, 'security', ctx.lang, { onRefused, userId: user.id });
      return ctx.t('messages.codeSent');
    },

    '/safe/update_password': async (input, ctx) => {
      // The old password is a login password guess: counted per account before the hash.
      await enforce(limits.loginByAccount, `change-password:${ctx.user.id}`);
      const user = await me(ctx.user.id);
      if (!(await verifyPassword(input.old_password, user.password_hash))) throw new AppError('errors.oldPasswordWrong');
      const hash = await hashPassword(input.password, deps.scryptLogN);
      const push = await withSecurityCode(user, input.code, async (q) => {
        await users.setPassword(user.id, hash, q);
        await sessions.revokeAll(user.id, ctx.user.sessionId, q);
        return notifications.create(q, user.id, 'passwordChanged');
      });
      push();
      await limits.loginByAccount.reset(`change-password:${ctx.user.id}`);
      return ctx.t('messages.passwordChanged');
    },

    '/safe/pay_password': async (input, ctx) => {
      const user = await me(ctx.user.id);
      const hash = await hashPassword(input.pay_password, deps.scryptLogN);
      const push = await withSecurityCode(user, input.code, async (q) => {
        await users.setPayPassword(user.id, hash, q);
        return notifications.create(q, user.id, 'payPasswordSet');
      });
      push();
      return ctx.t('messages.payPasswordSet');
    },

    '/safe/mobile': async (input, ctx) => {
      try {
        await codes.withCode(mobileTarget(input.area_code, input.mobile), 'bind', input.code, (q) =>
          users.setMobile(ctx.user.id, input.area_code, input.mobile, q),
        );
      } catch (error) {
        bindConflict(error, 'errors.mobileTaken');
      }
      return ctx.t('messages.mobileBound');
    },

    '/safe/email': async (input, ctx) => {
      try {
        await codes.withCode(emailTarget(input.email), 'bind', input.code, (q) => users.setEmail(ctx.user.id, input.email, q));
      } catch (error) {
        bindConflict(error, 'errors.emailTaken');
      }
      return ctx.t('messages.emailBound');
    },

    '/safe/sessions': async (_input, ctx) =>
      (await sessions.list(ctx.user.id)).map((s) => ({ ...s, ...parseUserAgent(s.user_agent), current: s.id === ctx.user.sessionId })),

    '/safe/overview': async (_input, ctx) => {
      const user = await me(ctx.user.id);
      const enabled = await twoFactor.isEnabled(user.id);
      return {
        two_factor: enabled,
        recovery_codes_left: enabled ? await twoFactor.recoveryCodesLeft(user.id) : 0,
        anti_phishing_code: user.anti_phishing_code,
      };
    },

    '/safe/two_factor/setup': async (_input, ctx) => {
      const user = await me(ctx.user.id);
      return twoFactor.setup(user.id, user.email ?? `+${user.area_code}${user.mobile}`);
    },

    '/safe/two_factor/enable': async (input, ctx) => twoFactor.enable(ctx.user.id, input.code),

    '/safe/two_factor/disable': async (input, ctx) => {
      // The password is a login password guess: counted per account before the hash, as on a password change.
      const key = `change-password:${ctx.user.id}`;
      await enforce(limits.loginByAccount, key);
      const user = await me(ctx.user.id);
      if (!(await verifyPassword(input.password, user.password_hash))) throw new AppError('errors.oldPasswordWrong');
      await limits.loginByAccount.reset(key);
      await twoFactor.verify(user.id, input.code, true, (q) => twoFactor.disable(q, user.id));
      return ctx.t('messages.twoFactorDisabled');
    },

    '/safe/two_factor/recovery_codes': async (input, ctx) =>
      twoFactor.verify(ctx.user.id, input.code, true, async (q) => ({
        recovery_codes: await twoFactor.replaceRecoveryCodes(q, ctx.user.id),
      })),

    '/safe/anti_phishing': async (input, ctx) => {
      await users.setAntiPhishingCode(ctx.user.id, input.code || null);
      return ctx.t(input.code ? 'messages.antiPhishingSet' : 'messages.antiPhishingRemoved');
    },

    '/safe/logout_others': async (_input, ctx) => {
      await sessions.revokeAll(ctx.user.id, ctx.user.sessionId);
      return ctx.t('messages.otherDevicesLoggedOut');
    },

    '/safe/stay_logged_in': async (input, ctx) => {
      await sessions.setRemember(ctx.user.sessionId, input.enabled);
      return ctx.t(input.enabled ? 'messages.stayLoggedInOn' : 'messages.stayLoggedInOff');
    },
  };
}
