/**
 * The settlement of a close, shared by the user's closes and the engine's stops and liquidations,
 * and the order in which several positions close so that what one returns covers another's loss.
 */
import { Decimal } from '../../../domain/decimal';
import { closeSplit, liquidationFee, profit, splitShortfall } from '../../../domain/futures/formulas';
import type { CloseReason } from '../../../domain/futures/types';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { Balances } from '../../ledger/Balances';
import type { Leg } from '../../ledger/Ledger';
import { floatOrMain } from '../../ledger/TreasuryFloat';
import type { MarketSource } from '../../market/MarketSource';
import type { UserRepository } from '../../users/UserRepository';
import type { FuturesRepository, TradeRow } from '../FuturesRepository';
import type { FuturesCore } from './FuturesCore';
import { LEVER, USDT_ID, fixed, type Mark } from './terms';

/** What a transaction's closes have left to work with: the user's available, and the fund once read. */
export interface Wallet {
  available: Decimal;
  fund?: Decimal;
}

/** What the parts that close positions need: the user's own changes and the engine's effects. */
export interface ClosingDeps {
  db: Db;
  clock: Clock;
  market: MarketSource;
  users: UserRepository;
  repo: FuturesRepository;
  core: FuturesCore;
  closing: PositionClosing;
}

export class PositionClosing {
  constructor(
    private readonly deps: {
      clock: Clock;
      balances: Balances;
      repo: FuturesRepository;
      core: FuturesCore;
      /** USDT's decimals: the treasury float's refills and sweeps are rounded down to them. */
      usdtDecimals: number;
    },
  ) {}

  /**
   * Settles a close at `mark`: the margin leaves frozen, margin ± P&L returns to available, the
   * P&L's counterparty is the treasury (the house), on the user's treasury shard (`floatOrMain`:
   * closes of users on different shards do not queue on one row). A liquidation pays a
   * liquidation fee to the insurance fund out of what the account has left (never making a
   * shortfall). When a loss
   * exceeds the margin and all that is available (`wallet`, updated here for the next close of
   * the same transaction), the insurance fund takes the shortfall as far as it holds and the rest
   * is the platform's recorded bad debt: the close always completes, no user balance goes below
   * zero.
   */
  async closeIn(
    q: Queryable,
    row: TradeRow,
    mark: Mark,
    reason: CloseReason,
    wallet: Wallet,
    /** Σ of the negative returns of the positions this transaction closes after this one (≤ 0). */
    owed: Decimal = new Decimal(0),
  ): Promise<TradeRow> {
    const now = this.deps.clock.now();
    const settings = this.deps.core.settingsOf(row);
    const pnl = profit(row.side, row.open_price!, mark.price, row.number, row.quote_usdt);
    const margin = new Decimal(row.margin);
    const back = margin.plus(pnl);
    const fee =
      reason === 'liquidation'
        ? liquidationFee({
            mark: mark.price,
            number: row.number,
            quoteUsdt: row.quote_usdt,
            rate: settings.liquidation_fee_rate,
            equityLeft: wallet.available.plus(back).plus(owed),
          })
        : new Decimal(0);
    const { toAvailable, shortfall } = closeSplit(wallet.available, back, fee);
    wallet.available = wallet.available.plus(toAvailable);
    let cover = { insurance: new Decimal(0), badDebt: new Decimal(0) };
    if (shortfall.gt(0)) {
      wallet.fund ??= new Decimal(await this.deps.balances.insuranceFund(q, USDT_ID));
      cover = splitShortfall(shortfall, wallet.fund);
      wallet.fund = wallet.fund.minus(cover.insurance);
    }
    if (wallet.fund !== undefined) wallet.fund = wallet.fund.plus(fee);
    const key = `futures:${row.id}:close`;
    const fresh = await this.deps.repo.settle(q, {
      tradeId: row.id,
      userId: row.user_id,
      kind: reason === 'manual' ? 'close' : reason,
      key,
      price: mark.price,
      tickTs: mark.ts,
      margin: row.margin,
      fee: fixed(fee),
      profit: fixed(pnl),
      insurance: fixed(cover.insurance),
      badDebt: fixed(cover.badDebt),
      now,
    });
    // The trade was locked open, so its close cannot have been settled: a second one is a bug.
    if (!fresh) throw new Error(`futures trade ${row.id} was already settled`);
    const legs: Leg[] = [
      { holder: { userId: row.user_id, account: LEVER }, currencyId: USDT_ID, frozen: margin.neg(), available: toAvailable },
      { holder: { platform: 'treasury' }, currencyId: USDT_ID, available: pnl.neg() },
    ];
    const toFund = fee.minus(cover.insurance);
    if (!toFund.isZero()) legs.push({ holder: { platform: 'insurance' }, currencyId: USDT_ID, available: toFund });
    if (cover.badDebt.gt(0)) legs.push({ holder: { platform: 'bad_debt' }, currencyId: USDT_ID, available: cover.badDebt.neg() });
    // The trade's row first: its status change moves the pair's running exposure (a row shared by
    // users, migration 028), which every order also takes before its balances, so the two never
    // wait on each other in opposite orders.
    const closed = await this.deps.repo.update(
      q,
      row.id,
      { status: 'closed', profit: fixed(pnl), close_price: mark.price, close_reason: reason, closed_at: now },
      now,
    );
    await this.deps.core.post(q, key, 'futures_close', row.id, await floatOrMain(q, row.user_id, legs, () => this.deps.usdtDecimals));
    return closed;
  }

  /**
   * What returns the most (margin + P&L) settles first, so a losing position is covered by what
   * the others returned before the insurance fund is touched (ordering by P&L alone could close a
   * high-leverage loser before a low-leverage one that would have covered it: found by the
   * property tests in tests/unit/futuresMath.test.ts).
   */
  winnersFirst(rows: readonly TradeRow[], marks?: Map<number, Mark>): TradeRow[] {
    const back = new Map(rows.map((t) => [t.id, this.returnOf(t, marks?.get(t.id) ?? this.deps.core.mark(t.symbol))]));
    return [...rows].sort((a, b) => back.get(b.id)!.cmp(back.get(a.id)!) || a.id - b.id);
  }

  /** What closing a position at `mark` returns to the account: its margin plus its P&L. */
  returnOf(t: TradeRow, mark: Mark): Decimal {
    return new Decimal(t.margin).plus(profit(t.side, t.open_price!, mark.price, t.number, t.quote_usdt));
  }
}
