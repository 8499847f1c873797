import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { generateSecret, verify } from 'otplib';
import {
  formatRecoveryCode,
  isTotpCode,
  normalizeRecoveryCode,
  otpauthUri,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TOTP_WINDOW_STEPS,
} from '../../domain/security/twoFactor';
import type { RecoveryCodes, TwoFactorSetup } from '../../domain/security/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { rowReader } from '../db/rows';
import { AppError } from '../http/AppError';
import { enforce, type Limits } from '../http/limits';
import type { ServerSecrets } from '../platform/ServerSecrets';

interface Row {
  user_id: number;
  secret_enc: string;
  enabled_at: number | null;
  last_step: number;
}

const TWO_FACTOR_COLUMNS = 'user_id, secret_enc, enabled_at, last_step';

const twoFactorRows = rowReader<Row>('two_factor', { user_id: 'int', secret_enc: 'text', enabled_at: 'int?', last_step: 'int' });

/** Base32 without padding, the alphabet recovery codes are drawn from (no 0/1/8 to confuse with O/I/B). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ234567';

/**
 * TOTP two-factor (RFC 6238: 30 s steps, 6 digits, SHA-1, ±1 step) on the injected clock, with
 * single-use recovery codes. The secret is stored AES-256-GCM encrypted under the server secret
 * `totp_key` and returned only once, by `setup`; recovery codes are stored as an HMAC under
 * `recovery_key`. A code is accepted at most once: the step it matched is remembered per user
 * and no code of that step or an earlier one passes again. Wrong codes count against the login
 * limit per user (`2fa:user:<id>`, 10 per 15 minutes), reserved before the check and given back
 * when the code is right; the login step also counts under the login key of the address.
 */
