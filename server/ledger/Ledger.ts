import { Decimal, type DecimalValue } from '../../domain/decimal';
import type { AccountId } from '../../domain/funds/formulas';
import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import { AppError } from '../http/AppError';

/** Platform accounts: every internal movement has a counterpart, and platform money sits here. */
export const PLATFORM_ACCOUNTS = ['fees', 'insurance', 'escrow', 'treasury'] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

/** Whose balance a leg moves: a user's account, or a platform account. */
export type Holder = { userId: number; account: AccountId } | { platform: PlatformAccount };

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
  /** Journal kind (`deposit`, `transfer`, `exchange`, …), shown in bills. */
  kind: string;
  /** Deposits, credits and withdrawals cross the system's edge; every other operation sums to zero per currency. */
  external?: boolean;
  ref?: { type: string; id: number };
  memo?: string;
  legs: Leg[];
}

interface BalanceRow {
  id: number;
  available: string;
  frozen: string;
}

function holderKey(h: Holder): string {
  return 'userId' in h ? `u:${String(h.userId).padStart(12, '0')}:${h.account}` : `p:${h.platform}`;
}

/**
 * The only code that changes balances. Inside the caller's transaction it records the
 * operation (once), locks every balance it touches in one fixed order (so two operations can
 * never deadlock on each other), applies the deltas, refuses any that would go below zero, and
 * writes an immutable journal row per leg.
 */
export class Ledger {
  constructor(private readonly clock: Clock) {}

  /** Posts `op`; resolves false when an operation with the same key was posted before. */
  async post(q: Queryable, op: Operation): Promise<boolean> {
    if (!op.legs.length) throw new Error('an operation needs legs');
    if (!op.external) this.assertBalanced(op);
    const now = this.clock.now();
    const [recorded] = await q.query<{ id: number }>(
      `INSERT INTO ledger_ops (key, kind, external, memo, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [op.key, op.kind, op.external ?? false, op.memo ?? null, now],
    );
    if (!recorded) return false;

    // Merge legs on the same balance, then lock in a fixed order.
    const merged = new Map<string, { holder: Holder; currencyId: number; available: Decimal; frozen: Decimal }>();
    for (const leg of op.legs) {
      const key = `${holderKey(leg.holder)}:${String(leg.currencyId).padStart(6, '0')}`;
      const m = merged.get(key) ?? { holder: leg.holder, currencyId: leg.currencyId, available: new Decimal(0), frozen: new Decimal(0) };
      m.available = m.available.plus(leg.available ?? 0);
      m.frozen = m.frozen.plus(leg.frozen ?? 0);
      merged.set(key, m);
    }
    for (const key of [...merged.keys()].sort()) {
      const leg = merged.get(key)!;
      const row = await this.lockBalance(q, leg.holder, leg.currencyId);
      const available = new Decimal(row.available).plus(leg.available);
      const frozen = new Decimal(row.frozen).plus(leg.frozen);
      if (available.isNegative() || frozen.isNegative()) throw new AppError('errors.insufficientBalance');
      await q.query('UPDATE balances SET available = $2, frozen = $3 WHERE id = $1', [row.id, available.toFixed(), frozen.toFixed()]);
      await q.query(
        `INSERT INTO journal (op_id, balance_id, user_id, account, currency_id, delta_available, delta_frozen, available_after, frozen_after, kind, ref_type, ref_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          recorded.id,
          row.id,
          'userId' in leg.holder ? leg.holder.userId : null,
          'userId' in leg.holder ? leg.holder.account : 0,
          leg.currencyId,
          leg.available.toFixed(),
          leg.frozen.toFixed(),
          available.toFixed(),
          frozen.toFixed(),
          op.kind,
          op.ref?.type ?? null,
          op.ref?.id ?? null,
          now,
        ],
      );
    }
    return true;
  }

  /** The balance row of a holder and currency, created when missing, locked for this transaction. */
  private async lockBalance(q: Queryable, holder: Holder, currencyId: number): Promise<BalanceRow> {
    const isUser = 'userId' in holder;
    const where = isUser ? 'user_id = $1 AND account = $2 AND currency_id = $3' : 'platform = $1 AND currency_id = $2';
    const params = isUser ? [holder.userId, holder.account, currencyId] : [holder.platform, currencyId];
    const select = `SELECT id, available::text AS available, frozen::text AS frozen FROM balances WHERE ${where} FOR UPDATE`;
    const [existing] = await q.query<BalanceRow>(select, params);
    if (existing) return existing;
    if (isUser) {
      await q.query(
        `INSERT INTO balances (user_id, account, currency_id) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, account, currency_id) WHERE user_id IS NOT NULL DO NOTHING`,
        params,
      );
    } else {
      await q.query(
        `INSERT INTO balances (platform, account, currency_id) VALUES ($1, 0, $2)
         ON CONFLICT (platform, currency_id) WHERE platform IS NOT NULL DO NOTHING`,
        params,
      );
    }
    const [row] = await q.query<BalanceRow>(select, params);
    return row!;
  }

  /** An internal operation moves money between holders: per currency its legs sum to zero. */
  private assertBalanced(op: Operation): void {
    const sums = new Map<number, Decimal>();
    for (const leg of op.legs) {
      const sum = sums.get(leg.currencyId) ?? new Decimal(0);
      sums.set(leg.currencyId, sum.plus(leg.available ?? 0).plus(leg.frozen ?? 0));
    }
    for (const [currency, sum] of sums) {
      if (!sum.isZero()) throw new Error(`operation ${op.kind} does not balance in currency ${currency}: ${sum.toFixed()}`);
    }
  }
}
