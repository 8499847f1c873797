/**
 * Becoming a trader: the application and its conditions, the operator's decision, the trader's
 * own settings (accepting followers, how their positions show), and the figures every trader is
 * listed with, recomputed from their closed positions.
 */
import { accuracy, netPnl, rateOfReturn } from '../../../domain/copytrade/formulas';
import type { PositionVisibility, TraderApplication } from '../../../domain/copytrade/types';
import { Decimal } from '../../../domain/decimal';
import { DAY_MS } from '../../../domain/time';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { FuturesRepository, TradeRow } from '../../futures/FuturesRepository';
import type { FuturesService } from '../../futures/FuturesService';
import { AppError } from '../../http/AppError';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { Notifications } from '../../notifications/Notifications';
import type { UserRepository } from '../../users/UserRepository';
import type { CopyRepository, StatsRow, TraderRow } from '../CopyRepository';

/** Traders whose figures one round of statements computes (their closed positions are read together). */
const STATS_BATCH = 50;

/** What a trader keeps in the futures account to apply (USDT). */
export const TRADER_MIN_BALANCE = '100';

export class TraderService {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      users: UserRepository;
      repo: CopyRepository;
      futures: { service: FuturesService; repo: FuturesRepository };
      notifications: Notifications;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  async application(userId: number): Promise<TraderApplication> {
    const [user, trader, wallet] = await Promise.all([
      this.deps.users.byId(userId),
      this.deps.repo.trader(userId),
      this.deps.futures.service.available(userId),
    ]);
    return {
      status: trader?.status ?? 'none',
      reason: trader?.reason ?? null,
      conditions: {
        identity: (user?.identity_level ?? 0) >= 1,
        balance: wallet.available.gte(TRADER_MIN_BALANCE),
        min_balance: TRADER_MIN_BALANCE,
      },
      accepting: trader?.accepting ?? true,
      visibility: trader?.visibility ?? 'live',
    };
  }

  async apply(userId: number): Promise<TraderApplication> {
    const now = await this.application(userId);
    if (now.status === 'pending') throw new AppError('errors.traderPending');
    if (now.status === 'approved') throw new AppError('errors.traderAlready');
    if (!now.conditions.identity) throw new AppError('errors.traderIdentity');
    if (!now.conditions.balance) throw new AppError('errors.traderBalance', { min: TRADER_MIN_BALANCE });
    await this.tx(async (q) => {
      await this.deps.users.lockById(userId, q);
      await this.deps.repo.apply(q, userId, this.deps.clock.now());
    });
    return this.application(userId);
  }

  /** The operator's decision on a pending application; the user is notified. */
  async decide(userId: number, approve: boolean, reason: string | null): Promise<TraderRow> {
    const row = await this.tx(async (q) => {
      const decided = await this.deps.repo.decide(q, userId, approve ? 'approved' : 'rejected', reason, this.deps.clock.now());
      if (!decided) throw new AppError('errors.alreadyDecided');
      await this.deps.notifications.create(q, userId, approve ? 'traderApproved' : 'traderRejected', reason ? { reason } : {});
      return decided;
    });
    if (approve) await this.computeStats(userId);
    return row;
  }

  async settings(userId: number, accepting: boolean, visibility: PositionVisibility): Promise<TraderApplication> {
    await this.tx(async (q) => {
      const trader = await this.deps.repo.lockTrader(q, userId);
      if (trader?.status !== 'approved') throw new AppError('errors.traderOnly');
      await this.deps.repo.setSettings(q, userId, accepting, visibility);
    });
    return this.application(userId);
  }

  // ---- statistics (the hourly engine) --------------------------------------------------------

  /** Recomputes a trader's figures from their closed positions (when a trader is approved). */
  async computeStats(traderId: number): Promise<StatsRow> {
    return (await this.computeFor([traderId]))[0]!;
  }

  /** The statistics engine's work (hourly): every approved trader, a batch of them per three statements. */
  async computeAllStats(): Promise<void> {
    const ids = await this.deps.repo.approvedIds();
    for (let i = 0; i < ids.length; i += STATS_BATCH) await this.computeFor(ids.slice(i, i + STATS_BATCH));
  }

  private async computeFor(traderIds: readonly number[]): Promise<StatsRow[]> {
    const now = this.deps.clock.now();
    const [closed, followers] = await Promise.all([
      this.deps.futures.repo.closedOfUsers(traderIds),
      this.deps.repo.followerCounts(traderIds),
    ]);
    const stats = traderIds.map((id) => statsOf(id, closed.get(id) ?? [], followers.get(id) ?? 0, now));
    await this.deps.repo.saveStats(stats);
    return stats;
  }

  /** For tests and the engine: whether a user is an approved trader. */
  async isTrader(userId: number, q?: Queryable): Promise<boolean> {
    return (await this.deps.repo.trader(userId, q))?.status === 'approved';
  }
}

/** A trader's figures from their closed positions, at `now`. */
function statsOf(traderId: number, closed: readonly TradeRow[], followers: number, now: number): StatsRow {
  const trades = closed.map((t) => ({
    profit: t.profit ?? '0',
    fee: t.fee,
    overnight_fee: t.overnight_fee,
    margin: t.margin,
    closed_at: t.closed_at!,
  }));
  const total = trades.reduce((sum, t) => sum.plus(netPnl(t)), new Decimal(0));
  // The equity curve: cumulative net P&L at the end of each of the last 30 UTC days.
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const equity = [];
  for (let d = 29; d >= 0; d--) {
    const end = today - d * DAY_MS + DAY_MS;
    const upTo = trades.filter((t) => t.closed_at < end).reduce((sum, t) => sum.plus(netPnl(t)), new Decimal(0));
    equity.push({ t: end - DAY_MS, pnl: upTo.toFixed(2) });
  }
  return {
    user_id: traderId,
    followers,
    total_pnl: total.toFixed(2),
    accuracy: accuracy(trades)?.toFixed() ?? null,
    closed_trades: trades.length,
    ror_7d: rateOfReturn(trades, now - 7 * DAY_MS)?.toFixed() ?? null,
    ror_30d: rateOfReturn(trades, now - 30 * DAY_MS)?.toFixed() ?? null,
    equity,
    computed_at: now,
  };
}
