import { Decimal, type DecimalValue } from '../../domain/decimal';
import type { AccountId } from '../../domain/funds/formulas';
import type { Clock } from '../clock';
import { sqlState, type Queryable, type SqlValue } from '../db/db';
import { rowReader } from '../db/rows';
import { AppError } from '../http/AppError';
import type { LedgerKind } from '../../domain/funds/ledgerKinds';

/**
 * Platform accounts. `custody` (the coins the platform holds for users), `grants` (money
 * the platform gives by hand: operator credits, seeded funds) and `issuance` (IEO tokens as they
 * are issued, server/ieo/) are the external accounts: money
 * entering or leaving the system posts against them, so they go negative by what came in.
 * `bad_debt` is the platform's recorded loss: what a liquidation's shortfall left beyond the
 * insurance fund (docs/FUTURES.md "Trading rules"); it goes negative by what was lost.
 * Every other balance, users' and platform's, may never go below zero.
 */
export const PLATFORM_ACCOUNTS = ['fees', 'insurance', 'escrow', 'treasury', 'custody', 'grants', 'issuance', 'bad_debt'] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

/** Busy platform holders have this many shards (1..SHARDS) besides their main row (shard 0). */
export const SHARDS = 16;

/** The shard of a user's postings to a sharded platform holder. */
export function shardOf(userId: number): number {
  return 1 + (userId % SHARDS);
}

/** One journal leg of a posted operation; the journal columns are null for an operation without legs (outer join). */
interface LegRow {
  key: string;
  kind: string;
  user_id: number | null;
  account: number | null;
  platform: string | null;
  shard: number | null;
  currency_id: number | null;
  delta_available: string | null;
  delta_frozen: string | null;
  available_after: string | null;
  frozen_after: string | null;
}

const legRows = rowReader<LegRow>('journal', {
  key: 'text',
  kind: 'text',
  user_id: 'int?',
  account: 'int?',
  platform: 'text?',
  shard: 'int?',
  currency_id: 'int?',
  delta_available: 'decimal?',
  delta_frozen: 'decimal?',
  available_after: 'decimal?',
  frozen_after: 'decimal?',
});

/** Whose balance a leg moves: a user's account, or a platform account (its main row unless a shard is named). */
export type Holder = { userId: number; account: AccountId } | { platform: PlatformAccount; shard?: number };

/** Fee income from `userId`'s operations: a shard, rolled up into the main fees row by `rollUpFees`. */
export const feesFor = (userId: number): Holder => ({ platform: 'fees', shard: shardOf(userId) });
/** The custody shard that `userId`'s deposits and withdrawals post against. */
export const custodyFor = (userId: number): Holder => ({ platform: 'custody', shard: shardOf(userId) });
/** The grants shard that credits to `userId` post against. */
export const grantsFor = (userId: number): Holder => ({ platform: 'grants', shard: shardOf(userId) });

/** One change to one balance: deltas of `available` and `frozen` (decimal strings or Decimals). */
export interface Leg {
  holder: Holder;
  currencyId: number;
  available?: DecimalValue;
  frozen?: DecimalValue;
}

export interface Operation {
  /** Makes the operation happen once: a second post with the same key changes nothing. */
  key: string;
  /** Journal kind, shown (labelled) in bills: one of domain/funds/ledgerKinds.ts. */
  kind: LedgerKind;
  ref?: { type: string; id: number };
  memo?: string;
  /** Per currency they sum to zero: money from outside comes from `custody`, `grants` or `issuance`. */
  legs: Leg[];
}

/** Sums without rounding: merging legs must not lose a digit (the project's Decimal keeps 20). */
const Exact = Decimal.clone({ precision: 1_000 });
type Exact = InstanceType<typeof Exact>;

interface MergedLeg {
  order: string;
  holder: Holder;
  currencyId: number;
  available: Exact;
  frozen: Exact;
}

/** The CHECKs that keep balances from going below zero (migration 004). */
const NON_NEGATIVE = ['balances_available_nonnegative', 'balances_frozen_nonnegative'];

function isNonNegativeViolation(error: unknown): boolean {
  if (sqlState(error) !== '23514') return false;
  const e = error as { constraint?: unknown; message?: unknown };
  return NON_NEGATIVE.some((name) => e.constraint === name || String(e.message).includes(name));
}

/**
 * Lock order: every user row before any platform row (a fill holds the busy platform rows for
 * the shortest time), users by id, account and currency; platform rows by name, shard and
 * currency, the treasury's main row after its shards (the float refills a shard it holds from
 * the main row, `TreasuryFloat.ts`). Every operation takes its locks in this one order, so two
 * can never deadlock.
 */
