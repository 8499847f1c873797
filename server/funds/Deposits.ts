import type { Page } from '../../domain/api/envelope';
import type { DepositInfo, DepositItem } from '../../domain/funds/types';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS } from '../../domain/funds/formulas';
import type { Clock } from '../clock';
import { sqlState, UNIQUE_VIOLATION, type Db, type Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';
import { AppError } from '../http/AppError';
import { custodyFor, type Ledger } from '../ledger/Ledger';
import { txRunner, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { Notifications } from '../notifications/Notifications';
import type { UploadStore } from '../uploads/UploadStore';
import type { UserRepository } from '../users/UserRepository';
import { readAmount, requireCurrency } from './amounts';
import { DEPOSIT_COINS } from './fundsConfig';

interface DepositRow {
  id: number;
  user_id: number;
  currency_id: number;
  network: string;
  amount: string;
  voucher_upload_id: number | null;
  sender: string | null;
  status: DepositItem['status'];
  reason: string | null;
  created_at: number;
  decided_at: number | null;
}

const COLUMNS = `id, user_id, currency_id, network, amount::text AS amount, voucher_upload_id, sender, status, reason, created_at, decided_at`;
const depositRows = rowReader<DepositRow>('deposits', {
  id: 'int',
  user_id: 'int',
  currency_id: 'int',
  network: 'text',
  amount: 'decimal',
  voucher_upload_id: 'int?',
  sender: 'text?',
  status: 'text',
  reason: 'text?',
  created_at: 'int',
  decided_at: 'int?',
});
const decidingRows = rowReader<Pick<DepositRow, 'id' | 'user_id' | 'currency_id' | 'amount' | 'status'>>('deposits', {
  id: 'int',
  user_id: 'int',
  currency_id: 'int',
  amount: 'decimal',
  status: 'text',
});

/** A deposit just approved and credited (inside the approval's transaction). */
export interface ApprovedDeposit {
  depositId: number;
  userId: number;
  currencyId: number;
  amount: string;
}
export type DepositApprovedListener = (q: Queryable, deposit: ApprovedDeposit) => Promise<void>;

/**
 * Deposits: the user pays to a platform address and uploads the payment voucher (one voucher
 * backs one request); an operator checks it and approves (the amount is credited to the coin
 * account against custody, once) or rejects.
 */
export class Deposits {
  private readonly tx: TxRunner;
  private readonly approvedListeners: DepositApprovedListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly market: MarketSource,
    private readonly users: UserRepository,
    private readonly uploads: UploadStore,
    private readonly notifications: Notifications,
  ) {
    this.tx = txRunner(db);
  }

  info(currencyId: number): DepositInfo {
    const currency = requireCurrency(this.market, currencyId);
    const coin = DEPOSIT_COINS.find((d) => d.currencyId === currencyId);
    if (!coin) throw new AppError('errors.depositNotSupported');
    return { currency_id: currency.id, currency: currency.name, decimals: currency.decimals, networks: coin.networks };
  }

  async request(
    userId: number,
    input: { currency: number; type: string; amount: string; voucher: string; account?: string | undefined },
    run: TxRunner = this.tx,
  ): Promise<DepositItem> {
    const { networks } = this.info(input.currency);
    const network = networks.find((n) => n.type === input.type.toUpperCase());
    if (!network) throw new AppError('validation.networkRequired');
    const amount = readAmount(input.amount, requireCurrency(this.market, input.currency));
    if (amount.lt(network.min)) throw new AppError('errors.depositBelowMin', { min: network.min });
    const voucher = await this.uploads.ownedByUrl(input.voucher, userId, ['voucher']);
    if (!voucher) throw new AppError('validation.voucherRequired');
    return run(async (q) => {
      const [used] = await q.query('SELECT 1 FROM deposits WHERE voucher_upload_id = $1 AND NOT voucher_shared_legacy', [voucher.id]);
      if (used) throw new AppError('errors.voucherUsed');
      const [row] = await q
        .query<{ id: number }>(
          `INSERT INTO deposits (user_id, currency_id, network, amount, voucher_upload_id, sender, status, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7) RETURNING id`,
          [userId, input.currency, network.type, amount.toFixed(), voucher.id, input.account ?? null, this.clock.now()],
        )
        .catch((error: unknown) => {
          // Two requests with one voucher at the same instant: the unique index lets one through.
          throw sqlState(error) === UNIQUE_VIOLATION ? new AppError('errors.voucherUsed') : error;
        });
      return (await this.byId(q, row!.id))!;
    });
  }

  async page(userId: number, page: number, limit: number): Promise<Page<DepositItem>> {
    const found = await paginate<DepositRow>(
      this.db,
      { select: COLUMNS, from: 'FROM deposits WHERE user_id = $1', orderBy: 'id DESC', params: [userId] },
      { page, limit },
      depositRows.check,
    );
    return { ...found, data: await this.toItems(found.data) };
  }

  /** Deposits for an operator, oldest first. */
  async list(
    status: DepositItem['status'] | null,
  ): Promise<(DepositItem & { user_id: number; sender: string | null; email: string | null })[]> {
    const rows = await depositRows.all(
      this.db,
      `SELECT ${COLUMNS} FROM deposits WHERE ($1::text IS NULL OR status = $1) ORDER BY id LIMIT 200`,
      [status],
    );
    const [items, contacts] = await Promise.all([this.toItems(rows), this.users.contacts(rows.map((r) => r.user_id))]);
    return items.map((item, i) => {
      const r = rows[i]!;
      return { ...item, user_id: r.user_id, sender: r.sender, email: contacts.get(r.user_id)?.email ?? null };
    });
  }

  /**
   * Calls `listener` inside each approval's transaction, right after the deposit is credited (with
   * that transaction's `q`): another area's effect of an approval (a deposit bonus) commits or
   * rolls back with it.
   */
  onApproved(listener: DepositApprovedListener): void {
    this.approvedListeners.push(listener);
  }

  /** An operator's decision on a pending deposit; takes effect once, and the user is notified. */
  async decide(id: number, decision: { approve: true } | { approve: false; reason: string }): Promise<DepositItem> {
    return this.tx(async (q, afterCommit) => {
      const row = await decidingRows.one(
        q,
        'SELECT id, user_id, currency_id, amount::text AS amount, status FROM deposits WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!row) throw new AppError('errors.depositNotFound');
      if (row.status !== 'pending') throw new AppError('errors.alreadyDecided');
      await q.query('UPDATE deposits SET status = $2, reason = $3, decided_at = $4 WHERE id = $1', [
        id,
        decision.approve ? 'approved' : 'rejected',
        decision.approve ? null : decision.reason,
        this.clock.now(),
      ]);
      const currency = requireCurrency(this.market, row.currency_id).name;
      if (decision.approve) {
        const amount = new Decimal(row.amount);
        await this.ledger.post(q, {
          key: `deposit:${id}`,
          kind: 'deposit',
          ref: { type: 'deposit', id },
          legs: [
            { holder: { userId: row.user_id, account: ACCOUNTS.change }, currencyId: row.currency_id, available: amount },
            { holder: custodyFor(row.user_id), currencyId: row.currency_id, available: amount.neg() },
          ],
        });
        for (const listener of this.approvedListeners)
          await listener(q, { depositId: id, userId: row.user_id, currencyId: row.currency_id, amount: row.amount });
        afterCommit(await this.notifications.create(q, row.user_id, 'depositApproved', { amount: row.amount, currency }));
      } else {
        afterCommit(
          await this.notifications.create(q, row.user_id, 'depositRejected', { amount: row.amount, currency, reason: decision.reason }),
        );
      }
      return (await this.byId(q, id))!;
    });
  }

  private async byId(q: Queryable, id: number): Promise<DepositItem | null> {
    const row = await depositRows.one(q, `SELECT ${COLUMNS} FROM deposits WHERE id = $1`, [id]);
    return row ? (await this.toItems([row], q))[0]! : null;
  }

  /** Rows as the API shows them: currency names from the market's catalogue, signed voucher links from the uploads area. */
  private async toItems(rows: DepositRow[], q?: Queryable): Promise<DepositItem[]> {
    const vouchers = await this.uploads.urlsById(
      rows.map((r) => r.voucher_upload_id),
      q,
    );
    return rows.map((r) => this.toItem(r, r.voucher_upload_id === null ? null : (vouchers.get(r.voucher_upload_id) ?? null)));
  }

  private toItem(r: DepositRow, voucher: string | null): DepositItem {
    return {
      id: r.id,
      currency_id: r.currency_id,
      currency: requireCurrency(this.market, r.currency_id).name,
      network: r.network,
      amount: r.amount,
      voucher,
      status: r.status,
      reason: r.reason,
      created_at: r.created_at,
      decided_at: r.decided_at,
    };
  }
}
