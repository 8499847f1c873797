import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeScene } from '../../domain/auth/contract';
import type { Lang } from '../../domain/i18n';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { rowReader } from '../db/rows';
import type { ServerSecrets } from '../platform/ServerSecrets';
import { AppError } from '../http/AppError';
import { waitError } from '../http/limits';
import type { RateLimiter } from '../http/RateLimiter';
import type { Translator } from '../http/translator';
import type { UserRepository } from '../users/UserRepository';
import type { CodeDelivery } from './CodeDelivery';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** The least time between two codes to one target (`CODE_RESEND_SECONDS` may shorten it for tests). */
export const CODE_RESEND_MS = 60_000;
/** Codes one target (an email address, a phone number) may be sent per hour, whoever asks. */
export const CODES_PER_TARGET_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

/** Outcome of checking a code: only `ok` lets the action go on. */
export type CodeCheck = 'ok' | 'wrong' | 'missing';

interface CodeRow {
  id: number;
  code_hash: string;
  attempts: number;
}

const codeRows = rowReader<CodeRow>('verification_codes', { id: 'int', code_hash: 'text', attempts: 'int' });

/** The target a code is bound to: `email:<address>` or `mobile:+<area><number>`. */
export function emailTarget(email: string): string {
  return `email:${email.toLowerCase()}`;
}
export function mobileTarget(areaCode: string, mobile: string): string {
  return `mobile:+${areaCode}${mobile}`;
}

/**
 * Six-digit verification codes: drawn from a secure random source, stored as an HMAC under a
 * server secret, bound to target and scene, valid 10 minutes, dead after 5 wrong tries or one
 * use. Each message carries the recipient's anti-phishing code when they set one. Sends are limited per target, counted from the codes table (so shared by every node):
 * one a minute and `CODES_PER_TARGET_PER_HOUR` in any hour. The per-account and per-address
 * limits are the callers' (server/http/limits.ts).
 */
