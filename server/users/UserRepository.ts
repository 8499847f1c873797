import { randomInt } from 'node:crypto';
import type { UserInfo } from '../../domain/profile/types';
import { isLang } from '../../domain/i18n';
import type { Page } from '../../domain/api/envelope';
import type { Db, Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

export interface UserRow {
  id: number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  password_hash: string;
  invite_code: string;
  invited_by: number | null;
  nickname: string;
  signature: string;
  avatar: string | null;
  lang: string;
  fiat: string;
  created_at: number;
  pay_password_hash: string | null;
  identity_level: number;
  /** Shown in every mail and SMS sent to the user (docs/SECURITY.md), or null. */
  anti_phishing_code: string | null;
}

const USER_COLUMNS = `id, email, area_code, mobile, password_hash, invite_code, invited_by, nickname, signature, avatar, lang, fiat,
  created_at, pay_password_hash, identity_level, anti_phishing_code`;

const userRows = rowReader<UserRow>('users', {
  id: 'int',
  email: 'text?',
  area_code: 'text?',
  mobile: 'text?',
  password_hash: 'text',
  invite_code: 'text',
  invited_by: 'int?',
  nickname: 'text',
  signature: 'text',
  avatar: 'text?',
  lang: 'text',
  fiat: 'text',
  created_at: 'int',
  pay_password_hash: 'text?',
  identity_level: 'int',
  anti_phishing_code: 'text?',
});

interface InviteeRow {
  id: number;
  nickname: string;
  created_at: number;
}

const inviteeRows = rowReader<InviteeRow>('users', { id: 'int', nickname: 'text', created_at: 'int' });

export interface NewUser {
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  passwordHash: string;
  invitedBy: number | null;
  nickname: string;
  createdAt: number;
}

/** Invite codes avoid look-alike characters (0/O, 1/I/L). */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const INVITE_LENGTH = 8;

function makeInviteCode(): string {
  return Array.from({ length: INVITE_LENGTH }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
}

/** The user's view of themselves; counts come from elsewhere. */
export function toUserInfo(
  row: UserRow,
  counts: { invite_count: number; traded_invite_count: number; unread_notifications: number },
): UserInfo {
  return {
    id: row.id,
    email: row.email,
    area_code: row.area_code,
    mobile: row.mobile,
    nickname: row.nickname,
    signature: row.signature,
    avatar: row.avatar,
    invite_code: row.invite_code,
    lang: isLang(row.lang) ? row.lang : 'en',
    fiat: row.fiat,
    created_at: row.created_at,
    identity_level: row.identity_level,
    pay_password_set: row.pay_password_hash !== null,
    ...counts,
  };
}

/** All SQL about users. */
export class UserRepository {
  private readonly tradeSources: ((userIds: number[]) => Promise<Iterable<number>>)[] = [];

  constructor(private readonly db: Db) {}

  async byId(id: number, q: Queryable = this.db): Promise<UserRow | null> {
    const row = await userRows.one(q, `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return row ?? null;
  }

  async byEmail(email: string, q: Queryable = this.db): Promise<UserRow | null> {
    const row = await userRows.one(q, `SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email.toLowerCase()]);
    return row ?? null;
  }

  /** Users with this phone number; several when `areaCode` is null and the number exists in several regions. */
  async byMobile(mobile: string, areaCode: string | null, q: Queryable = this.db): Promise<UserRow[]> {
    return areaCode
      ? userRows.all(q, `SELECT ${USER_COLUMNS} FROM users WHERE mobile = $1 AND area_code = $2`, [mobile, areaCode])
      : userRows.all(q, `SELECT ${USER_COLUMNS} FROM users WHERE mobile = $1 ORDER BY id`, [mobile]);
  }

  async byInviteCode(code: string): Promise<UserRow | null> {
    const row = await userRows.one(this.db, `SELECT ${USER_COLUMNS} FROM users WHERE invite_code = $1`, [code.toUpperCase()]);
    return row ?? null;
  }

  /** Inserts a user with a fresh invite code; a duplicate email or phone raises a unique violation. */
  async create(user: NewUser, q: Queryable = this.db): Promise<UserRow> {
    for (;;) {
      const code = makeInviteCode();
      const [taken] = await q.query('SELECT 1 FROM users WHERE invite_code = $1', [code]);
      if (taken) continue;
      const row = await userRows.one(
        q,
        `INSERT INTO users (email, area_code, mobile, password_hash, invite_code, invited_by, nickname, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${USER_COLUMNS}`,
        [user.email, user.areaCode, user.mobile, user.passwordHash, code, user.invitedBy, user.nickname, user.createdAt],
      );
      return row!;
    }
  }

  async setPassword(id: number, passwordHash: string, q: Queryable = this.db): Promise<void> {
    await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  }

  async setPayPassword(id: number, hash: string, q: Queryable = this.db): Promise<void> {
    await q.query('UPDATE users SET pay_password_hash = $2 WHERE id = $1', [id, hash]);
  }

  /** Binds (or changes) the phone; a number bound to another account raises a unique violation. */
  async setMobile(id: number, areaCode: string, mobile: string, q: Queryable = this.db): Promise<void> {
    await q.query('UPDATE users SET area_code = $2, mobile = $3 WHERE id = $1', [id, areaCode, mobile]);
  }

  /** Binds (or changes) the email; one bound to another account raises a unique violation. */
  async setEmail(id: number, email: string, q: Queryable = this.db): Promise<void> {
    await q.query('UPDATE users SET email = $2 WHERE id = $1', [id, email.toLowerCase()]);
  }

  /** Sets one profile field. */
  async setProfile(id: number, field: 'nickname' | 'signature' | 'avatar' | 'fiat' | 'lang', value: string): Promise<void> {
    await this.db.query(`UPDATE users SET ${field} = $2 WHERE id = $1`, [id, value]);
  }

  /** Users for an operator, newest first; `q` matches email, phone, nickname or id. */
  async search(q: string | null, page: { page: number; limit: number }): Promise<Page<UserRow>> {
    const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    return paginate(
      this.db,
      {
        select: USER_COLUMNS,
        from: 'FROM users WHERE $1::text IS NULL OR email ILIKE $1 OR mobile ILIKE $1 OR nickname ILIKE $1 OR id::text = $2',
        orderBy: 'id DESC',
        params: [pattern, q ?? ''],
      },
      page,
      userRows.check,
    );
  }

  /**
   * Tells which of `userIds` have traded. Each trading area adds one over its own tables
   * (funds: exchanges; later futures, spot…), so this repository reads no other area's table.
   */
  addTradeSource(source: (userIds: number[]) => Promise<Iterable<number>>): void {
    this.tradeSources.push(source);
  }

  /** How many users registered with this user's invite code, and how many of them have traded. */
  async inviteStats(id: number): Promise<{ invite_count: number; traded_invite_count: number }> {
    const rows = await this.db.query<{ id: number }>('SELECT id FROM users WHERE invited_by = $1', [id]);
    const ids = rows.map((r) => r.id);
    const traded = new Set<number>();
    if (ids.length) for (const source of this.tradeSources) for (const userId of await source(ids)) traded.add(userId);
    return { invite_count: ids.length, traded_invite_count: traded.size };
  }

  /** Which of `userIds` have traded, by every trade source. */
  async tradedAmong(userIds: readonly number[]): Promise<Set<number>> {
    const traded = new Set<number>();
    if (userIds.length) for (const source of this.tradeSources) for (const userId of await source([...userIds])) traded.add(userId);
    return traded;
  }

  /** A page of the users who registered with `inviterId`'s code, newest first (the rewards area masks the names). */
  async invitees(inviterId: number, page: { page: number; limit: number }): Promise<Page<InviteeRow>> {
    return paginate(
      this.db,
      { select: 'id, nickname, created_at', from: 'FROM users WHERE invited_by = $1', orderBy: 'id DESC', params: [inviterId] },
      page,
      inviteeRows.check,
    );
  }

  /** The anti-phishing code of a user, by id or by the email or `+<area><number>` phone of their account; null when none is set. */
  async antiPhishingCodeOf(who: { id: number } | { email: string } | { phone: string }): Promise<string | null> {
    const [row] = await this.db.query<{ anti_phishing_code: string | null }>(
      'id' in who
        ? 'SELECT anti_phishing_code FROM users WHERE id = $1'
        : 'email' in who
          ? 'SELECT anti_phishing_code FROM users WHERE email = $1'
          : `SELECT anti_phishing_code FROM users WHERE '+' || area_code || mobile = $1 ORDER BY id LIMIT 1`,
      ['id' in who ? who.id : 'email' in who ? who.email.toLowerCase() : who.phone],
    );
    return row?.anti_phishing_code ?? null;
  }

  async setAntiPhishingCode(id: number, code: string | null): Promise<void> {
    await this.db.query('UPDATE users SET anti_phishing_code = $2 WHERE id = $1', [id, code]);
  }

  /** Locks the user's row until the transaction ends (serialises that user's money requests). */
  async lockById(id: number, q: Queryable): Promise<UserRow | null> {
    const row = await userRows.one(q, `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Raises the approved identity level (never lowers it). */
  async raiseIdentityLevel(id: number, level: number, q: Queryable = this.db): Promise<void> {
    await q.query('UPDATE users SET identity_level = GREATEST(identity_level, $2) WHERE id = $1', [id, level]);
  }

  /** Email and phone of each of `ids` (for operator lists), by id. */
  async contacts(ids: readonly number[]): Promise<Map<number, { email: string | null; mobile: string | null }>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.db.query<{ id: number; email: string | null; mobile: string | null }>(
      "SELECT id, email, mobile FROM users WHERE id = ANY(string_to_array($1, ',')::bigint[])",
      [unique.join(',')],
    );
    return new Map(rows.map((r) => [r.id, { email: r.email, mobile: r.mobile }]));
  }

  /** The nickname of each of `ids` (names other users see, masked by the caller), by id. */
  async nicknames(ids: readonly number[], q: Queryable = this.db): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await q.query<{ id: number; nickname: string }>(
      "SELECT id, nickname FROM users WHERE id = ANY(string_to_array($1, ',')::bigint[])",
      [unique.join(',')],
    );
    return new Map(rows.map((r) => [r.id, r.nickname]));
  }
}
