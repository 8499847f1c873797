/**
 * Seconds options (docs/OPTIONS.md): placing an option and settling it. The open price
 * is the market source's recorded last price when the order is placed (never a client's price);
 * the result is decided only by the recorded price at expiry, with the domain formulas
 * (domain/options/formulas.ts): no random skew, no per-user setting, nothing decided in advance.
 *
 * Money moves only through the ledger, in the options account (`micro`) of the payable currency:
 * placing freezes the stake; settling releases it and pays back the payout (a win's
 * stake × (1 + ratio), a draw's stake, a loss's nothing) with the platform treasury as the
 * counterparty. The settlement's ledger key is also the order's unique `settle_key`, written in
 * the same transaction: an option settles once, whoever tries (the engine, a second node, a
 * restarted server). Locks: the user's row, then the order, then balances (the ledger).
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS, type AccountId } from '../../domain/funds/formulas';
import type { Currency, MarketPair } from '../../domain/market/types';
import { optionResult, settleOption, winPayout } from '../../domain/options/formulas';
import type { OptionDirection, OptionExpiry, OptionOrder, OptionStatus, PayableCurrency } from '../../domain/options/types';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { AppError } from '../http/AppError';
import type { Balances } from '../ledger/Balances';
import type { Leg, Ledger } from '../ledger/Ledger';
import { FloatRows, floatOrMain } from '../ledger/TreasuryFloat';
import { isJoined, txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import type { DecidedBy, OptionRow, OptionsRepository } from './OptionsRepository';
import { expiryOf, MAX_STAKE, MIN_STAKE, OPTION_EXPIRIES, OPTIONS_CURRENCY_ID, STAKE_DECIMALS } from './settings';

/** The options account. */
export const MICRO: AccountId = ACCOUNTS.micro;

/** A recorded price and the time it was recorded at. */
export interface Decider {
  price: string;
  ts: number;
  by: DecidedBy;
}

export interface SubmitInput {
  match_id: number;
  currency_id: number;
  type: OptionDirection;
  seconds: number;
  number: string;
}

export type OptionListener = (row: OptionRow) => void;

const fixed = (d: Decimal) => d.toFixed();
const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;