export class VerificationCodes {
  private constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly delivery: CodeDelivery,
    private readonly secret: Buffer,
    private readonly translator: Translator,
    private readonly users: UserRepository,
    private readonly resendMs: number,
  ) {}

  /** Loads (or creates, once for all nodes) the HMAC secret. */
  static async open(
    db: Db,
    clock: Clock,
    delivery: CodeDelivery,
    secrets: ServerSecrets,
    translator: Translator,
    users: UserRepository,
    resendMs = CODE_RESEND_MS,
  ): Promise<VerificationCodes> {
    return new VerificationCodes(db, clock, delivery, await secrets.get('code_hmac'), translator, users, resendMs);
  }

  /**
   * The anti-phishing code to show in a message to `target`: the signed-in user's (`userId`,
   * for a code to an address being bound), else that of the account the address belongs to.
   */
  private antiPhishingCode(target: string, userId: number | undefined): Promise<string | null> {
    const address = target.slice(target.indexOf(':') + 1);
    return this.users.antiPhishingCodeOf(
      userId !== undefined ? { id: userId } : target.startsWith('email:') ? { email: address } : { phone: address },
    );
  }

  private digest(target: string, scene: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${target}\n${scene}\n${code}`).digest('base64');
  }

  /**
   * Creates and delivers a new code; earlier codes of the same target and scene die. With
   * `deliver: false` (a reset code asked for an address no account has) everything happens the
   * same, the once-a-minute check included, except that the code goes nowhere: the answer,
   * first or second, cannot tell whether the account exists. When the target's own limits
   * refuse, `onRefused` runs first (the caller gives back what `chargeCodeLimits` counted).
   */
  async send(
    target: string,
    scene: CodeScene,
    lang: Lang,
    options: { deliver?: boolean; onRefused?: () => Promise<void>; userId?: number | undefined; accountExists?: boolean } = {},
  ): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.clock.now();
    await this.db.tx(async (q) => {
      // Serialises sends to one target so two concurrent requests cannot both pass the resend check.
      await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [target]);
      const [last] = await q.query<{ created_at: number }>(
        'SELECT created_at FROM verification_codes WHERE target = $1 ORDER BY created_at DESC LIMIT 1',
        [target],
      );
      if (last && now - last.created_at < this.resendMs) {
        await options.onRefused?.();
        const seconds = Math.ceil((last.created_at + this.resendMs - now) / 1000);
        throw new AppError('errors.codeTooFrequent', { seconds }, 'error', seconds);
      }
      const recent = await q.query<{ created_at: number }>(
        'SELECT created_at FROM verification_codes WHERE target = $1 AND created_at > $2 ORDER BY created_at DESC LIMIT $3',
        [target, now - HOUR_MS, CODES_PER_TARGET_PER_HOUR],
      );
      // The window slides: the next code may go once the oldest of the last hour's codes is an hour old.
      if (recent.length >= CODES_PER_TARGET_PER_HOUR) {
        await options.onRefused?.();
        throw waitError(recent[recent.length - 1]!.created_at + HOUR_MS - now);
      }
      await q.query('UPDATE verification_codes SET consumed_at = $3 WHERE target = $1 AND scene = $2 AND consumed_at IS NULL', [
        target,
        scene,
        now,
      ]);
      await q.query('INSERT INTO verification_codes (target, scene, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        target,
        scene,
        this.digest(target, scene, code),
        now,
        now + CODE_TTL_MS,
      ]);
    });
    if (options.deliver === false) return;
    const antiPhishing = await this.antiPhishingCode(target, options.userId);
    const t = this.translator.forLang(lang);
    // A register code asked for an address that has an account: the owner is told so, with no
    // code (the answer to the request was the same as for a new address, docs/SECURITY.md).
    if (options.accountExists) {
      const notice = [t('messages.accountExistsText'), antiPhishing ? t('messages.antiPhishingLine', { code: antiPhishing }) : null]
        .filter(Boolean)
        .join('\n');
      await this.delivery.deliver({
        to: target.slice(target.indexOf(':') + 1),
        scene,
        code: '',
        lang,
        at: now,
        antiPhishing,
        text: notice,
      });
      return;
    }
    const text = [
      t('messages.codeText', { code, minutes: CODE_TTL_MS / 60_000 }),
      antiPhishing ? t('messages.antiPhishingLine', { code: antiPhishing }) : null,
    ]
      .filter(Boolean)
      .join('\n');
    await this.delivery.deliver({ to: target.slice(target.indexOf(':') + 1), scene, code, lang, at: now, antiPhishing, text });
  }

  /**
   * Checks `code` inside the caller's transaction. A wrong code counts an attempt (so the caller
   * must commit, not throw, on `wrong`); with `consume` a right one is used up, and rolls back
   * with the caller's action if that fails.
   */
  async check(q: Queryable, target: string, scene: CodeScene, code: string, consume: boolean): Promise<CodeCheck> {
    const now = this.clock.now();
    const row = await codeRows.one(
      q,
      `SELECT id, code_hash, attempts FROM verification_codes
       WHERE target = $1 AND scene = $2 AND consumed_at IS NULL AND expires_at > $3
       ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [target, scene, now],
    );
    if (!row || row.attempts >= CODE_MAX_ATTEMPTS) return 'missing';
    const expected = Buffer.from(row.code_hash, 'base64');
    const actual = Buffer.from(this.digest(target, scene, code), 'base64');
    if (!timingSafeEqual(expected, actual)) {
      await q.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
      return 'wrong';
    }
    if (consume) await q.query('UPDATE verification_codes SET consumed_at = $2 WHERE id = $1', [row.id, now]);
    return 'ok';
  }

  /**
   * Runs `action` in a transaction that first uses up the code; throws `errors.codeInvalid` when
   * the code is wrong, expired, used or out of attempts (the wrong attempt is still counted).
   */
  async withCode<T>(target: string, scene: CodeScene, code: string, action: (q: Queryable) => Promise<T>): Promise<T> {
    const outcome = await this.db.tx(async (q) => {
      const check = await this.check(q, target, scene, code, true);
      return check === 'ok' ? { ok: true as const, value: await action(q) } : { ok: false as const };
    });
    if (!outcome.ok) throw new AppError('errors.codeInvalid');
    return outcome.value;
  }

  /** Of `targets`, the one with the most recent live code for `scene`, or null. */
  async latestTarget(targets: readonly string[], scene: CodeScene): Promise<string | null> {
    if (!targets.length) return null;
    const placeholders = targets.map((_, i) => `$${i + 3}`).join(', ');
    const [row] = await this.db.query<{ target: string }>(
      `SELECT target FROM verification_codes WHERE target IN (${placeholders}) AND scene = $1 AND consumed_at IS NULL AND expires_at > $2
       ORDER BY created_at DESC LIMIT 1`,
      [scene, this.clock.now(), ...targets],
    );
    return row?.target ?? null;
  }

  /** Checks a code without using it up (`/user/check_email`); a wrong one still counts. */
  async verifyOnly(target: string, scene: CodeScene, code: string): Promise<void> {
    const check = await this.db.tx((q) => this.check(q, target, scene, code, false));
    if (check !== 'ok') throw new AppError('errors.codeInvalid');
  }
}

/** One limit a code request counts against, and the key it counts under. */
export interface CodeCharge {
  limiter: RateLimiter;
  key: string;
}

/**
 * Counts a code request against the caller's limits (per account, then per address) in
 * order, before any other work; throws the wait of the first one over its limit, giving back
 * the hits the others took. Returns the refund for a request the target's own limits then
 * refuse (`send`'s `onRefused`), so a user turned away for asking twice within the minute
 * spends none of the account's or the address's allowance.
 */
export async function chargeCodeLimits(charges: readonly CodeCharge[]): Promise<() => Promise<void>> {
  const taken: CodeCharge[] = [];
  const refund = async () => {
    for (const c of taken) await c.limiter.release(c.key);
  };
  for (const c of charges) {
    const waitMs = await c.limiter.hit(c.key);
    if (waitMs > 0) {
      await refund();
      throw waitError(waitMs);
    }
    taken.push(c);
  }
  return refund;
}
