/**
 * The mirroring of a trader's futures positions into their followers' accounts.
 *
 * A copy is a real futures position of the follower, opened by the futures service inside the
 * transaction that records the copy (`copies`, unique per follow and trader order): the copy and
 * its position commit together or not at all, so a trader order is copied once per follower however
 * often the mirror runs (the live listener, the sweep, a restarted or second node). A copy that
 * cannot be made (the margin, the follower's limits, the lots) is recorded as skipped with the
 * reason, once, and the follower is notified. When the trader's position closes, each copy still
 * copying closes at its own mark; a self-held copy stays.
 */
import { copyLots } from '../../../domain/copytrade/formulas';
import type { CopySkipReason } from '../../../domain/copytrade/types';
import { Decimal } from '../../../domain/decimal';
import { DAY_MS } from '../../../domain/time';
import type { Clock } from '../../clock';
import type { ClusterBus } from '../../platform/cluster/ClusterBus';
import type { Db } from '../../db/db';
import type { FuturesRepository, TradeRow } from '../../futures/FuturesRepository';
import type { FuturesService } from '../../futures/FuturesService';
import { AppError } from '../../http/AppError';
import { joining, txRunner, type TxRunner } from '../../ledger/tx';
import type { Notifications } from '../../notifications/Notifications';
import type { UserRepository } from '../../users/UserRepository';
import type { CopyRepository, CopyRow, FollowRow } from '../CopyRepository';
import type { CopyPnl, FollowViews } from '../follows/FollowViews';
import { StopLossWatch } from './StopLossWatch';

const fixed = (d: Decimal) => d.toFixed();

/** A copy that could not be made: rolls back the attempt, then is recorded as skipped. */
class SkipCopy extends Error {
  constructor(readonly reason: CopySkipReason) {
    super(reason);
  }
}

