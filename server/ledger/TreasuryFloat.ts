import { Decimal } from '../../domain/decimal';
import type { Queryable, SqlValue } from '../db/db';
import { lockOrder, shardOf, SHARDS, type Holder, type Leg } from './Ledger';

/**
 * Each shard is refilled to 1/FLOAT_PARTS of a currency's treasury (main row and shards
 * together): 1/64, so with every shard at its share the main row keeps three quarters of the
 * treasury, and a shard swept back at twice its share keeps it above half.
 */
export const FLOAT_PARTS = 4 * SHARDS;

/** Sums without rounding, as the ledger merges legs (the project's Decimal keeps 20 digits). */
const Exact = Decimal.clone({ precision: 1_000 });
type Exact = InstanceType<typeof Exact>;

/**
 * Makes the platform rows a user's operation against the float locks exist (at zero, no money
 * moving: the fees and treasury shards of the user in each currency), before its transaction and
 * outside it, once per process. `treasuryFloat` locks the rows it will post on in the ledger's
 * order; a row that does not exist yet cannot be locked, and two transactions each making it
 * would meet out of that order (a deadlock, seen as retried transactions in the `exchanges`
 * benchmark while the shards were new).
 */
export class FloatRows {
  private readonly made = new Set<string>();

  constructor(private readonly db: Queryable) {}

  /** The rows of `userId`'s shard in each of `currencies`. */
  ensure(userId: number, currencies: readonly number[]): Promise<void> {
    return this.make([shardOf(userId)], currencies);
  }

  /**
   * The rows of every shard in each of `currencies`: for a path (futures closes, run by the user
   * and by the engine from several places) that would otherwise have to call `ensure` before each
   * of its transactions. Called once at start.
   */
  ensureAll(currencies: readonly number[]): Promise<void> {
    return this.make(
      Array.from({ length: SHARDS }, (_, i) => i + 1),
      currencies,
    );
  }

  private async make(shards: readonly number[], currencies: readonly number[]): Promise<void> {
    const missing = shards.flatMap((shard) => currencies.filter((c) => !this.made.has(`${shard}:${c}`)).map((c) => ({ shard, c })));
    if (!missing.length) return;
    const params: SqlValue[] = [];
    const rows = missing.flatMap(({ shard, c }) => {
      const at = `$${params.push(shard)}::smallint, 0, $${params.push(c)}::int`;
      return [`('fees', ${at}, 0, 0)`, `('treasury', ${at}, 0, 0)`];
    });
    await this.db.query(
      `INSERT INTO balances (platform, shard, account, currency_id, available, frozen) VALUES ${rows.join(', ')}
       ON CONFLICT (platform, shard, currency_id) WHERE platform IS NOT NULL DO NOTHING`,
      params,
    );
    for (const { shard, c } of missing) this.made.add(`${shard}:${c}`);
  }
}

/**
 * The treasury's float. A user's operation against the treasury (an exchange, a futures close,
 * an option's settlement) posts the treasury's side on that user's treasury shard (`shardOf`),
 * not on the main row, so operations of users on different shards never queue on one row per
 * currency; with the main row, 100 users exchanging at once went no faster than one user alone
 * (bench `exchanges`).
 *
 * A shard pays from what it holds. When it holds less than it must pay, the same operation
 * refills it from the main row to 1/`FLOAT_PARTS` of the currency's treasury (or, with the main row
 * short of that, to just what it pays); when it holds more than twice its share, the same
 * operation moves the surplus back to the main row, so the paths that still pay from the main
 * row (loans, lockming, NFT sales, IEO, dual investment) keep most of the treasury. The main row
 * is locked only by a refill or a sweep, after the shard: the ledger's lock order puts a
 * platform's main row after its shards (`lockOrder`).
 *
 * Lock order: `legs` are the operation's legs with the treasury's on `{ platform: 'treasury' }`.
 * Every balance they post on is locked here first, in the ledger's one order (the user's rows,
 * then platform rows, the treasury shard last but for the main row), and read, so the sizing
 * sees the shard as last committed and no other transaction can move it before the post; the
 * main rows a refill or sweep needs are locked after them, in currency order (call
 * `FloatRows.ensure` before the transaction, so the shard rows exist to be locked). Answers the legs to
 * post (the treasury's on the shard, with the refill or sweep legs), or null when the treasury
 * (the shard and the main row together) cannot pay: the caller refuses the operation (an
 * exchange), or posts on the main row as before (a settlement, `floatOrMain`).
 */