export class TwoFactor {
  private constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: Limits,
    private readonly secretKey: Buffer,
    private readonly recoveryKey: Buffer,
  ) {}

  static async open(db: Db, clock: Clock, limits: Limits, secrets: ServerSecrets): Promise<TwoFactor> {
    return new TwoFactor(db, clock, limits, await secrets.get('totp_key'), await secrets.get('recovery_key'));
  }

  async isEnabled(userId: number, q: Queryable = this.db): Promise<boolean> {
    const [row] = await q.query<{ n: number }>('SELECT 1 AS n FROM two_factor WHERE user_id = $1 AND enabled_at IS NOT NULL', [userId]);
    return row !== undefined;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return row?.n ?? 0;
  }

  /** A new secret for `account` (the label in the authenticator app); replaces an unconfirmed one. */
  async setup(userId: number, account: string): Promise<TwoFactorSetup> {
    const secret = generateSecret();
    await this.db.tx(async (q) => {
      const row = await this.lockRow(q, userId);
      if (row?.enabled_at) throw new AppError('errors.twoFactorAlreadyOn');
      await q.query(
        `INSERT INTO two_factor (user_id, secret_enc, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET secret_enc = $2, created_at = $3, last_step = 0`,
        [userId, this.encrypt(secret), this.clock.now()],
      );
    });
    return { secret, uri: otpauthUri(account, secret) };
  }

  /** Confirms setup with a current code: two-factor is on, and the first recovery codes are made. */
  async enable(userId: number, code: string): Promise<RecoveryCodes> {
    return this.checked(userId, async (q) => {
      const row = await this.lockRow(q, userId);
      if (!row) throw new AppError('errors.twoFactorNotStarted');
      if (row.enabled_at) throw new AppError('errors.twoFactorAlreadyOn');
      if (!(await this.acceptTotp(q, row, code))) return null;
      await q.query('UPDATE two_factor SET enabled_at = $2 WHERE user_id = $1', [userId, this.clock.now()]);
      return { recovery_codes: await this.replaceRecoveryCodes(q, userId) };
    });
  }

  /**
   * Throws unless `code` is a current TOTP code (or, with `allowRecovery`, an unused recovery
   * code, which is then used up) of a user with two-factor on; `action` runs in the same
   * transaction, so the code is spent only if the action happens.
   */
  async verify<T>(userId: number, code: string, allowRecovery: boolean, action: (q: Queryable) => Promise<T>): Promise<T> {
    return this.checked(userId, async (q) => {
      const row = await this.lockRow(q, userId);
      if (!row?.enabled_at) throw new AppError('errors.twoFactorNotOn');
      const ok = isTotpCode(code) ? await this.acceptTotp(q, row, code) : allowRecovery && (await this.acceptRecoveryCode(q, userId, code));
      return ok ? action(q) : null;
    });
  }

  /** For an action two-factor guards (withdrawals): nothing when it is off, else a current TOTP code is required. */
  async requireIfEnabled(userId: number, code: string | undefined): Promise<void> {
    if (!(await this.isEnabled(userId))) return;
    if (!code) throw new AppError('errors.twoFactorCodeRequired');
    await this.verify(userId, code, false, async () => undefined);
  }

  /** Turns two-factor off (the caller has checked a code and the password in `q`). */
  async disable(q: Queryable, userId: number): Promise<void> {
    await q.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    await q.query('DELETE FROM two_factor WHERE user_id = $1', [userId]);
  }

  /** A new set of recovery codes in `q`; the old ones die. */
  async replaceRecoveryCodes(q: Queryable, userId: number): Promise<string[]> {
    await q.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
      Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
    );
    for (const code of codes) {
      await q.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [userId, this.recoveryDigest(userId, code)]);
    }
    return codes.map(formatRecoveryCode);
  }

  /**
   * Reserves an attempt of the user's limit, runs `check` in a transaction (null: the code was
   * wrong), gives the attempt back when the code was right, and throws `twoFactorCodeWrong` when not.
   */
  private async checked<T>(userId: number, check: (q: Queryable) => Promise<T | null>): Promise<T> {
    const key = `2fa:user:${userId}`;
    await enforce(this.limits.loginByAccount, key);
    const result = await this.db.tx(check);
    if (result === null) throw new AppError('errors.twoFactorCodeWrong');
    await this.limits.loginByAccount.release(key);
    return result;
  }

  private async lockRow(q: Queryable, userId: number): Promise<Row | undefined> {
    return twoFactorRows.one(q, `SELECT ${TWO_FACTOR_COLUMNS} FROM two_factor WHERE user_id = $1 FOR UPDATE`, [userId]);
  }

  /** True when `code` is right for a step within the window that is newer than the last one used; remembers that step. */
  private async acceptTotp(q: Queryable, row: Row, code: string): Promise<boolean> {
    const result = await verify({
      secret: this.decrypt(row.secret_enc),
      token: code.trim(),
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
      epoch: Math.floor(this.clock.now() / 1000),
      epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_S,
      afterTimeStep: row.last_step,
    });
    if (!result.valid || !('timeStep' in result)) return false;
    await q.query('UPDATE two_factor SET last_step = $2 WHERE user_id = $1', [row.user_id, result.timeStep]);
    return true;
  }

  private async acceptRecoveryCode(q: Queryable, userId: number, code: string): Promise<boolean> {
    const digest = this.recoveryDigest(userId, normalizeRecoveryCode(code));
    const rows = await q.query<{ id: number; code_hash: string }>(
      'SELECT id, code_hash FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    const match = rows.find((r) => timingSafeEqual(Buffer.from(r.code_hash, 'base64'), Buffer.from(digest, 'base64')));
    if (!match) return false;
    await q.query('UPDATE recovery_codes SET used_at = $2 WHERE id = $1', [match.id, this.clock.now()]);
    return true;
  }

  private recoveryDigest(userId: number, code: string): string {
    return createHmac('sha256', this.recoveryKey).update(`${userId}\n${code}`).digest('base64');
  }

  /** `iv.tag.ciphertext`, each base64. */
  private encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.secretKey, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
  }

  private decrypt(stored: string): string {
    const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', this.secretKey, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
  }
}
