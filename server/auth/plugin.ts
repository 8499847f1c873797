/**
 * The auth area: sessions (the API's authenticator), verification codes and their delivery,
 * the sign-up / login / reset endpoints, and in development the code outbox.
 */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/registerEndpoints';
import type { AppOptions } from '../platform/options';
import { createAuthHandlers } from './authHandlers';
import { TwoFactor } from '../security/TwoFactor';
import { createLogDelivery, DevOutbox } from './CodeDelivery';
import { LoginChallenges } from './LoginChallenges';
import { SessionStore } from './SessionStore';
import { SignIns } from './SignIns';
import { VerificationCodes } from './VerificationCodes';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    codes: VerificationCodes;
    /** The dev outbox (`DEV_OUTBOX=1`), else null. */
    outbox: DevOutbox | null;
    /** TOTP two-factor (login here; settings in the security area; withdrawals in funds). */
    twoFactor: TwoFactor;
    /** Sign-in listeners (the security area's new-device notice). */
    signIns: SignIns;
  }
}

export const authPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock, log } = fastify;
    const sessions = new SessionStore(db, clock);
    const baseDelivery = options.delivery?.(log) ?? createLogDelivery(log);
    const outbox = options.devOutbox ? new DevOutbox(baseDelivery, options.cluster?.outbox) : null;
    if (outbox) log.warn('DEV_OUTBOX=1: verification codes are readable at /api/dev/outbox. Never enable this in production.');
    const codes = await VerificationCodes.open(
      db,
      clock,
      outbox ?? baseDelivery,
      fastify.secrets,
      fastify.translator,
      fastify.users,
      options.codeResendMs,
    );
    const twoFactor = await TwoFactor.open(db, clock, fastify.limits, fastify.secrets);
    const challenges = new LoginChallenges(db, clock);
    const signIns = new SignIns((error) => log.error({ err: error }, 'a sign-in listener failed'));
    fastify.decorate('sessions', sessions);
    fastify.decorate('twoFactor', twoFactor);
    fastify.decorate('signIns', signIns);
    fastify.decorate('codes', codes);
    fastify.decorate('outbox', outbox);
    fastify.api.provide({ auth: sessions });
    fastify.api.handle(
      createAuthHandlers({
        clock,
        users: fastify.users,
        sessions,
        codes,
        limits: fastify.limits,
        scryptLogN: options.scryptLogN,
        twoFactor,
        challenges,
        signIns,
      }),
    );
    // Outside the contract on purpose (docs/PROTOCOL.md): a development aid that exists only with DEV_OUTBOX=1.
    if (outbox) {
      fastify.get(`${API_PREFIX}/dev/outbox`, async (req) => outbox.list(String((req.query as { to?: unknown }).to ?? '')));
    }
  },
  { name: 'auth', dependencies: ['platform', 'http', 'users'] },
);
