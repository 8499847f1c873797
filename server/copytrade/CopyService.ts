/**
 * Copy trading (issue 13, docs/COPYTRADE.md): traders, follows, and the mirroring of a trader's
 * futures positions into their followers' accounts.
 *
 * A copy is a real futures position of the follower, opened by the futures service inside the
 * transaction that records the copy (`copies`, unique per follow and trader order): the copy and
 * its position commit together or not at all, so a trader order is copied once per follower however
 * often the mirror runs (the live listener, the sweep, a restarted or second node). A copy that
 * cannot be made (the margin, the follower's limits, the lots) is recorded as skipped with the
 * reason, once, and the follower is notified. When the trader's position closes, each copy still
 * copying closes at its own mark; a self-held copy stays.
 */
import type { Page } from '../../domain/api/envelope';
import { accuracy, copyLots, netPnl, rateOfReturn, readFollowNumber } from '../../domain/copytrade/formulas';
import {
  FOLLOW_MAX_MULTIPLE,
  type CopyItem,
  type CopySkipReason,
  type FollowItem,
  type FollowStatus,
  type FollowType,
  type PositionVisibility,
  type TraderApplication,
  type TraderDetail,
  type TraderPosition,
  type TraderSort,
  type TraderSummary,
  type TraderTrade,
} from '../../domain/copytrade/types';
import { Decimal } from '../../domain/decimal';
import { profit } from '../../domain/futures/formulas';
import { LOT_RULES } from '../../domain/futures/types';
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import type { FuturesRepository, TradeRow } from '../futures/FuturesRepository';
import type { FuturesService } from '../futures/FuturesService';
import { AppError } from '../http/AppError';
import { joining, txRunner, type TxRunner } from '../ledger/tx';
import type { Notifications } from '../notifications/Notifications';
import type { UserRepository } from '../users/UserRepository';
import type { CopyRepository, CopyRow, FollowRow, StatsRow, TraderRow } from './CopyRepository';

/** What a trader keeps in the futures account to apply (USDT). */
export const TRADER_MIN_BALANCE = '100';
/** The largest multiple a follower may choose. */
export const MAX_MULTIPLE = FOLLOW_MAX_MULTIPLE;
/** How late "delayed" positions show. */
export const DELAY_MS = 3_600_000;

const fixed = (d: Decimal) => d.toFixed();

/** A copy that could not be made: rolls back the attempt, then is recorded as skipped. */
class SkipCopy extends Error {
  constructor(readonly reason: CopySkipReason) {
    super(reason);
  }
}

export class CopyService {
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

  // ---- becoming a trader ---------------------------------------------------------------------

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

  /** Recomputes a trader's figures from their closed positions (spec §9: hourly). */
  async computeStats(traderId: number): Promise<StatsRow> {
    const now = this.deps.clock.now();
    const closed = await this.deps.futures.repo.closedOf(traderId);
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
    const stats: StatsRow = {
      user_id: traderId,
      followers: await this.deps.repo.followerCount(traderId),
      total_pnl: total.toFixed(2),
      accuracy: accuracy(trades)?.toFixed() ?? null,
      closed_trades: trades.length,
      ror_7d: rateOfReturn(trades, now - 7 * DAY_MS)?.toFixed() ?? null,
      ror_30d: rateOfReturn(trades, now - 30 * DAY_MS)?.toFixed() ?? null,
      equity,
      computed_at: now,
    };
    await this.deps.repo.saveStats(stats);
    return stats;
  }

  // ---- reading traders -----------------------------------------------------------------------

  private async summary(t: TraderRow, stats: StatsRow | undefined, myFollows: Map<number, number>): Promise<TraderSummary> {
    const user = await this.deps.users.byId(t.user_id);
    return {
      user_id: t.user_id,
      nickname: user?.nickname ?? '',
      avatar: user?.avatar ?? null,
      accepting: t.accepting,
      my_follow_id: myFollows.get(t.user_id) ?? null,
      followers: stats?.followers ?? 0,
      total_pnl: stats?.total_pnl ?? '0',
      accuracy: stats?.accuracy ?? null,
      closed_trades: stats?.closed_trades ?? 0,
      ror_7d: stats?.ror_7d ?? null,
      ror_30d: stats?.ror_30d ?? null,
      computed_at: stats?.computed_at ?? 0,
    };
  }