export function lockOrder(h: Holder, currencyId: number): string {
  const currency = String(currencyId).padStart(6, '0');
  if ('userId' in h) return `0:${String(h.userId).padStart(15, '0')}:${h.account}:${currency}`;
  const shard = h.platform === 'treasury' && !h.shard ? 'zz' : String(h.shard ?? 0).padStart(2, '0');
  return `1:${h.platform}:${shard}:${currency}`;
}

/**
 * The whole operation as one statement: the key first (a key posted before inserts nothing, and
 * then nothing below runs: no row comes back); each balance's deltas added in SQL `NUMERIC` in
 * lock order (`leg_<i>`, read by the final SELECT in that order, so its locks are taken in it),
 * a missing row inserted with the deltas instead (so a CHECK refuses one that would start below
 * zero, as it refuses an update that would go there; a row another transaction made meanwhile
 * gets the deltas added, as an update would); and the journal rows, with each balance as the
 * operation left it.
 */
function postStatement(op: Operation, legs: readonly MergedLeg[], now: number): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [op.key, op.kind, op.memo ?? null, now];
  const p = (value: SqlValue) => `$${params.push(value)}`;
  const ref = legs.length ? { type: p(op.ref?.type ?? null), id: p(op.ref?.id ?? null) } : null;
  const ctes = [
    `op AS (INSERT INTO ledger_ops (key, kind, memo, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING RETURNING id)`,
  ];
  const journal: string[] = [];
  const out = [
    `SELECT NULL::int AS leg, NULL::bigint AS id, NULL::text AS available, NULL::text AS frozen, NULL::bigint AS journal_id FROM op`,
  ];
  legs.forEach((leg, i) => {
    const da = `${p(leg.available.toFixed())}::numeric`;
    const df = `${p(leg.frozen.toFixed())}::numeric`;
    const currency = `${p(leg.currencyId)}::int`;
    const h = leg.holder;
    const user = 'userId' in h ? { id: `${p(h.userId)}::bigint`, account: `${p(h.account)}::int` } : null;
    const platform = 'userId' in h ? null : { name: `${p(h.platform)}::text`, shard: `${p(h.shard ?? 0)}::smallint` };
    const where = user
      ? `user_id = ${user.id} AND account = ${user.account} AND currency_id = ${currency}`
      : `platform = ${platform!.name} AND shard = ${platform!.shard} AND currency_id = ${currency}`;
    const insert = user
      ? `INSERT INTO balances (user_id, account, currency_id, available, frozen) SELECT ${user.id}, ${user.account}, ${currency}, ${da}, ${df}`
      : `INSERT INTO balances (platform, shard, account, currency_id, available, frozen) SELECT ${platform!.name}, ${platform!.shard}, 0, ${currency}, ${da}, ${df}`;
    ctes.push(
      `leg_${i}_moved AS (UPDATE balances SET available = available + ${da}, frozen = frozen + ${df}
         WHERE ${where} AND EXISTS (SELECT 1 FROM op) RETURNING id, available, frozen)`,
      // Made by another transaction since the look: the insert waits for it, then adds to it.
      `leg_${i}_made AS (${insert} WHERE EXISTS (SELECT 1 FROM op) AND NOT EXISTS (SELECT 1 FROM leg_${i}_moved)
         ON CONFLICT ${user ? '(user_id, account, currency_id) WHERE user_id IS NOT NULL' : '(platform, shard, currency_id) WHERE platform IS NOT NULL'}
         DO UPDATE SET available = balances.available + EXCLUDED.available, frozen = balances.frozen + EXCLUDED.frozen
         RETURNING id, available, frozen)`,
      `leg_${i} AS (SELECT * FROM leg_${i}_moved UNION ALL SELECT * FROM leg_${i}_made)`,
    );
    journal.push(
      `SELECT op.id, leg_${i}.id, ${user?.id ?? 'NULL::bigint'}, ${user?.account ?? '0'}, ${currency}, ${da}, ${df},
         leg_${i}.available, leg_${i}.frozen, $2, ${ref!.type}::text, ${ref!.id}::bigint, $4::bigint FROM op, leg_${i}`,
    );
    out.push(
      `SELECT ${i}, id, available::text, frozen::text, (SELECT j.id FROM journal_rows j WHERE j.balance_id = leg_${i}.id) FROM leg_${i}`,
    );
  });
  if (journal.length) {
    ctes.push(
      `journal_rows AS (INSERT INTO journal (op_id, balance_id, user_id, account, currency_id, delta_available, delta_frozen, available_after, frozen_after, kind, ref_type, ref_id, created_at)
         ${journal.join(' UNION ALL ')} RETURNING id, balance_id)`,
    );
  }
  return { sql: `WITH ${ctes.join(',\n')}\n${out.join(' UNION ALL ')}`, params };
}

