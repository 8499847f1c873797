import type { Page } from '../../domain/api/envelope';
import type {
  AccountOverview,
  BillItem,
  HoldingLine,
  TransferItem,
  UserCurrency,
  WalletDetail,
  WalletOverview,
} from '../../domain/funds/types';
import { assetsTotal, HOLDING_KINDS, ownFrozen, sumByCurrency } from '../../domain/funds/holdings';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS, accountName, type AccountId } from '../../domain/funds/formulas';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import type { Balances } from '../ledger/Balances';
import type { Ledger } from '../ledger/Ledger';
import { txRunner, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { RateSource } from '../rates/RateSource';
import { readAmount, requireCurrency } from './amounts';
import { DEPOSIT_COINS, WITHDRAW_RULES } from './fundsConfig';
import type { HoldingsRegistry } from './Holdings';
import type { Valuation } from './Valuation';

/**
 * Checks a move out of an account may happen (the futures engine refuses moves out of lever
 * while positions are open). It runs inside the transfer's transaction, with its `q`, before
 * any balance is touched: what it reads (and locks) holds until the transfer commits. A guard
 * may lock the user's own rows (positions); it must not lock balances or platform rows.
 */
export type TransferGuard = (q: Queryable, userId: number, from: AccountId, currencyId: number) => Promise<void>;

/** Balances, their value, bills, and moves between a user's own accounts. */
export class Wallets {
  private readonly guards: TransferGuard[] = [];
  private readonly tx: TxRunner;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly balances: Balances,
    private readonly market: MarketSource,
    private readonly valuation: Valuation,
    private readonly rates: RateSource,
    private readonly holdings: HoldingsRegistry,
  ) {
    this.tx = txRunner(db);
  }

  /** Registers a check run inside every move between accounts, before it changes anything. */
  addTransferGuard(guard: TransferGuard): void {
    this.guards.push(guard);
  }

  /**
   * The assets page: each account's balances, less in the coin account what a
   * holding line shows (a dual principal frozen there is "earn", not "Frozen"); a line per kind of
   * holding (`HoldingsRegistry`), escrowed ones included; and the total, `assetsTotal` of both —
   * everything the ledger holds for the user, each currency valued at its recorded USDT price.
   */
  async overview(userId: number, fiatCode: string): Promise<WalletOverview> {
    const rows = await this.balances.ofUser(userId);
    const held = await this.holdings.of(userId);
    const rates = await this.rates.all();
    const fiat = rates.find((r) => r.currency_code === fiatCode) ?? rates[0]!;
    // What holding lines show of the coin account's frozen amounts, per currency.
    const inFrozen = sumByCurrency(held.map((x) => x.holding).filter((h) => h.place === 'frozen'));
    const parts: Decimal[] = [];
    const accounts: AccountOverview[] = Object.values(ACCOUNTS).map((id) => {
      const values: Decimal[] = [];
      const balances = rows
        .filter((r) => r.account === id)
        .map((r) => {
          const frozen = id === ACCOUNTS.change ? ownFrozen(r.frozen, inFrozen.get(r.currency_id) ?? 0) : new Decimal(r.frozen);
          const sum = new Decimal(r.available).plus(frozen);
          const usdt = this.valuation.toUsdt(r.currency_id, sum);
          if (usdt) values.push(usdt);
          return {
            currency_id: r.currency_id,
            currency: requireCurrency(this.market, r.currency_id).name,
            available: r.available,
            frozen: frozen.toFixed(),
            total: sum.toFixed(),
            usdt_value: usdt ? usdt.toFixed(2) : null,
          };
        })
        // A coin whose whole balance is in a product shows in its line only.
        .filter((b) => !(new Decimal(b.total).isZero() && inFrozen.has(b.currency_id)));
      const total = assetsTotal(values);
      parts.push(total);
      return { id, name: accountName(id), balances, total_usdt: total.toFixed(2), total_fiat: total.mul(fiat.rate).toFixed(2) };
    });
    const holdings: HoldingLine[] = HOLDING_KINDS.map((kind) => {
      const byCurrency = sumByCurrency(held.filter((x) => x.kind === kind).map((x) => x.holding));
      const values: Decimal[] = [];
      const items = [...byCurrency]
        .filter(([, amount]) => !amount.isZero())
        .sort(([a], [b]) => a - b)
        .map(([currencyId, amount]) => {
          const usdt = this.valuation.toUsdt(currencyId, amount);
          if (usdt) values.push(usdt);
          return {
            currency_id: currencyId,
            currency: requireCurrency(this.market, currencyId).name,
            amount: amount.toFixed(),
            usdt_value: usdt ? usdt.toFixed(2) : null,
          };
        });
      const total = assetsTotal(values);
      parts.push(total);
      return { kind, items, total_usdt: total.toFixed(2), total_fiat: total.mul(fiat.rate).toFixed(2) };
    });
    const grand = assetsTotal(parts);
    return { accounts, holdings, total_usdt: grand.toFixed(2), total_fiat: grand.mul(fiat.rate).toFixed(2), fiat };
  }

  async detail(userId: number, currencyId: number, account: AccountId): Promise<WalletDetail> {
    const currency = requireCurrency(this.market, currencyId);
    const row = await this.balances.one(userId, account, currencyId);
    const available = row?.available ?? '0';
    const frozen = row?.frozen ?? '0';
    const usdt = this.valuation.toUsdt(currencyId, new Decimal(available).plus(frozen));
    const bills = await this.bills(userId, { account, currencyId }, 1, 20);
    return {
      currency_id: currencyId,
      currency: currency.name,
      account,
      available,
      frozen,
      usdt_value: usdt ? usdt.toFixed(2) : null,
      bills: bills.data,
    };
  }

  /** The user's journal, newest first, optionally filtered. */
  async bills(
    userId: number,
    filter: { account?: AccountId; currencyId?: number; kind?: string },
    page: number,
    limit: number,
  ): Promise<Page<BillItem>> {
    return this.balances.journal(userId, filter, { page, limit }, (r) => ({ ...r, currency: this.currencyName(r.currency_id) }));
  }

  /** Moves `amount` between two of the user's own accounts (`/wallet/change`). */
  async transfer(
    userId: number,
    currencyId: number,
    amountText: string,
    from: AccountId,
    to: AccountId,
    run: TxRunner = this.tx,
  ): Promise<void> {
    const currency = requireCurrency(this.market, currencyId);
    const amount = readAmount(amountText, currency);
    await run(async (q) => {
      for (const guard of this.guards) await guard(q, userId, from, currencyId);
      const [row] = await q.query<{ id: number }>(
        'INSERT INTO transfers (user_id, currency_id, amount, from_account, to_account, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [userId, currencyId, amount.toFixed(), from, to, this.clock.now()],
      );
      await this.ledger.post(q, {
        key: `transfer:${row!.id}`,
        kind: 'transfer',
        ref: { type: 'transfer', id: row!.id },
        legs: [
          { holder: { userId, account: from }, currencyId, available: amount.neg() },
          { holder: { userId, account: to }, currencyId, available: amount },
        ],
      });
    });
  }

  async transfers(userId: number, page: number, limit: number): Promise<Page<TransferItem>> {
    return paginate<Omit<TransferItem, 'currency'>, TransferItem>(
      this.db,
      {
        select: 'id, currency_id, amount::text AS amount, from_account, to_account, created_at',
        from: 'FROM transfers WHERE user_id = $1',
        orderBy: 'id DESC',
        params: [userId],
      },
      { page, limit },
      (r) => ({ ...r, currency: this.currencyName(r.currency_id) }),
    );
  }

  private currencyName(id: number): string {
    return requireCurrency(this.market, id).name;
  }

  /** Coins the user can hold, with their coin-account balance and what each supports. */
  async currencies(userId: number): Promise<UserCurrency[]> {
    const rows = await this.balances.ofAccount(userId, ACCOUNTS.change);
    const held = new Map(rows.map((r) => [r.currency_id, r.available]));
    return this.market.currencies
      .filter((c) => this.valuation.priceUsdt(c.id) !== null)
      .map((c) => ({
        currency_id: c.id,
        currency: c.name,
        decimals: c.decimals,
        color: c.color,
        available: held.get(c.id) ?? '0',
        can_deposit: DEPOSIT_COINS.some((d) => d.currencyId === c.id),
        can_withdraw: c.id in WITHDRAW_RULES,
        can_exchange: true,
      }));
  }
}
