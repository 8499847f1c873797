/**
 * Loans (docs/LOANS.md): borrowing USDT against crypto collateral held in the
 * coin account, the daily interest, repayments, top-ups and liquidation. Every figure comes from
 * domain/loans/formulas.ts and every movement goes through the ledger:
 *
 * - borrow: collateral coin account → escrow (`loan:<id>:collateral`) and treasury USDT → coin
 *   account (`loan:<id>:borrow`), in one transaction;
 * - interest day n: no money moves, the debt grows (a `loan_events` row unique per loan and day);
 * - repay: coin account USDT → fees (the interest part) + treasury (the principal part)
 *   (`loan:<id>:repay:<event>`); the whole debt also releases the escrow (`loan:<id>:release`);
 * - add collateral: coin account → escrow (`loan:<id>:collateral:<event>`);
 * - liquidation (`loan:<id>:liquidation`): escrow → treasury (collateral worth debt × (1 + penalty))
 *   and → the user (the rest); a collateral worth less than the debt all goes to the treasury and
 *   the insurance account pays the treasury the shortfall in USDT.
 *
 * Each change happens under the loan's row lock (after the user's), in the state that makes it
 * due, so the engine, a second node and a restarted server can all try and one acts.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS, type AccountId } from '../../domain/funds/formulas';
import {
  accrualAt,
  dailyInterest,
  daysDue,
  liquidationSplit,
  ltv,
  maxBorrowable,
  repayAllocation,
  thresholdPrice,
} from '../../domain/loans/formulas';
import { splitShortfall } from '../../domain/futures/formulas';
import { LOAN_COIN, LOAN_TERMS, loanTerms } from '../../domain/loans/terms';
import type { Loan, LoanDetail, LoanStatus, LoanTerms } from '../../domain/loans/types';
import type { Currency } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { readAmount } from '../funds/amounts';
import { AppError } from '../http/AppError';
import type { Balances } from '../ledger/Balances';
import { feesFor, type Leg, type Ledger } from '../ledger/Ledger';
import { txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { Notifications } from '../notifications/Notifications';
import type { UserRepository } from '../users/UserRepository';
import type { EventRow, LoanRow, LoansRepository } from './LoansRepository';
import type { LedgerKind } from '../../domain/funds/ledgerKinds';

/** The coin account: collateral comes from it and returns to it; the loan is paid into it and repaid from it. */
export const COIN: AccountId = ACCOUNTS.change;

/** A price the market recorded, and the time of the tick it came from. */
export interface Mark {
  price: string;
  ts: number;
}

export type LoanListener = (row: LoanRow) => void;

const fixed = (d: Decimal) => d.toFixed();
const pct = (v: string) => `${new Decimal(v).mul(100).toFixed()}%`;