  private async myFollows(viewerId: number | null): Promise<Map<number, number>> {
    if (viewerId === null) return new Map();
    return new Map((await this.deps.repo.followsOf(viewerId, 'following')).map((f) => [f.trader_id, f.id]));
  }

  async traders(sort: TraderSort, page: { page: number; limit: number }, viewerId: number | null): Promise<Page<TraderSummary>> {
    const [traders, stats, mine] = await Promise.all([
      this.deps.repo.traders('approved'),
      this.deps.repo.allStats(),
      this.myFollows(viewerId),
    ]);
    const rows = await Promise.all(traders.map((t) => this.summary(t, stats.get(t.user_id), mine)));
    const key = (r: TraderSummary): Decimal => {
      const v =
        sort === 'ror30'
          ? r.ror_30d
          : sort === 'ror7'
            ? r.ror_7d
            : sort === 'pnl'
              ? r.total_pnl
              : sort === 'accuracy'
                ? r.accuracy
                : String(r.followers);
      return new Decimal(v ?? '-1e9');
    };
    rows.sort((a, b) => key(b).cmp(key(a)) || a.user_id - b.user_id);
    const start = (page.page - 1) * page.limit;
    return { data: rows.slice(start, start + page.limit), total: rows.length, page: page.page, limit: page.limit } as Page<TraderSummary>;
  }

  private async approved(traderId: number): Promise<TraderRow> {
    const trader = await this.deps.repo.trader(traderId);
    if (trader?.status !== 'approved') throw new AppError('errors.copyNotTrader');
    return trader;
  }

  async traderDetail(traderId: number, viewerId: number | null): Promise<TraderDetail> {
    const trader = await this.approved(traderId);
    const [stats, mine, user] = await Promise.all([
      this.deps.repo.stats(traderId),
      this.myFollows(viewerId),
      this.deps.users.byId(traderId),
    ]);
    const now = this.deps.clock.now();
    const open = trader.visibility === 'hidden' ? [] : await this.deps.futures.repo.live(traderId, 'open');
    const positions: TraderPosition[] = open
      .filter((t) => trader.visibility === 'live' || (t.opened_at ?? now) <= now - DELAY_MS)
      .map((t) => ({
        id: t.id,
        symbol: t.symbol,
        side: t.side,
        share: t.share,
        multiple: t.multiple,
        open_price: t.open_price!,
        opened_at: t.opened_at!,
      }));
    return {
      ...(await this.summary(trader, stats ?? undefined, mine)),
      signature: user?.signature || null,
      trader_since: trader.decided_at ?? trader.applied_at,
      visibility: trader.visibility,
      positions,
      equity: stats?.equity ?? [],
    };
  }

  async history(traderId: number, page: { page: number; limit: number }): Promise<Page<TraderTrade>> {
    await this.approved(traderId);
    const rows = await this.deps.futures.repo.page(traderId, 'closed', undefined, page);
    return {
      ...rows,
      data: rows.data.map((t) => ({
        id: t.id,
        symbol: t.symbol,
        side: t.side,
        share: t.share,
        multiple: t.multiple,
        open_price: t.open_price!,
        close_price: t.close_price!,
        pnl: netPnl({ profit: t.profit ?? '0', fee: t.fee, overnight_fee: t.overnight_fee }).toFixed(),
        opened_at: t.opened_at!,
        closed_at: t.closed_at!,
      })),
    };
  }

  // ---- follows -------------------------------------------------------------------------------

  /** The follow's number as kept: a multiple (≤ MAX_MULTIPLE, two decimals) or lots within the futures rules. */
  private readNumber(type: FollowType, text: string): Decimal {
    const rules = LOT_RULES;
    const value = readFollowNumber(text, type, rules.lot_decimals);
    if (type === 1) {
      if (!value) throw new AppError('errors.copyMultipleInvalid');
      if (value.gt(MAX_MULTIPLE)) throw new AppError('errors.copyMultipleMax', { max: MAX_MULTIPLE });
      return value;
    }
    const decimals = (text.trim().split('.')[1] ?? '').replace(/0+$/, '').length;
    if (!value || decimals > rules.lot_decimals || value.lt(rules.min_lots) || value.gt(rules.max_lots))
      throw new AppError('errors.copyLotsInvalid', { min: rules.min_lots, max: rules.max_lots, decimals: rules.lot_decimals });
    return value;
  }