export class OptionsService {
  private readonly listeners = new Set<OptionListener>();
  private readonly tx: TxRunner;
  private readonly floatRows: FloatRows;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      market: MarketSource;
      users: UserRepository;
      repo: OptionsRepository;
    },
  ) {
    this.tx = txRunner(deps.db);
    this.floatRows = new FloatRows(deps.db);
  }

  onChange(listener: OptionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- reading -----------------------------------------------------------------------------

  expiries(): OptionExpiry[] {
    return OPTION_EXPIRIES.map((e) => ({ ...e }));
  }

  currency(id: number): Currency {
    const currency = this.deps.market.currencies.find((c) => c.id === id);
    if (!currency || id !== OPTIONS_CURRENCY_ID) throw new AppError('errors.currencyNotPayable');
    return currency;
  }

  async payable(userId: number): Promise<PayableCurrency[]> {
    const currency = this.currency(OPTIONS_CURRENCY_ID);
    const row = await this.deps.balances.one(userId, MICRO, currency.id);
    return [
      { currency_id: currency.id, name: currency.name, decimals: currency.decimals, available: fixed(new Decimal(row?.available ?? 0)) },
    ];
  }

  pair(matchId: number): MarketPair {
    const pair = this.deps.market.pairs.find((p) => p.id === matchId);
    if (!pair) throw new AppError('errors.symbolUnknown');
    return pair;
  }

  async list(
    userId: number,
    filter: { matchId?: number; status?: OptionStatus },
    page: { page: number; limit: number },
  ): Promise<Page<OptionOrder>> {
    if (filter.matchId !== undefined) this.pair(filter.matchId);
    const rows = await this.deps.repo.page(userId, filter, page);
    return { ...rows, data: rows.data.map((r) => this.toOrder(r)) };
  }

  /** One of the user's options; another user's id answers the same as one that does not exist. */
  async get(userId: number, id: number): Promise<OptionOrder> {
    const row = await this.deps.repo.byId(id);
    if (!row || row.user_id !== userId) throw new AppError('errors.optionNotFound');
    return this.toOrder(row);
  }

  /** The user's pending options (the `positions` snapshot's options part). */
  async pending(userId: number): Promise<OptionOrder[]> {
    return (await this.deps.repo.pendingOf(userId)).map((r) => this.toOrder(r));
  }

  /** The wire form. */
  toOrder(row: OptionRow): OptionOrder {
    const currency = this.deps.market.currencies.find((c) => c.id === row.currency_id);
    return {
      id: row.id,
      product: 'options',
      open: row.status === 'pending',
      symbol: row.symbol,
      match_id: row.match_id,
      currency_id: row.currency_id,
      currency: currency?.name ?? '',
      direction: row.direction,
      seconds: row.seconds,
      ratio: row.ratio,
      number: row.stake,
      status: row.status,
      open_price: row.open_price,
      open_ts: row.open_ts,
      expires_at: row.expires_at,
      expected_payout: row.expected_payout,
      expected_profit: fixed(new Decimal(row.expected_payout).minus(row.stake)),
      close_price: row.close_price,
      close_ts: row.close_ts,
      decided_by: row.decided_by,
      result: row.result,
      payout: row.payout,
      profit: row.profit,
      settled_at: row.settled_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  // ---- the user's call -----------------------------------------------------------------------

  /** Places an option at the recorded price of now; the stake is frozen in the options account. */
  async submit(userId: number, input: SubmitInput, run: TxRunner = this.tx): Promise<OptionOrder> {
    const pair = this.pair(input.match_id);
    const currency = this.currency(input.currency_id);
    const expiry = expiryOf(input.seconds);
    if (!expiry) throw new AppError('validation.expiryInvalid');
    const stake = readStake(input.number, currency.name);
    const ticker = this.deps.market.ticker(pair.symbol);
    if (!ticker || !new Decimal(ticker.price).gt(0)) throw new AppError('errors.priceUnavailable');
    if (ticker.stale) throw new AppError('errors.priceStale');
    const expected = winPayout(stake, expiry.ratio, currency.decimals);
    if (!isJoined(run)) await this.deps.market.record();

    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const row = await this.deps.balances.one(userId, MICRO, currency.id, q);
      if (new Decimal(row?.available ?? 0).lt(stake)) throw new AppError('errors.insufficientBalance');
      const order = await this.deps.repo.insert(q, {
        userId,
        matchId: pair.id,
        symbol: pair.symbol,
        currencyId: currency.id,
        direction: input.type,
        seconds: expiry.seconds,
        ratio: expiry.ratio,
        stake: fixed(stake),
        openPrice: ticker.price,
        openTs: ticker.ts,
        expectedPayout: fixed(expected),
        now: this.deps.clock.now(),
      });
      await this.deps.ledger.postOnce(q, {
        key: `options:${order.id}:stake`,
        kind: 'options_stake',
        ref: { type: 'options', id: order.id },
        legs: [{ holder: { userId, account: MICRO }, currencyId: currency.id, available: stake.neg(), frozen: stake }],
      });
      this.announce(afterCommit, order);
      return this.toOrder(order);
    });
  }

  // ---- the engine's effect -------------------------------------------------------------------

  /**
   * Settles a pending option at the recorded price `decider` (at or after its expiry): the stake
   * leaves frozen, the payout returns to available, the difference goes to (or, on a win, comes
   * from) the treasury. Answers the settled row, or null when it was settled already.
   */
  async settle(orderId: number, decider: Decider): Promise<OptionRow | null> {
    const owner = await this.deps.repo.byId(orderId);
    if (!owner || owner.status !== 'pending') return null;
    await this.deps.market.record();
    await this.floatRows.ensure(owner.user_id, [owner.currency_id]);
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const row = await this.deps.repo.lock(q, orderId);
      if (!row || row.status !== 'pending') return null;
      if (decider.by === 'tick' && decider.ts < row.expires_at) return null;
      const currency = this.deps.market.currencies.find((c) => c.id === row.currency_id)!;
      const result = optionResult(row.direction, row.open_price, decider.price);
      const { payout, profit } = settleOption(result, row.stake, row.ratio, currency.decimals);
      const key = `options:${row.id}:settle`;
      const settled = await this.deps.repo.settle(q, row.id, {
        closePrice: new Decimal(decider.price).toFixed(),
        closeTs: decider.ts,
        decidedBy: decider.by,
        result,
        payout: fixed(payout),
        profit: fixed(profit),
        key,
        now: this.deps.clock.now(),
      });
      if (!settled) return null;
      const stake = new Decimal(row.stake);
      const legs: Leg[] = [
        { holder: { userId: row.user_id, account: MICRO }, currencyId: row.currency_id, frozen: stake.neg(), available: payout },
        { holder: { platform: 'treasury' }, currencyId: row.currency_id, available: stake.minus(payout) },
      ];
      // The treasury's side on the user's shard (the float): an expiry's settlements of many users
      // do not queue on the treasury's main row.
      const posted = await floatOrMain(q, row.user_id, legs, () => currency.decimals);
      // The order was locked pending, so its settlement cannot have been posted: a second one is a bug.
      await this.deps.ledger.postOnce(q, { key, kind: 'options_settle', ref: { type: 'options', id: row.id }, legs: posted });
      this.announce(afterCommit, settled);
      return settled;
    });
  }

  private announce(afterCommit: AfterCommit, row: OptionRow): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener(row);
    });
  }
}

/** A stake: a plain positive decimal (the contract's field), at most STAKE_DECIMALS places, within min and max. */
export function readStake(number: string, currency: string): Decimal {
  if (decimalsOf(number) > STAKE_DECIMALS) throw new AppError('errors.stakeDecimals', { decimals: STAKE_DECIMALS });
  const stake = new Decimal(number);
  if (stake.lt(MIN_STAKE)) throw new AppError('errors.stakeMin', { min: MIN_STAKE, currency });
  if (stake.gt(MAX_STAKE)) throw new AppError('errors.stakeMax', { max: MAX_STAKE, currency });
  return stake;
}