/** One journal row of a posted operation, as stored: the holder, the deltas, and the balance after it. */
export interface PostedLeg {
  holder: Holder;
  currencyId: number;
  available: string;
  frozen: string;
  availableAfter: string;
  frozenAfter: string;
}

/** An operation as the ledger recorded it (the settlement audit reads it back by key). */
export interface PostedOperation {
  key: string;
  kind: string;
  legs: PostedLeg[];
}

/** A stable text name of a holder (`user:7:3`, `platform:fees:8`), to compare legs by. */
export function holderName(h: Holder): string {
  return 'userId' in h ? `user:${h.userId}:${h.account}` : `platform:${h.platform}:${h.shard ?? 0}`;
}

/**
 * Whether an operation that booked bad debt left the insurance fund (main row) empty: its leg's
 * balance after is zero, or it had no leg (the fund held nothing to pay). The audits' check that
 * bad debt is only what the fund could not cover.
 */
export function fundEmptied(op: PostedOperation | undefined, currencyId: number): boolean {
  const leg = op?.legs.find((l) => 'platform' in l.holder && l.holder.platform === 'insurance' && l.currencyId === currencyId);
  return !leg || new Decimal(leg.availableAfter).isZero();
}

/** One of a user's balances as an operation left it (the committed values once the listener hears of it). */
export interface BalanceChange {
  account: AccountId;
  currency_id: number;
  available: string;
  frozen: string;
  /** The journal row the operation wrote for it: a later change of the balance has a larger one. */
  v: number;
}

/**
 * Told which of a user's balances changed, and to what, after the commit that changed them. The
 * balance row stays locked until that commit, so the changes of one balance are heard in commit
 * order; a later read may of course find newer values.
 */
export type BalancesListener = (userId: number, changed: BalanceChange[]) => void;

/**
 * The only code that changes balances. Inside the caller's transaction it records the
 * operation (once), applies each balance's deltas in SQL `NUMERIC` (exact, locking the row) in
 * one fixed order, refuses any that would go below zero (the CHECK, answered as
 * `errors.insufficientBalance`), and writes an immutable journal row per balance. The database
 * checks at commit that the operation's journal rows sum to zero per currency.
 */
export class Ledger {
  private readonly listeners = new Set<BalancesListener>();

  constructor(private readonly clock: Clock) {}

