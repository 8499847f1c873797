import type { Page } from '../../domain/api/envelope';
import type { WithdrawalItem, WithdrawInfo } from '../../domain/funds/types';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS, calculateArrival, convertValue } from '../../domain/funds/formulas';
import { IDENTITY_LIMITS } from '../../domain/identity';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';
import { AppError } from '../http/AppError';
import type { Limits } from '../http/limits';
import type { Balances } from '../ledger/Balances';
import { custodyFor, feesFor, type Ledger } from '../ledger/Ledger';
import { txRunner, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { Notifications } from '../notifications/Notifications';
import { checkPayPassword } from '../security/checkPayPassword';
import type { TwoFactor } from '../security/TwoFactor';
import { maskCardNumber, type WithdrawalTargets } from '../targets/WithdrawalTargets';
import type { UserRepository } from '../users/UserRepository';
import { readAmount, requireCurrency } from './amounts';
import { WITHDRAW_RULES } from './fundsConfig';
import { BTC_ID, USDT_ID, type Valuation } from './Valuation';

const DAY_MS = 86_400_000;

type Row = Omit<WithdrawalItem, 'currency'> & { user_id: number };

const COLUMNS = `id, user_id, currency_id, amount::text AS amount, fee::text AS fee, arrival::text AS arrival,
  target_kind, target_label, target_detail, remark, status, reason, created_at, decided_at`;
const withdrawalRows = rowReader<Row>('withdrawals', {
  id: 'int',
  user_id: 'int',
  currency_id: 'int',
  amount: 'decimal',
  fee: 'decimal',
  arrival: 'decimal',
  target_kind: 'text',
  target_label: 'text',
  target_detail: 'text',
  remark: 'text?',
  status: 'text',
  reason: 'text?',
  created_at: 'int',
  decided_at: 'int?',
});
const decidingRows = rowReader<Pick<Row, 'user_id' | 'currency_id' | 'amount' | 'fee' | 'arrival' | 'status'>>('withdrawals', {
  user_id: 'int',
  currency_id: 'int',
  amount: 'decimal',
  fee: 'decimal',
  arrival: 'decimal',
  status: 'text',
});

export interface WithdrawRequest {
  currency: number;
  amount: string;
  target: string;
  pay_password: string;
  totp_code?: string | undefined;
  remark?: string | undefined;
}

/**
 * Withdrawals: the amount is frozen at once; an operator completes (the arrival leaves through
 * custody, the fee goes to the platform) or rejects (the amount is released). The 24 h limit by
 * identity level is counted in BTC at request time, under a lock on the user so
 * concurrent requests cannot overrun it.
 */
export class Withdrawals {
  private readonly tx: TxRunner;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly balances: Balances,
    private readonly market: MarketSource,
    private readonly valuation: Valuation,
    private readonly users: UserRepository,
    private readonly targets: WithdrawalTargets,
    private readonly limits: Limits,
    private readonly notifications: Notifications,
    private readonly twoFactor: TwoFactor,
  ) {
    this.tx = txRunner(db);
  }

  async info(userId: number, currencyId: number): Promise<WithdrawInfo> {
    const currency = requireCurrency(this.market, currencyId);
    const rule = WITHDRAW_RULES[currencyId];
    if (!rule) throw new AppError('errors.withdrawNotSupported');
    const user = await this.users.byId(userId);
    const level = user?.identity_level ?? 0;
    const limit = this.limitBtc(level);
    const used = await this.usedBtc(this.db, userId);
    const balance = await this.balances.one(userId, ACCOUNTS.change, currencyId);
    const remainingBtc = Decimal.max(0, limit.minus(used)).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const price = this.valuation.priceUsdt(currency.id);
    const btcPrice = this.valuation.priceUsdt(BTC_ID);
    return {
      currency_id: currency.id,
      currency: currency.name,
      decimals: currency.decimals,
      fee: rule.fee,
      min: rule.min,
      available: balance?.available ?? '0',
      identity_level: level,
      limit_btc_24h: limit.toFixed(),
      used_btc_24h: used.toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(),
      remaining_btc_24h: remainingBtc.toFixed(),
      remaining_24h:
        price && btcPrice
          ? convertValue(remainingBtc, btcPrice, price).toDecimalPlaces(currency.decimals, Decimal.ROUND_DOWN).toFixed()
          : null,
    };
  }

  async request(userId: number, input: WithdrawRequest, run: TxRunner = this.tx): Promise<WithdrawalItem> {
    const currency = requireCurrency(this.market, input.currency);
    const rule = WITHDRAW_RULES[currency.id];
    if (!rule) throw new AppError('errors.withdrawNotSupported');
    const amount = readAmount(input.amount, currency);
    if (amount.lt(rule.min)) throw new AppError('errors.withdrawBelowMin', { min: rule.min, currency: currency.name });
    const arrival = calculateArrival(amount, rule.fee);
    if (arrival.lte(0)) throw new AppError('errors.withdrawBelowMin', { min: rule.min, currency: currency.name });
    const target = await this.resolveTarget(userId, currency.id, input.target);
    await checkPayPassword(this.users, this.limits, userId, input.pay_password);
    // With two-factor on, a current TOTP code as well (docs/SECURITY.md); it is spent even if the limit check below refuses.
    await this.twoFactor.requireIfEnabled(userId, input.totp_code);
    const price = this.valuation.priceUsdt(currency.id);
    const btcPrice = this.valuation.priceUsdt(BTC_ID);
    if (!price || !btcPrice) throw new AppError('errors.priceUnavailable');
    const btcValue = convertValue(amount, price, btcPrice);

    return run(async (q) => {
      // Serialises this user's withdrawals, so the 24 h sum below cannot be raced.
      const user = await this.users.lockById(userId, q);
      const limit = this.limitBtc(user?.identity_level ?? 0);
      const used = await this.usedBtc(q, userId);
      if (used.plus(btcValue).gt(limit)) {
        throw new AppError('errors.withdrawLimit', {
          limit: limit.toFixed(),
          remaining: Decimal.max(0, limit.minus(used)).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
        });
      }
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO withdrawals (user_id, currency_id, amount, fee, arrival, btc_value, target_kind, target_label, target_detail, remark, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11) RETURNING id`,
        [
          userId,
          currency.id,
          amount.toFixed(),
          rule.fee,
          arrival.toFixed(),
          btcValue.toFixed(18),
          target.kind,
          target.label,
          target.detail,
          input.remark ?? null,
          this.clock.now(),
        ],
      );
      await this.ledger.post(q, {
        key: `withdraw:${row!.id}:freeze`,
        kind: 'withdraw',
        ref: { type: 'withdrawal', id: row!.id },
        legs: [{ holder: { userId, account: ACCOUNTS.change }, currencyId: currency.id, available: amount.neg(), frozen: amount }],
      });
      return (await this.byId(q, row!.id))!;
    });
  }

  async page(userId: number, page: number, limit: number): Promise<Page<WithdrawalItem>> {
    return paginate<Row, WithdrawalItem>(
      this.db,
      { select: COLUMNS, from: 'FROM withdrawals WHERE user_id = $1', orderBy: 'id DESC', params: [userId] },
      { page, limit },
      (r) => this.toItem(withdrawalRows.check(r)),
    );
  }

  /** Withdrawals for an operator, oldest first. */
  async list(status: WithdrawalItem['status'] | null): Promise<(WithdrawalItem & { user_id: number; email: string | null })[]> {
    const rows = await withdrawalRows.all(
      this.db,
      `SELECT ${COLUMNS} FROM withdrawals WHERE ($1::text IS NULL OR status = $1) ORDER BY id LIMIT 200`,
      [status],
    );
    const contacts = await this.users.contacts(rows.map((r) => r.user_id));
    return rows.map((r) => ({ ...this.toItem(r), user_id: r.user_id, email: contacts.get(r.user_id)?.email ?? null }));
  }

  /** Completes (the amount leaves; the fee goes to the platform) or rejects (the amount is released), once. */
  async decide(id: number, decision: { approve: true } | { approve: false; reason: string }): Promise<WithdrawalItem> {
    return this.tx(async (q, afterCommit) => {
      const row = await decidingRows.one(
        q,
        'SELECT user_id, currency_id, amount::text AS amount, fee::text AS fee, arrival::text AS arrival, status FROM withdrawals WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!row) throw new AppError('errors.withdrawalNotFound');
      if (row.status !== 'pending') throw new AppError('errors.alreadyDecided');
      const holder = { userId: row.user_id, account: ACCOUNTS.change } as const;
      const amount = new Decimal(row.amount);
      await q.query('UPDATE withdrawals SET status = $2, reason = $3, decided_at = $4 WHERE id = $1', [
        id,
        decision.approve ? 'completed' : 'rejected',
        decision.approve ? null : decision.reason,
        this.clock.now(),
      ]);
      const currency = requireCurrency(this.market, row.currency_id).name;
      if (decision.approve) {
        await this.ledger.post(q, {
          key: `withdraw:${id}:complete`,
          kind: 'withdraw',
          ref: { type: 'withdrawal', id },
          legs: [
            { holder, currencyId: row.currency_id, frozen: amount.neg() },
            { holder: custodyFor(row.user_id), currencyId: row.currency_id, available: row.arrival },
            { holder: feesFor(row.user_id), currencyId: row.currency_id, available: row.fee },
          ],
        });
        afterCommit(await this.notifications.create(q, row.user_id, 'withdrawalCompleted', { amount: row.arrival, currency }));
      } else {
        await this.ledger.post(q, {
          key: `withdraw:${id}:refund`,
          kind: 'withdraw_refund',
          ref: { type: 'withdrawal', id },
          legs: [{ holder, currencyId: row.currency_id, available: amount, frozen: amount.neg() }],
        });
        afterCommit(
          await this.notifications.create(q, row.user_id, 'withdrawalRejected', { amount: row.amount, currency, reason: decision.reason }),
        );
      }
      return (await this.byId(q, id))!;
    });
  }

  private limitBtc(level: number): Decimal {
    return level >= 1 ? new Decimal(IDENTITY_LIMITS[Math.min(level, 2) as 1 | 2].withdrawBtcPer24h) : new Decimal(0);
  }

  /** BTC value of the user's withdrawals in the last 24 h that were not rejected. */
  private async usedBtc(q: Queryable, userId: number): Promise<Decimal> {
    const [row] = await q.query<{ used: string | null }>(
      `SELECT SUM(btc_value)::text AS used FROM withdrawals WHERE user_id = $1 AND status <> 'rejected' AND created_at > $2`,
      [userId, this.clock.now() - DAY_MS],
    );
    return new Decimal(row?.used ?? 0);
  }

  /** Where the money goes: a saved address of this coin, or a saved bank card (USDT only, paid in fiat). */
  private async resolveTarget(
    userId: number,
    currencyId: number,
    target: string,
  ): Promise<{ kind: WithdrawalItem['target_kind']; label: string; detail: string }> {
    if (target.startsWith('address:')) {
      const address = await this.targets.address(userId, Number(target.slice('address:'.length)));
      if (!address) throw new AppError('validation.targetRequired');
      if (address.currency_id !== currencyId) throw new AppError('errors.targetCurrencyMismatch');
      return { kind: 'address', label: address.name, detail: address.address };
    }
    if (currencyId !== USDT_ID) throw new AppError('errors.bankNeedsUsdt');
    const kind = target === 'bank' ? 'domestic' : 'international';
    const card = await this.targets.cardForPayout(userId, kind);
    if (!card) throw new AppError('errors.bankCardRequired');
    return {
      kind: target as 'bank' | 'bank_international',
      label: card.bank_name,
      detail: `${card.real_name} ${maskCardNumber(card.card_number)}`,
    };
  }

  private async byId(q: Queryable, id: number): Promise<WithdrawalItem | null> {
    const row = await withdrawalRows.one(q, `SELECT ${COLUMNS} FROM withdrawals WHERE id = $1`, [id]);
    return row ? this.toItem(row) : null;
  }

  /** The row as the API shows it: the currency's name from the market's catalogue, no owner. */
  private toItem({ user_id: _u, ...r }: Row): WithdrawalItem {
    return { ...r, currency: requireCurrency(this.market, r.currency_id).name };
  }
}