export class LoansService {
  private readonly listeners = new Set<LoanListener>();
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      market: MarketSource;
      users: UserRepository;
      notifications: Notifications;
      repo: LoansRepository;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /** Told of each loan after the commit that changed it. */
  onChange(listener: LoanListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- reading -----------------------------------------------------------------------------

  /** The collateral coins the market quotes against USDT, with their terms. */
  terms(): LoanTerms[] {
    return LOAN_TERMS.filter((t) => this.deps.market.pairBySymbol(t.symbol));
  }

  private currency(id: number): Currency {
    const currency = this.deps.market.currencies.find((c) => c.id === id);
    if (!currency) throw new Error(`loans: unknown currency ${id}`);
    return currency;
  }

  private termsOf(row: Pick<LoanRow, 'currency_id'>): LoanTerms {
    const terms = loanTerms(row.currency_id);
    if (!terms) throw new Error(`loans: no terms for currency ${row.currency_id}`);
    return terms;
  }

  /** The market's last recorded price of the collateral against USDT, with its tick time. */
  mark(symbol: string): Mark {
    const ticker = this.deps.market.ticker(symbol);
    if (!ticker) throw new AppError('errors.priceUnavailable');
    // A new loan is valued at a live price only: refused while the venue pricing the collateral is silent (docs/MARKET.md).
    if (ticker.stale) throw new AppError('errors.priceStale');
    return { price: ticker.price, ts: ticker.ts };
  }

  async list(userId: number, status: LoanStatus | undefined, page: { page: number; limit: number }): Promise<Page<Loan>> {
    const rows = await this.deps.repo.page(userId, status, page);
    return { ...rows, data: rows.data.map((r) => this.toLoan(r)) };
  }

  async detail(userId: number, id: number): Promise<LoanDetail> {
    const row = await this.deps.repo.byId(id);
    if (!row || row.user_id !== userId) throw new AppError('errors.loanNotFound');
    const events = await this.deps.repo.events(id);
    return { ...this.toLoan(row), history: events.map(toEvent) };
  }

  toLoan(row: LoanRow): Loan {
    const terms = this.termsOf(row);
    const open = row.status === 'open';
    const debt = new Decimal(row.principal).plus(row.interest);
    const pair = this.deps.market.pairBySymbol(terms.symbol);
    return {
      id: row.id,
      currency: terms.currency,
      currency_id: row.currency_id,
      decimals: this.currency(row.currency_id).decimals,
      symbol: terms.symbol,
      status: row.status,
      collateral: row.collateral,
      borrowed: row.borrowed,
      principal: row.principal,
      interest: row.interest,
      debt: fixed(debt),
      interest_paid: row.interest_paid,
      principal_paid: row.principal_paid,
      days_accrued: row.days_accrued,
      initial_ltv: row.initial_ltv,
      margin_call_ltv: row.margin_call_ltv,
      liquidation_ltv: row.liquidation_ltv,
      daily_rate: row.daily_rate,
      liquidation_penalty: row.liquidation_penalty,
      liquidation_price: open ? fixed(thresholdPrice(debt, row.collateral, row.liquidation_ltv, pair?.price_decimals ?? 8)) : null,
      margin_called: row.margin_called,
      created_at: row.created_at,
      next_accrual_at: open ? accrualAt(row.created_at, row.days_accrued + 1) : null,
      closed_at: row.closed_at,
      liquidation:
        row.status === 'liquidated'
          ? {
              price: row.liq_price!,
              tick_ts: row.liq_tick_ts!,
              debt: row.liq_debt!,
              taken: row.liq_taken!,
              returned: row.liq_returned!,
              shortfall: row.liq_shortfall!,
            }
          : null,
    };
  }

  // ---- the user's calls ----------------------------------------------------------------------

  /** Borrows `amount` USDT against `collateral` of `currency`: refused above the coin's initial LTV at the market's price. */
  async borrow(userId: number, input: { currency: string; collateral: string; amount: string }, run: TxRunner = this.tx): Promise<Loan> {
    const terms = this.terms().find((t) => t.currency === input.currency.toUpperCase());
    if (!terms) throw new AppError('errors.loanCoinUnknown', { currency: input.currency });
    const coin = this.currency(terms.currency_id);
    const usdt = this.currency(LOAN_COIN.id);
    const collateral = readAmount(input.collateral, coin);
    const amount = readAmount(input.amount, usdt);
    if (amount.lt(terms.min_borrow)) throw new AppError('errors.loanMin', { min: terms.min_borrow, currency: usdt.name });
    if (amount.gt(terms.max_borrow)) throw new AppError('errors.loanMax', { max: terms.max_borrow, currency: usdt.name });
    const mark = this.mark(terms.symbol);
    const max = maxBorrowable(collateral, mark.price, terms.initial_ltv);
    if (amount.gt(max)) throw new AppError('errors.loanLtvLimit', { max: fixed(max), currency: usdt.name, ltv: pct(terms.initial_ltv) });

    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const balance = await this.deps.balances.one(userId, COIN, coin.id, q);
      if (new Decimal(balance?.available ?? 0).lt(collateral)) throw new AppError('errors.loanCollateralBalance', { currency: coin.name });
      const now = this.deps.clock.now();
      let row = await this.deps.repo.insert(q, {
        user_id: userId,
        currency_id: coin.id,
        collateral: fixed(collateral),
        borrowed: fixed(amount),
        initial_ltv: terms.initial_ltv,
        margin_call_ltv: terms.margin_call_ltv,
        liquidation_ltv: terms.liquidation_ltv,
        daily_rate: terms.daily_rate,
        liquidation_penalty: terms.liquidation_penalty,
        created_at: now,
      });
      const collateralKey = `loan:${row.id}:collateral`;
      const borrowKey = `loan:${row.id}:borrow`;
      await this.post(q, collateralKey, 'loan_collateral', row, [
        { holder: { userId, account: COIN }, currencyId: coin.id, available: collateral.neg() },
        { holder: { platform: 'escrow' }, currencyId: coin.id, available: collateral },
      ]);
      await this.post(q, borrowKey, 'loan_borrow', row, [
        { holder: { platform: 'treasury' }, currencyId: usdt.id, available: amount.neg() },
        { holder: { userId, account: COIN }, currencyId: usdt.id, available: amount },
      ]);
      await this.deps.repo.addEvent(q, {
        loan_id: row.id,
        kind: 'borrow',
        amount: fixed(amount),
        price: mark.price,
        tick_ts: mark.ts,
        ledger_key: borrowKey,
        created_at: now,
      });
      row = await this.accrueIn(q, row);
      this.announce(afterCommit, row);
      return this.toLoan(row);
    });
  }

  /** Repays `amount` USDT: the interest first, then the principal; the whole debt closes the loan and releases the collateral. */
  async repay(userId: number, input: { id: number; amount: string }, run: TxRunner = this.tx): Promise<Loan> {
    const usdt = this.currency(LOAN_COIN.id);
    const amount = readAmount(input.amount, usdt);
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      let row = await this.lockOwn(q, userId, input.id);
      row = await this.accrueIn(q, row);
      const split = repayAllocation(amount, row.interest, row.principal);
      if (!split)
        throw new AppError('errors.loanRepayTooMuch', {
          debt: fixed(new Decimal(row.principal).plus(row.interest)),
          currency: usdt.name,
        });
      const balance = await this.deps.balances.one(userId, COIN, usdt.id, q);
      if (new Decimal(balance?.available ?? 0).lt(amount)) throw new AppError('errors.insufficientBalance');
      const now = this.deps.clock.now();
      const eventId = await this.deps.repo.nextEventId(q);
      const key = `loan:${row.id}:repay:${eventId}`;
      const legs: Leg[] = [{ holder: { userId, account: COIN }, currencyId: usdt.id, available: amount.neg() }];
      if (split.interest.gt(0)) legs.push({ holder: feesFor(userId), currencyId: usdt.id, available: split.interest });
      if (split.principal.gt(0)) legs.push({ holder: { platform: 'treasury' }, currencyId: usdt.id, available: split.principal });
      await this.post(q, key, 'loan_repay', row, legs);
      await this.deps.repo.addEventWithId(q, eventId, {
        loan_id: row.id,
        kind: 'repay',
        amount: fixed(amount),
        interest: fixed(split.interest),
        principal: fixed(split.principal),
        ledger_key: key,
        created_at: now,
      });
      const fields: Parameters<LoansRepository['update']>[2] = {
        interest: fixed(new Decimal(row.interest).minus(split.interest)),
        principal: fixed(new Decimal(row.principal).minus(split.principal)),
        interest_paid: fixed(new Decimal(row.interest_paid).plus(split.interest)),
        principal_paid: fixed(new Decimal(row.principal_paid).plus(split.principal)),
        updated_at: now,
      };
      if (split.full) {
        await this.post(q, `loan:${row.id}:release`, 'loan_release', row, [
          { holder: { platform: 'escrow' }, currencyId: row.currency_id, available: new Decimal(row.collateral).neg() },
          { holder: { userId, account: COIN }, currencyId: row.currency_id, available: row.collateral },
        ]);
        Object.assign(fields, { status: 'repaid', closed_at: now, margin_called: false });
      }
      row = await this.deps.repo.update(q, row.id, fields);
      if (split.full) {
        const terms = this.termsOf(row);
        await this.deps.notifications.create(q, userId, 'loanRepaid', {
          id: row.id,
          amount: row.collateral,
          currency: terms.currency,
        });
      } else row = await this.recheckMarginCall(q, row);
      this.announce(afterCommit, row);
      return this.toLoan(row);
    });
  }

  /** Adds `amount` of the loan's collateral coin from the coin account into escrow. */
  async addCollateral(userId: number, input: { id: number; amount: string }, run: TxRunner = this.tx): Promise<Loan> {
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      let row = await this.lockOwn(q, userId, input.id);
      const coin = this.currency(row.currency_id);
      const amount = readAmount(input.amount, coin);
      const balance = await this.deps.balances.one(userId, COIN, coin.id, q);
      if (new Decimal(balance?.available ?? 0).lt(amount)) throw new AppError('errors.loanCollateralBalance', { currency: coin.name });
      row = await this.accrueIn(q, row);
      const now = this.deps.clock.now();
      const eventId = await this.deps.repo.nextEventId(q);
      const key = `loan:${row.id}:collateral:${eventId}`;
      await this.post(q, key, 'loan_collateral', row, [
        { holder: { userId, account: COIN }, currencyId: coin.id, available: amount.neg() },
        { holder: { platform: 'escrow' }, currencyId: coin.id, available: amount },
      ]);
      await this.deps.repo.addEventWithId(q, eventId, {
        loan_id: row.id,
        kind: 'collateral',
        amount: fixed(amount),
        ledger_key: key,
        created_at: now,
      });
      row = await this.deps.repo.update(q, row.id, { collateral: fixed(new Decimal(row.collateral).plus(amount)), updated_at: now });
      row = await this.recheckMarginCall(q, row);
      this.announce(afterCommit, row);
      return this.toLoan(row);
    });
  }

  private async lockOwn(q: Queryable, userId: number, id: number): Promise<LoanRow> {
    const row = await this.deps.repo.lock(q, id);
    if (!row || row.user_id !== userId) throw new AppError('errors.loanNotFound');
    if (row.status !== 'open') throw new AppError('errors.loanClosed');
    return row;
  }

  /** After a repayment or a top-up: a loan back below the margin-call line may be warned again at its next crossing. */
  private async recheckMarginCall(q: Queryable, row: LoanRow): Promise<LoanRow> {
    if (!row.margin_called) return row;
    const ticker = this.deps.market.ticker(this.termsOf(row).symbol);
    if (!ticker) return row;
    const value = ltv(new Decimal(row.principal).plus(row.interest), row.collateral, ticker.price);
    if (value !== null && value.lt(row.margin_call_ltv)) return this.deps.repo.update(q, row.id, { margin_called: false });
    return row;
  }

  // ---- the engine's effects ------------------------------------------------------------------

  /** Accrues the interest days due by now, in one transaction under the loan's lock; the loan as it now stands, or null once closed. */
  async accrue(loanId: number): Promise<LoanRow | null> {
    const owner = await this.deps.repo.byId(loanId);
    if (!owner || owner.status !== 'open') return null;
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const locked = await this.deps.repo.lock(q, loanId);
      if (!locked || locked.status !== 'open') return null;
      const row = await this.accrueIn(q, locked);
      if (row !== locked) this.announce(afterCommit, row);
      return row;
    });
  }

  /** Inside the loan's lock: each interest day due by now, once (its row is unique per loan and day). */
  private async accrueIn(q: Queryable, row: LoanRow): Promise<LoanRow> {
    const now = this.deps.clock.now();
    const due = daysDue(row.created_at, now);
    if (due <= row.days_accrued) return row;
    const day = dailyInterest(row.principal, row.daily_rate);
    for (let n = row.days_accrued + 1; n <= due; n++)
      await this.deps.repo.addEvent(q, {
        loan_id: row.id,
        kind: 'accrual',
        amount: fixed(day),
        day: n,
        created_at: accrualAt(row.created_at, n),
      });
    const total = day.mul(due - row.days_accrued);
    return this.deps.repo.update(q, row.id, {
      days_accrued: due,
      interest: fixed(total.plus(row.interest)),
      interest_accrued: fixed(total.plus(row.interest_accrued)),
      updated_at: now,
    });
  }

  /**
   * The engine's check of one loan at a recorded tick (`mark`): under the lock, with the interest
   * due by now, a loan at or past its liquidation LTV is liquidated at that price; one past the
   * margin-call line is warned once per crossing. Answers what it did.
   */
  async check(loanId: number, mark: Mark): Promise<'liquidated' | 'marginCall' | 'cleared' | null> {
    const owner = await this.deps.repo.byId(loanId);
    if (!owner || owner.status !== 'open') return null;
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const locked = await this.deps.repo.lock(q, loanId);
      if (!locked || locked.status !== 'open') return null;
      let row = await this.accrueIn(q, locked);
      const debt = new Decimal(row.principal).plus(row.interest);
      const value = ltv(debt, row.collateral, mark.price);
      const terms = this.termsOf(row);
      const now = this.deps.clock.now();
      let did: 'liquidated' | 'marginCall' | 'cleared' | null = null;
      if (value === null || value.gte(row.liquidation_ltv)) {
        row = await this.liquidateIn(q, row, mark, debt);
        did = 'liquidated';
      } else if (value.gte(row.margin_call_ltv)) {
        if (!row.margin_called) {
          row = await this.deps.repo.update(q, row.id, { margin_called: true, updated_at: now });
          await this.deps.repo.addEvent(q, {
            loan_id: row.id,
            kind: 'marginCall',
            amount: fixed(debt),
            price: mark.price,
            tick_ts: mark.ts,
            created_at: now,
          });
          await this.deps.notifications.create(q, row.user_id, 'loanMarginCall', {
            id: row.id,
            currency: terms.currency,
            ltv: value.mul(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
            mark: mark.price,
          });
          did = 'marginCall';
        }
      } else if (row.margin_called) {
        row = await this.deps.repo.update(q, row.id, { margin_called: false, updated_at: now });
        did = 'cleared';
      }
      if (row !== locked) this.announce(afterCommit, row);
      return did;
    });
  }

  private async liquidateIn(q: Queryable, row: LoanRow, mark: Mark, debt: Decimal): Promise<LoanRow> {
    const coin = this.currency(row.currency_id);
    const split = liquidationSplit(row.collateral, mark.price, debt, row.liquidation_penalty, coin.decimals);
    const legs: Leg[] = [
      { holder: { platform: 'escrow' }, currencyId: coin.id, available: new Decimal(row.collateral).neg() },
      { holder: { platform: 'treasury' }, currencyId: coin.id, available: split.taken },
    ];
    if (split.returned.gt(0)) legs.push({ holder: { userId: row.user_id, account: COIN }, currencyId: coin.id, available: split.returned });
    // The insurance fund pays the shortfall as far as it holds; the rest is the platform's recorded
    // bad debt, so the liquidation always completes (docs/LOANS.md, docs/FUTURES.md "Trading rules").
    const cover = split.shortfall.gt(0)
      ? splitShortfall(split.shortfall, await this.deps.balances.insuranceFund(q, LOAN_COIN.id))
      : { insurance: new Decimal(0), badDebt: new Decimal(0) };
    if (split.shortfall.gt(0)) legs.push({ holder: { platform: 'treasury' }, currencyId: LOAN_COIN.id, available: split.shortfall });
    if (cover.insurance.gt(0)) legs.push({ holder: { platform: 'insurance' }, currencyId: LOAN_COIN.id, available: cover.insurance.neg() });
    if (cover.badDebt.gt(0)) legs.push({ holder: { platform: 'bad_debt' }, currencyId: LOAN_COIN.id, available: cover.badDebt.neg() });
    const key = `loan:${row.id}:liquidation`;
    await this.post(q, key, 'loan_liquidation', row, legs);
    const now = this.deps.clock.now();
    await this.deps.repo.addEvent(q, {
      loan_id: row.id,
      kind: 'liquidation',
      amount: fixed(debt),
      price: mark.price,
      tick_ts: mark.ts,
      ledger_key: key,
      created_at: now,
    });
    const closed = await this.deps.repo.update(q, row.id, {
      status: 'liquidated',
      liq_price: mark.price,
      liq_tick_ts: mark.ts,
      liq_debt: fixed(debt),
      liq_taken: fixed(split.taken),
      liq_returned: fixed(split.returned),
      liq_shortfall: fixed(split.shortfall),
      liq_bad_debt: fixed(cover.badDebt),
      closed_at: now,
      updated_at: now,
    });
    await this.deps.notifications.create(q, row.user_id, 'loanLiquidated', {
      id: row.id,
      currency: coin.name,
      mark: mark.price,
      amount: fixed(split.returned),
    });
    return closed;
  }

  private async post(q: Queryable, key: string, kind: LedgerKind, row: LoanRow, legs: Leg[]): Promise<void> {
    await this.deps.ledger.postOnce(q, { key, kind, ref: { type: 'loan', id: row.id }, legs });
  }

  private announce(afterCommit: AfterCommit, row: LoanRow): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener(row);
    });
  }
}

function toEvent(e: EventRow): LoanDetail['history'][number] {
  return {
    id: e.id,
    kind: e.kind,
    amount: e.amount,
    interest: e.interest,
    principal: e.principal,
    day: e.day,
    price: e.price,
    tick_ts: e.tick_ts,
    created_at: e.created_at,
  };
}