  /**
   * Calls `listener` after each commit that changed a user's balances, with the balances that
   * changed (the realtime hub pushes them on the user's private channel). Returns the unsubscribe.
   */
  onBalancesChanged(listener: BalancesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Posts `op`; resolves false when an operation with the same key was posted before. One
   * statement, one round trip, whatever the number of legs: the operation's key, each balance's
   * deltas in lock order (a missing balance row is created with them) and the journal rows.
   */
  async post(q: Queryable, op: Operation): Promise<boolean> {
    if (!op.legs.length) throw new Error('an operation needs legs');
    const legs = this.merge(op).filter((leg) => !(leg.available.isZero() && leg.frozen.isZero()));
    this.assertBalanced(op.kind, legs);
    const { sql, params } = postStatement(op, legs, this.clock.now());
    let rows: { leg: number | null; id: number | null; available: string | null; frozen: string | null; journal_id: number | null }[];
    try {
      rows = await q.query(sql, params);
    } catch (error) {
      if (isNonNegativeViolation(error)) throw new AppError('errors.insufficientBalance');
      throw error;
    }
    if (!rows.length) return false;
    const changed = rows
      .filter((r) => r.leg !== null)
      .map((r) => ({ leg: legs[r.leg!]!, available: r.available!, frozen: r.frozen!, v: Number(r.journal_id) }));
    if (changed.length !== legs.length) throw new Error(`ledger operation ${op.key}: ${changed.length} of ${legs.length} balances moved`);
    this.announce(q, changed);
    return true;
  }

  /**
   * Posts `op` that must not have been posted before: the caller holds the lock on the row whose
   * state makes it due, so a second post is a bug, thrown rather than skipped.
   */
  async postOnce(q: Queryable, op: Operation): Promise<void> {
    if (!(await this.post(q, op))) throw new Error(`ledger operation ${op.key} was already posted`);
  }

  /**
   * The operations posted under `keys`, with their journal rows (read-only; the settlement audit
   * checks each settlement's money moved as its row says). Keys never posted are absent.
   */
  async operations(q: Queryable, keys: readonly string[]): Promise<Map<string, PostedOperation>> {
    const found = new Map<string, PostedOperation>();
    if (!keys.length) return found;
    const rows = await legRows.all(
      q,
      `SELECT o.key, o.kind, j.user_id, j.account, b.platform, b.shard, j.currency_id, j.delta_available::text AS delta_available,
         j.delta_frozen::text AS delta_frozen, j.available_after::text AS available_after, j.frozen_after::text AS frozen_after
       FROM ledger_ops o LEFT JOIN journal j ON j.op_id = o.id LEFT JOIN balances b ON b.id = j.balance_id
       WHERE o.key = ANY($1::text[]) ORDER BY o.id, j.id`,
      [`{${keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
    );
    for (const r of rows) {
      const op = found.get(r.key) ?? { key: r.key, kind: r.kind, legs: [] };
      found.set(r.key, op);
      if (r.delta_available === null) continue;
      const holder: Holder =
        r.user_id !== null
          ? { userId: r.user_id, account: r.account! as AccountId }
          : { platform: r.platform as PlatformAccount, shard: r.shard! };
      op.legs.push({
        holder,
        currencyId: r.currency_id!,
        available: r.delta_available,
        frozen: r.delta_frozen!,
        availableAfter: r.available_after!,
        frozenAfter: r.frozen_after!,
      });
    }
    return found;
  }

  /** The newest journal row's id (0 for an empty journal): where an incremental audit's window ends. */
  async newestJournalRow(q: Queryable): Promise<number> {
    const [row] = await q.query<{ id: string | number }>('SELECT COALESCE(MAX(id), 0) AS id FROM journal');
    return Number(row!.id);
  }

  /** The ids that journal rows in (after, through] name under `refType` (what an incremental audit re-derives), ascending. */
  async refsBetween(q: Queryable, after: number, through: number, refType: string): Promise<number[]> {
    const rows = await q.query<{ ref_id: string | number }>(
      'SELECT DISTINCT ref_id FROM journal WHERE id > $1 AND id <= $2 AND ref_type = $3 AND ref_id IS NOT NULL ORDER BY ref_id',
      [after, through, refType],
    );
    return rows.map((r) => Number(r.ref_id));
  }

  /** After commit (never on rollback), tells the listeners whose balances changed. */
  private announce(q: Queryable, changed: readonly { leg: MergedLeg; available: string; frozen: string; v: number }[]): void {
    if (!this.listeners.size) return;
    const byUser = new Map<number, BalanceChange[]>();
    for (const { leg, available, frozen, v } of changed) {
      if (!('userId' in leg.holder)) continue;
      const keys = byUser.get(leg.holder.userId) ?? [];
      keys.push({ account: leg.holder.account, currency_id: leg.currencyId, available, frozen, v });
      byUser.set(leg.holder.userId, keys);
    }
    if (!byUser.size) return;
    q.afterCommit(() => {
      for (const [userId, keys] of byUser) for (const listener of this.listeners) listener(userId, keys);
    });
  }

  /** One leg per balance, exact, in lock order. */
  private merge(op: Operation): MergedLeg[] {
    const merged = new Map<string, MergedLeg>();
    for (const leg of op.legs) {
      const order = lockOrder(leg.holder, leg.currencyId);
      const m = merged.get(order) ?? {
        order,
        holder: leg.holder,
        currencyId: leg.currencyId,
        available: new Exact(0),
        frozen: new Exact(0),
      };
      m.available = m.available.plus(new Exact(String(leg.available ?? 0)));
      m.frozen = m.frozen.plus(new Exact(String(leg.frozen ?? 0)));
      merged.set(order, m);
    }
    return [...merged.values()].sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  }

  /** Per currency the legs sum to zero; checked here before anything is written, and again by the database at commit. */
  private assertBalanced(kind: string, legs: MergedLeg[]): void {
    const sums = new Map<number, Exact>();
    for (const leg of legs) sums.set(leg.currencyId, (sums.get(leg.currencyId) ?? new Exact(0)).plus(leg.available).plus(leg.frozen));
    for (const [currency, sum] of sums) {
      if (!sum.isZero()) throw new Error(`operation ${kind} does not balance in currency ${currency}: ${sum.toFixed()}`);
    }
  }
}