export async function treasuryFloat(
  q: Queryable,
  userId: number,
  legs: readonly Leg[],
  /** The currency's decimals: a refill or sweep amount is rounded down to them. */
  decimalsOf: (currencyId: number) => number,
): Promise<Leg[] | null> {
  const shard: Holder = { platform: 'treasury', shard: shardOf(userId) };
  const moves = new Map<number, Exact>();
  const others: Leg[] = [];
  for (const leg of legs) {
    if ('platform' in leg.holder && leg.holder.platform === 'treasury') {
      if (leg.frozen !== undefined && !new Decimal(String(leg.frozen)).isZero()) throw new Error('the treasury holds nothing frozen');
      moves.set(leg.currencyId, (moves.get(leg.currencyId) ?? new Exact(0)).plus(String(leg.available ?? 0)));
    } else others.push(leg);
  }
  const currencies = [...moves.keys()].sort((a, b) => a - b);
  const held = await lockAndRead(q, [...others, ...currencies.map((currencyId) => ({ holder: shard, currencyId }))], currencies, shard);

  const out: Leg[] = [...others];
  const refills: { currencyId: number; least: Exact; wanted: Exact }[] = [];
  const sweeps: { currencyId: number; amount: Exact }[] = [];
  for (const currencyId of currencies) {
    const { mine, total } = held.get(currencyId)!;
    const after = mine.plus(moves.get(currencyId)!);
    const share = total.div(FLOAT_PARTS).toDecimalPlaces(decimalsOf(currencyId), Exact.ROUND_DOWN);
    if (after.lt(0)) refills.push({ currencyId, least: after.neg(), wanted: share.minus(after) });
    else if (share.gt(0) && after.gt(share.mul(2))) sweeps.push({ currencyId, amount: after.minus(share) });
    else out.push({ holder: shard, currencyId, available: moves.get(currencyId)!.toFixed() });
  }
  if (!refills.length && !sweeps.length) return out;

  const main = await lockMain(
    q,
    [...refills.map((r) => r.currencyId), ...sweeps.map((s) => s.currencyId)].sort((a, b) => a - b),
  );
  for (const r of refills) {
    const inMain = main.get(r.currencyId) ?? new Exact(0);
    const amount = inMain.gte(r.wanted) ? r.wanted : inMain.gte(r.least) ? r.least : null;
    if (!amount) return null;
    out.push(
      { holder: shard, currencyId: r.currencyId, available: moves.get(r.currencyId)!.plus(amount).toFixed() },
      { holder: { platform: 'treasury' }, currencyId: r.currencyId, available: amount.neg().toFixed() },
    );
  }
  for (const s of sweeps) {
    out.push(
      { holder: shard, currencyId: s.currencyId, available: moves.get(s.currencyId)!.minus(s.amount).toFixed() },
      { holder: { platform: 'treasury' }, currencyId: s.currencyId, available: s.amount.toFixed() },
    );
  }
  return out;
}

/** The WHERE of one balance row. */
function rowOf(h: Holder, currencyId: number, params: SqlValue[]): string {
  const p = (value: SqlValue) => `$${params.push(value)}`;
  return 'userId' in h
    ? `user_id = ${p(h.userId)}::bigint AND account = ${p(h.account)}::int AND currency_id = ${p(currencyId)}::int`
    : `platform = ${p(h.platform)}::text AND shard = ${p(h.shard ?? 0)}::smallint AND currency_id = ${p(currencyId)}::int`;
}

/**
 * One statement: locks each balance of `rows` in the ledger's lock order (one locking subquery
 * each, run in that order), and reads the treasury shard's balance and the whole treasury's
 * (unlocked: it only sizes the float) of each of `currencies`.
 */
async function lockAndRead(
  q: Queryable,
  rows: readonly { holder: Holder; currencyId: number }[],
  currencies: readonly number[],
  shard: Holder,
): Promise<Map<number, { mine: Exact; total: Exact }>> {
  const params: SqlValue[] = [];
  const ordered = [...new Map(rows.map((r) => [lockOrder(r.holder, r.currencyId), r])).entries()].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const parts = ordered.map(([, r], i) => {
    const where = rowOf(r.holder, r.currencyId, params);
    return `SELECT ${i} AS i, NULL::int AS currency_id, (SELECT available::text FROM balances WHERE ${where} FOR UPDATE) AS available`;
  });
  for (const c of currencies) {
    parts.push(
      `SELECT NULL, ${`$${params.push(c)}`}::int,
         (SELECT COALESCE(SUM(available), 0)::text FROM balances WHERE platform = 'treasury' AND currency_id = $${params.length}::int)`,
    );
  }
  const answered = await q.query<{ i: number | null; currency_id: number | null; available: string | null }>(
    parts.join(' UNION ALL '),
    params,
  );
  const byIndex = new Map(answered.filter((r) => r.i !== null).map((r) => [r.i!, r.available]));
  const indexOf = new Map(ordered.map(([key], i) => [key, i]));
  const result = new Map<number, { mine: Exact; total: Exact }>();
  for (const c of currencies) {
    const i = indexOf.get(lockOrder(shard, c))!;
    const total = answered.find((r) => r.currency_id === c)?.available ?? '0';
    result.set(c, { mine: new Exact(byIndex.get(i) ?? 0), total: new Exact(total) });
  }
  return result;
}

/** Locks the treasury's main row of each of `currencies` (in that order) and answers what each holds. */
async function lockMain(q: Queryable, currencies: readonly number[]): Promise<Map<number, Exact>> {
  const params: SqlValue[] = [];
  const parts = currencies.map(
    (c) =>
      `SELECT ${`$${params.push(c)}`}::int AS currency_id,
         (SELECT available::text FROM balances WHERE ${rowOf({ platform: 'treasury' }, c, params)} FOR UPDATE) AS available`,
  );
  const rows = await q.query<{ currency_id: number; available: string | null }>(parts.join(' UNION ALL '), params);
  return new Map(rows.map((r) => [r.currency_id, new Exact(r.available ?? 0)]));
}

/**
 * The legs of a settlement that must complete (a futures close, an option's payout): on the
 * treasury's float as `treasuryFloat` gives them, or, when even the float cannot pay, the legs as
 * they are, on the main row, which the ledger refuses below zero as it always did.
 */
export async function floatOrMain(
  q: Queryable,
  userId: number,
  legs: readonly Leg[],
  decimalsOf: (currencyId: number) => number,
): Promise<Leg[]> {
  return (await treasuryFloat(q, userId, legs, decimalsOf)) ?? [...legs];
}