export class Mirroring {
  private readonly tx: TxRunner;
  /** The copy stop-loss check's follows and their P&L's parts, between changes. */
  private readonly watch: StopLossWatch;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      bus: Pick<ClusterBus, 'shared'>;
      users: UserRepository;
      repo: CopyRepository;
      futures: { service: FuturesService; repo: FuturesRepository };
      notifications: Notifications;
      views: FollowViews;
    },
  ) {
    this.tx = txRunner(deps.db);
    this.watch = new StopLossWatch({ clock: deps.clock, bus: deps.bus, repo: deps.repo, views: deps.views });
  }

  /**
   * Something a copy's P&L or a follow's stop-loss is made of changed and committed: a futures
   * position (anyone's: the listener does not know who follows whom), a follow.
   */
  changed(): void {
    this.watch.changed();
  }

  /** Copies a trader's newly opened position to every follow made before it opened; each once. */
  async mirrorOpen(trade: TradeRow): Promise<void> {
    for (const follow of await this.deps.repo.activeFollowers(trade.user_id, trade.opened_at ?? trade.created_at)) {
      await this.copyOne(follow, trade);
    }
  }

  /**
   * One trader order for one follow: copied (with its position, in one transaction) or skipped
   * with the reason; once. Only a trader's own orders are copied: a position that is itself a copy
   * (a trader who follows another) is not passed on, or two traders who follow each other would
   * copy each other's copies until their margin ran out (found by the simulation).
   */
  async copyOne(follow: FollowRow, trade: TradeRow): Promise<CopyRow | null> {
    if (await this.deps.repo.copyOf(follow.id, trade.id)) return null;
    if (await this.deps.repo.copyByTrade(trade.id)) return null;
    const base = {
      follow_id: follow.id,
      follower_id: follow.follower_id,
      trader_id: follow.trader_id,
      trader_trade_id: trade.id,
      symbol: trade.symbol,
      side: trade.side,
      multiple: trade.multiple,
      created_at: this.deps.clock.now(),
    };
    try {
      // The follower's open takes its mark inside this transaction: the record holds it first.
      await this.deps.futures.service.recordMarks();
      return await this.tx(async (q, afterCommit) => {
        await this.deps.users.lockById(follow.follower_id, q);
        const current = await this.deps.repo.lockFollow(q, follow.id);
        if (current?.status !== 'following') return null;
        if (await this.deps.repo.copyOf(follow.id, trade.id, q)) return null;
        const dayStart = Math.floor(this.deps.clock.now() / DAY_MS) * DAY_MS;
        if (current.daily_limit !== null && (await this.deps.repo.copiedSince(q, current.id, dayStart)) >= current.daily_limit)
          throw new SkipCopy('dailyLimit');
        const rules = this.deps.futures.service.pair(trade.match_id).settings;
        const lots = copyLots(trade.share, current.type, current.number, rules.lot_decimals);
        if (lots.lt(rules.min_lots) || lots.gt(rules.max_lots)) throw new SkipCopy('lots');
        // The follower's own market order: same pair, side and leverage, at their own fill price.
        const opened = await this.deps.futures.service
          .submit(
            current.follower_id,
            { match_id: trade.match_id, type: trade.side, share: fixed(lots), multiple: trade.multiple },
            joining(q, afterCommit),
          )
          .catch((error: unknown) => {
            if (error instanceof AppError && error.key === 'errors.insufficientBalance') throw new SkipCopy('margin');
            if (error instanceof AppError && (error.key === 'errors.priceUnavailable' || error.key === 'errors.priceStale'))
              throw new SkipCopy('price');
            // The trading rules refuse this order for this follower; trying it again would not change that.
            if (this.deps.futures.service.isRuleRefusal(error)) throw new SkipCopy('limits');
            if (error instanceof AppError && ['errors.lotsMin', 'errors.lotsMax', 'errors.lotsDecimals'].includes(error.key))
              throw new SkipCopy('lots');
            throw error;
          });
        if (current.max_margin !== null && new Decimal(opened.margin).gt(current.max_margin)) throw new SkipCopy('maxMargin');
        return this.deps.repo.insertCopy(q, { ...base, outcome: 'copied', skip_reason: null, trade_id: opened.id });
      });
    } catch (error) {
      if (!(error instanceof SkipCopy)) throw error;
      // Read before the transaction: inside it, everything goes through `q` (PGlite has one connection).
      const trader = await this.deps.users.byId(follow.trader_id);
      return this.tx(async (q) => {
        const skipped = await this.deps.repo.insertCopy(q, { ...base, outcome: 'skipped', skip_reason: error.reason, trade_id: null });
        if (skipped) {
          await this.deps.notifications.create(q, follow.follower_id, 'copySkipped', {
            trader: trader?.nickname ?? '',
            symbol: trade.symbol,
            reason: error.reason,
          });
        }
        return skipped;
      });
    }
  }

  /** The trader's position closed: each copy still copying closes at its own mark. */
  async mirrorClose(traderTradeId: number): Promise<void> {
    for (const copy of await this.deps.repo.copiesOfTraderTrade(traderTradeId)) await this.closeCopy(copy);
  }

  private async closeCopy(copy: CopyRow): Promise<void> {
    await this.deps.futures.service.recordMarks();
    await this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(copy.follower_id, q);
      const locked = await this.deps.repo.lockCopyByTrade(q, copy.trade_id!);
      if (!locked || locked.self_held) return;
      const trade = await this.deps.futures.repo.byId(copy.trade_id!, q);
      if (trade?.status !== 'open') return;
      await this.deps.futures.service.close(copy.follower_id, copy.trade_id!, joining(q, afterCommit));
    });
  }

  /**
   * The copy stop-loss: a follow whose copies lost `stop_loss` or more stops, and its copies
   * close. `known`: its copy P&L, when the caller read it with others' (the sweep).
   */
  async checkStopLoss(follow: FollowRow, known?: CopyPnl): Promise<boolean> {
    if (follow.stop_loss === null || follow.status !== 'following') return false;
    const { pnl } = known ?? (await this.deps.views.copyPnl(follow.id));
    if (pnl.gt(new Decimal(follow.stop_loss).neg())) return false;
    const trader = await this.deps.users.byId(follow.trader_id);
    const stopped = await this.tx(async (q, afterCommit) => {
      const row = await this.deps.repo.cancelFollow(q, follow.id, 'stop_loss', this.deps.clock.now());
      if (!row) return false;
      await this.deps.notifications.create(q, follow.follower_id, 'copyStopped', {
        trader: trader?.nickname ?? '',
        loss: pnl.neg().toFixed(2),
      });
      afterCommit(() => this.changed());
      return true;
    });
    if (stopped) for (const copy of await this.deps.repo.copiesOfFollow(follow.id)) if (!copy.self_held) await this.closeCopy(copy);
    return stopped;
  }

  /** The mirror's sweep: the stop-losses at the marks, and (`reconcile`) the opens and closes the live path missed. */
  async sweep(reconcile = true): Promise<void> {
    // The stop-losses first: the reconciliation then marks closed only the copies closed before this
    // check, so a follow's last realised loss is always checked once (`CopyRepository.guardedFollows`).
    const checkedAt = this.deps.clock.now();
    // Read when something changed (or whole, with the reconciliation); otherwise the marks alone moved.
    for (const { follow, pnl } of await this.watch.follows(reconcile)) await this.checkStopLoss(follow, pnl);
    if (reconcile) await this.reconcile(checkedAt);
  }

  /** Copies the trader opens no copy records yet, and closes the copies whose trader position closed. */
  private async reconcile(checkedAt: number): Promise<void> {
    const follows = await this.deps.repo.activeFollows();
    const byTrader = new Map<number, FollowRow[]>();
    for (const f of follows) byTrader.set(f.trader_id, [...(byTrader.get(f.trader_id) ?? []), f]);
    const earliest = Math.min(...follows.map((f) => f.created_at), Infinity);
    if (follows.length) {
      const open = await this.deps.futures.repo.openOf([...byTrader.keys()], earliest);
      // What earlier sweeps or the live listener decided is skipped here; `copyOne` checks again under its locks.
      const { recorded, copies } = await this.deps.repo.recordedFor(open.map((t) => t.id));
      for (const trade of open) {
        if (copies.has(trade.id)) continue;
        for (const f of byTrader.get(trade.user_id) ?? [])
          if (f.created_at <= (trade.opened_at ?? 0) && !recorded.has(`${f.id}:${trade.id}`)) await this.copyOne(f, trade);
      }
    }
    // Only the copies still open: one whose own trade closed (with its trader's, by its own TP/SL or
    // liquidation, or by hand) before the stop-loss check is marked and not read again.
    const copying = await this.deps.repo.copying();
    const trades = await this.deps.futures.repo.byIds([...new Set(copying.flatMap((c) => [c.trader_trade_id, c.trade_id!]))]);
    const closed = copying.filter((c) => {
      const own = trades.get(c.trade_id!);
      return own?.status === 'closed' && (own.closed_at ?? checkedAt) < checkedAt;
    });
    await this.deps.repo.markClosed(
      closed.map((c) => c.id),
      this.deps.clock.now(),
    );
    for (const copy of copying)
      if (!closed.includes(copy) && trades.get(copy.trader_trade_id)?.status === 'closed') await this.closeCopy(copy);
  }
}
