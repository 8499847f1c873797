import type { Page } from '../../domain/api/envelope';
import type { DepositInfo, DepositItem } from '../../domain/funds/types';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS } from '../../domain/funds/formulas';
import type { Clock } from '../clock';
import { sqlState, UNIQUE_VIOLATION, type Db, type Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { AppError } from '../http/AppError';
import { custodyFor, type Ledger } from '../ledger/Ledger';
import { txRunner, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { Notifications } from '../notifications/Notifications';
import type { UploadStore } from '../uploads/UploadStore';
import { readAmount, requireCurrency } from './amounts';
import { DEPOSIT_COINS } from './fundsConfig';

interface DepositRow {
  id: number;
  user_id: number;
  currency_id: number;
  currency: string;
  network: string;
  amount: string;
  voucher_name: string | null;
  sender: string | null;
  status: DepositItem['status'];
  reason: string | null;
  created_at: number;
  decided_at: number | null;
}

const COLUMNS = `d.id, d.user_id, d.currency_id, c.name AS currency, d.network, d.amount::text AS amount, u.name AS voucher_name,
  d.sender, d.status, d.reason, d.created_at, d.decided_at`;
const FROM = `FROM deposits d JOIN currencies c ON c.id = d.currency_id LEFT JOIN uploads u ON u.id = d.voucher_upload_id`;

/**
 * Deposits: the user pays to a platform address and uploads the payment voucher (one voucher
 * backs one request); an operator checks it and approves (the amount is credited to the coin
 * account against custody, once) or rejects.
 */
export class Deposits {
  private readonly tx: TxRunner;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly market: MarketSource,
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
    return paginate<DepositRow, DepositItem>(
      this.db,
      { select: COLUMNS, from: `${FROM} WHERE d.user_id = $1`, orderBy: 'd.id DESC', params: [userId] },
      { page, limit },
      (r) => this.toItem(r),
    );
  }

  /** Deposits for an operator, oldest first. */
  async list(
    status: DepositItem['status'] | null,
  ): Promise<(DepositItem & { user_id: number; sender: string | null; email: string | null })[]> {
    const rows = await this.db.query<DepositRow & { email: string | null }>(
      `SELECT ${COLUMNS}, us.email ${FROM} JOIN users us ON us.id = d.user_id WHERE ($1::text IS NULL OR d.status = $1) ORDER BY d.id LIMIT 200`,
      [status],
    );
    return rows.map((r) => ({ ...this.toItem(r), user_id: r.user_id, sender: r.sender, email: r.email }));
  }

  /** An operator's decision on a pending deposit; takes effect once, and the user is notified. */
  async decide(id: number, decision: { approve: true } | { approve: false; reason: string }): Promise<DepositItem> {
    return this.tx(async (q, afterCommit) => {
      const [row] = await q.query<DepositRow>(
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
    const [row] = await q.query<DepositRow>(`SELECT ${COLUMNS} ${FROM} WHERE d.id = $1`, [id]);
    return row ? this.toItem(row) : null;
  }

  private toItem(r: DepositRow): DepositItem {
    return {
      id: r.id,
      currency_id: r.currency_id,
      currency: r.currency,
      network: r.network,
      amount: r.amount,
      voucher: r.voucher_name ? this.uploads.urlFor({ name: r.voucher_name, is_public: false }) : null,
      status: r.status,
      reason: r.reason,
      created_at: r.created_at,
      decided_at: r.decided_at,
    };
  }
}