  async follow(
    userId: number,
    input: { trader_user_id: number; type: FollowType; number: string; max_margin?: string; stop_loss?: string; daily_limit?: number },
    run: TxRunner = this.tx,
  ): Promise<FollowItem> {
    if (input.trader_user_id === userId) throw new AppError('errors.copySelf');
    const trader = await this.approved(input.trader_user_id);
    const number = this.readNumber(input.type, input.number);
    const terms = {
      type: input.type,
      number: fixed(number),
      max_margin: input.max_margin ?? null,
      stop_loss: input.stop_loss ?? null,
      daily_limit: input.daily_limit ?? null,
    };
    const row = await run(async (q) => {
      await this.deps.users.lockById(userId, q);
      const existing = await this.deps.repo.lockActive(q, userId, trader.user_id);
      if (existing) return this.deps.repo.editFollow(q, existing.id, terms, this.deps.clock.now());
      const locked = await this.deps.repo.lockTrader(q, trader.user_id);
      if (!locked?.accepting) throw new AppError('errors.copyNotAccepting');
      return this.deps.repo.insertFollow(q, {
        follower_id: userId,
        trader_id: trader.user_id,
        ...terms,
        created_at: this.deps.clock.now(),
      });
    });
    return this.toFollow(row);
  }

  async cancel(userId: number, id: number, run: TxRunner = this.tx): Promise<FollowItem> {
    const row = await run(async (q) => {
      const follow = await this.deps.repo.lockFollow(q, id);
      if (!follow || follow.follower_id !== userId) throw new AppError('errors.copyFollowNotFound');
      if (follow.status !== 'following') throw new AppError('errors.copyCancelled');
      return (await this.deps.repo.cancelFollow(q, id, 'user', this.deps.clock.now()))!;
    });
    return this.toFollow(row);
  }

  /** Takes a copied position out of copying: the trader's close no longer touches it (spec §4). */
  async selfHold(userId: number, tradeId: number, run: TxRunner = this.tx): Promise<CopyItem> {
    const row = await run(async (q) => {
      const copy = await this.deps.repo.lockCopyByTrade(q, tradeId);
      if (!copy || copy.follower_id !== userId) throw new AppError('errors.copyPositionNotFound');
      if (copy.self_held) throw new AppError('errors.copySelfHeld');
      const trade = await this.deps.futures.repo.byId(tradeId, q);
      if (trade?.status !== 'open') throw new AppError('errors.copyPositionClosed');
      return this.deps.repo.setSelfHeld(q, copy.id);
    });
    return (await this.toCopies([row]))[0]!;
  }

  async my(userId: number, status?: FollowStatus): Promise<FollowItem[]> {
    return Promise.all((await this.deps.repo.followsOf(userId, status)).map((f) => this.toFollow(f)));
  }

  async copies(userId: number, status: 'open' | 'history', page: { page: number; limit: number }): Promise<Page<CopyItem>> {
    const all = await this.toCopies(await this.deps.repo.copiesOf(userId));
    const rows = all.filter((c) => (status === 'open' ? c.status === 'open' : c.status !== 'open'));
    const start = (page.page - 1) * page.limit;
    return { data: rows.slice(start, start + page.limit), total: rows.length, page: page.page, limit: page.limit } as Page<CopyItem>;
  }

  /** A follow's copy P&L: closed copies net of fees, open ones at the mark less their fees so far. */
  async copyPnl(followId: number): Promise<{ pnl: Decimal; open: number }> {
    const copies = await this.deps.repo.copiesOfFollow(followId);
    const trades = await this.deps.futures.repo.byIds(copies.map((c) => c.trade_id!));
    let pnl = new Decimal(0);
    let open = 0;
    for (const t of trades.values()) {
      if (t.status === 'closed') pnl = pnl.plus(netPnl({ profit: t.profit ?? '0', fee: t.fee, overnight_fee: t.overnight_fee }));
      else if (t.status === 'open') {
        open++;
        const mark = this.markOf(t.symbol);
        const unrealised = mark ? profit(t.side, t.open_price!, mark, t.number, t.quote_usdt) : new Decimal(0);
        pnl = pnl.plus(unrealised).minus(t.fee).minus(t.overnight_fee);
      }
    }
    return { pnl, open };
  }

  private markOf(symbol: string): string | null {
    try {
      return this.deps.futures.service.mark(symbol).price;
    } catch {
      return null;
    }
  }

