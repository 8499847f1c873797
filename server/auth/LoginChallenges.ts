import { randomBytes } from 'node:crypto';
import type { SecondFactorChallenge } from '../../domain/auth/types';
import { LOGIN_CHALLENGE_MS } from '../../domain/security/twoFactor';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { rowReader } from '../db/rows';
import { AppError } from '../http/AppError';
import { hashToken } from './SessionStore';

/** What a challenge remembers of the first step, for the session the second step creates. */
export interface PendingLogin {
  id: number;
  user_id: number;
  remember: boolean;
  device_id: string | null;
}

const pendingRows = rowReader<PendingLogin>('login_challenges', { id: 'int', user_id: 'int', remember: 'bool', device_id: 'text?' });

/**
 * The first step of a two-factor login: a random 256-bit challenge (only its SHA-256 stored,
 * like session tokens), valid 5 minutes, used at most once. Kept in the database so the second
 * step may reach any node.
 */
export class LoginChallenges {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, remember: boolean, deviceId: string | null): Promise<SecondFactorChallenge> {
    const challenge = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = now + LOGIN_CHALLENGE_MS;
    await this.db.query(
      `INSERT INTO login_challenges (token_hash, user_id, remember, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [hashToken(challenge), userId, remember, deviceId, now, expiresAt],
    );
    return { second_factor: 'totp', challenge, expires_at: expiresAt };
  }

  /** The live challenge, or `errors.loginChallengeExpired`. */
  async find(challenge: string): Promise<PendingLogin> {
    const row = await pendingRows.one(
      this.db,
      'SELECT id, user_id, remember, device_id FROM login_challenges WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
      [hashToken(challenge), this.clock.now()],
    );
    if (!row) throw new AppError('errors.loginChallengeExpired');
    return row;
  }

  /** Uses the challenge up in `q`; throws if another request used it first. */
  async consume(q: Queryable, id: number): Promise<void> {
    const used = await q.query('UPDATE login_challenges SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [
      id,
      this.clock.now(),
    ]);
    if (!used.length) throw new AppError('errors.loginChallengeExpired');
  }
}