  async toFollow(f: FollowRow): Promise<FollowItem> {
    const [trader, pnl] = await Promise.all([this.deps.users.byId(f.trader_id), this.copyPnl(f.id)]);
    return {
      id: f.id,
      trader_user_id: f.trader_id,
      trader_nickname: trader?.nickname ?? '',
      type: f.type,
      number: f.number,
      max_margin: f.max_margin,
      stop_loss: f.stop_loss,
      daily_limit: f.daily_limit,
      status: f.status,
      cancel_reason: f.cancel_reason,
      copy_pnl: pnl.pnl.toFixed(2),
      open_copies: pnl.open,
      created_at: f.created_at,
      cancelled_at: f.cancelled_at,
    };
  }

  async toCopies(rows: readonly CopyRow[]): Promise<CopyItem[]> {
    const trades = await this.deps.futures.repo.byIds(rows.flatMap((c) => (c.trade_id === null ? [] : [c.trade_id])));
    const names = new Map<number, string>();
    for (const id of new Set(rows.map((c) => c.trader_id))) names.set(id, (await this.deps.users.byId(id))?.nickname ?? '');
    return rows.map((c) => {
      const t = c.trade_id === null ? undefined : trades.get(c.trade_id);
      const closed = t?.status === 'closed';
      return {
        id: c.id,
        follow_id: c.follow_id,
        trader_user_id: c.trader_id,
        trader_nickname: names.get(c.trader_id) ?? '',
        trader_trade_id: c.trader_trade_id,
        outcome: c.outcome,
        skip_reason: c.skip_reason,
        trade_id: c.trade_id,
        symbol: c.symbol,
        side: c.side,
        share: t?.share ?? null,
        multiple: c.multiple,
        open_price: t?.open_price ?? null,
        close_price: t?.close_price ?? null,
        pnl: closed ? netPnl({ profit: t.profit ?? '0', fee: t.fee, overnight_fee: t.overnight_fee }).toFixed() : null,
        self_held: c.self_held,
        status: c.outcome === 'skipped' ? 'skipped' : closed || t?.status === 'cancelled' ? 'closed' : 'open',
        created_at: c.created_at,
        closed_at: t?.closed_at ?? null,
      };
    });
  }

  // ---- mirroring (the engine) ----------------------------------------------------------------

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
            if (error instanceof AppError && error.key === 'errors.priceUnavailable') throw new SkipCopy('price');
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

  /** The copy stop-loss: a follow whose copies lost `stop_loss` or more stops, and its copies close. */
  async checkStopLoss(follow: FollowRow): Promise<boolean> {
    if (follow.stop_loss === null || follow.status !== 'following') return false;
    const { pnl } = await this.copyPnl(follow.id);
    if (pnl.gt(new Decimal(follow.stop_loss).neg())) return false;
    const trader = await this.deps.users.byId(follow.trader_id);
    const stopped = await this.tx(async (q) => {
      const row = await this.deps.repo.cancelFollow(q, follow.id, 'stop_loss', this.deps.clock.now());
      if (!row) return false;
      await this.deps.notifications.create(q, follow.follower_id, 'copyStopped', {
        trader: trader?.nickname ?? '',
        loss: pnl.neg().toFixed(2),
      });
      return true;
    });
    if (stopped) for (const copy of await this.deps.repo.copiesOfFollow(follow.id)) if (!copy.self_held) await this.closeCopy(copy);
    return stopped;
  }

  /** The statistics engine's work: every approved trader. */
  async computeAllStats(): Promise<void> {
    for (const id of await this.deps.repo.approvedIds()) await this.computeStats(id);
  }

  /** The mirror's sweep: opens the live listener missed, closes it missed, the stop-losses. */
  async sweep(): Promise<void> {
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
    // liquidation, or by hand) is marked and not read again.
    const copying = await this.deps.repo.copying();
    const trades = await this.deps.futures.repo.byIds([...new Set(copying.flatMap((c) => [c.trader_trade_id, c.trade_id!]))]);
    const closed = copying.filter((c) => trades.get(c.trade_id!)?.status === 'closed');
    await this.deps.repo.markClosed(
      closed.map((c) => c.id),
      this.deps.clock.now(),
    );
    for (const copy of copying)
      if (!closed.includes(copy) && trades.get(copy.trader_trade_id)?.status === 'closed') await this.closeCopy(copy);
    for (const f of follows) await this.checkStopLoss(f);
  }

  /** For tests and the engine: whether a user is an approved trader. */
  async isTrader(userId: number, q?: Queryable): Promise<boolean> {
    return (await this.deps.repo.trader(userId, q))?.status === 'approved';
  }
}
