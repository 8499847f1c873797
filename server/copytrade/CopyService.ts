/**
 * Copy trading (docs/COPYTRADE.md): what `fastify.copytrade.service` is, composed from its parts:
 * becoming a trader and the traders' figures (traders/TraderService), reading traders
 * (traders/TraderReads), following (follows/FollowService) and a follower's follows and copies
 * (follows/FollowViews), and the mirroring of a trader's positions into their followers' accounts
 * (mirroring/Mirroring). The handlers, the operator and the mirror engine call it as before.
 */
import type { Page } from '../../domain/api/envelope';
import type {
  CopyItem,
  FollowItem,
  FollowStatus,
  FollowType,
  PositionVisibility,
  TraderApplication,
  TraderDetail,
  TraderSort,
  TraderSummary,
  TraderTrade,
} from '../../domain/copytrade/types';
import type { Decimal } from '../../domain/decimal';
import type { Clock } from '../clock';
import type { ClusterBus } from '../platform/cluster/ClusterBus';
import type { Db, Queryable } from '../db/db';
import type { FuturesRepository, TradeRow } from '../futures/FuturesRepository';
import type { FuturesService } from '../futures/FuturesService';
import type { TxRunner } from '../ledger/tx';
import type { Notifications } from '../notifications/Notifications';
import type { UserRepository } from '../users/UserRepository';
import type { CopyRepository, CopyRow, FollowRow, StatsRow, TraderRow } from './CopyRepository';
import { FollowService, type FollowChange } from './follows/FollowService';
import { FollowViews } from './follows/FollowViews';
import { Mirroring } from './mirroring/Mirroring';
import { TraderReads } from './traders/TraderReads';
import { TraderService } from './traders/TraderService';

export class CopyService {
  private readonly traderService: TraderService;
  private readonly traderReads: TraderReads;
  private readonly follows: FollowService;
  private readonly views: FollowViews;
  private readonly mirroring: Mirroring;
  private readonly followMade = new Set<() => void>();

  constructor(deps: {
    db: Db;
    clock: Clock;
    bus: Pick<ClusterBus, 'shared'>;
    users: UserRepository;
    repo: CopyRepository;
    futures: { service: FuturesService; repo: FuturesRepository };
    notifications: Notifications;
  }) {
    const { db, clock, bus, users, repo, futures, notifications } = deps;
    const traders = new TraderReads({ clock, users, repo, futures });
    const views = new FollowViews({ users, repo, futures });
    this.traderService = new TraderService({ db, clock, users, repo, futures, notifications });
    this.traderReads = traders;
    this.views = views;
    this.mirroring = new Mirroring({ db, clock, bus, users, repo, futures, notifications, views });
    const changed = (change: FollowChange) => {
      this.mirroring.changed();
      if (change === 'made') for (const listener of this.followMade) listener();
    };
    this.follows = new FollowService({ db, clock, users, repo, futures, traders, views, changed });
  }

  // ---- becoming a trader, and the traders' figures -------------------------------------------

  application(userId: number): Promise<TraderApplication> {
    return this.traderService.application(userId);
  }

  apply(userId: number): Promise<TraderApplication> {
    return this.traderService.apply(userId);
  }

  /** The operator's decision on a pending application; the user is notified. */
  decide(userId: number, approve: boolean, reason: string | null): Promise<TraderRow> {
    return this.traderService.decide(userId, approve, reason);
  }

  settings(userId: number, accepting: boolean, visibility: PositionVisibility): Promise<TraderApplication> {
    return this.traderService.settings(userId, accepting, visibility);
  }

  /** Recomputes a trader's figures from their closed positions. */
  computeStats(traderId: number): Promise<StatsRow> {
    return this.traderService.computeStats(traderId);
  }

  /** The statistics engine's work: every approved trader. */
  computeAllStats(): Promise<void> {
    return this.traderService.computeAllStats();
  }

  /** For tests and the engine: whether a user is an approved trader. */
  isTrader(userId: number, q?: Queryable): Promise<boolean> {
    return this.traderService.isTrader(userId, q);
  }

  // ---- reading traders -----------------------------------------------------------------------

  traders(sort: TraderSort, page: { page: number; limit: number }, viewerId: number | null): Promise<Page<TraderSummary>> {
    return this.traderReads.traders(sort, page, viewerId);
  }

  traderDetail(traderId: number, viewerId: number | null): Promise<TraderDetail> {
    return this.traderReads.traderDetail(traderId, viewerId);
  }

  history(traderId: number, page: { page: number; limit: number }): Promise<Page<TraderTrade>> {
    return this.traderReads.history(traderId, page);
  }

  // ---- follows (a runner left out starts a transaction of the part's own) ---------------------

  follow(
    userId: number,
    input: { trader_user_id: number; type: FollowType; number: string; max_margin?: string; stop_loss?: string; daily_limit?: number },
    run?: TxRunner,
  ): Promise<FollowItem> {
    return this.follows.follow(userId, input, run);
  }

  cancel(userId: number, id: number, run?: TxRunner): Promise<FollowItem> {
    return this.follows.cancel(userId, id, run);
  }

  /** Takes a copied position out of copying: the trader's close no longer touches it. */
  selfHold(userId: number, tradeId: number, run?: TxRunner): Promise<CopyItem> {
    return this.follows.selfHold(userId, tradeId, run);
  }

  my(userId: number, status?: FollowStatus): Promise<FollowItem[]> {
    return this.views.my(userId, status);
  }

  copies(userId: number, status: 'open' | 'history', page: { page: number; limit: number }): Promise<Page<CopyItem>> {
    return this.views.copies(userId, status, page);
  }

  /** A follow's copy P&L: closed copies net of fees, open ones at the mark less their fees so far. */
  copyPnl(followId: number): Promise<{ pnl: Decimal; open: number }> {
    return this.views.copyPnl(followId);
  }

  toFollow(f: FollowRow): Promise<FollowItem> {
    return this.views.toFollow(f);
  }

  toCopies(rows: readonly CopyRow[]): Promise<CopyItem[]> {
    return this.views.toCopies(rows);
  }

  // ---- mirroring (the engine) ----------------------------------------------------------------

  /** Told after the commit of every new follow (the mirror engine: a trader's open may have raced it). */
  onFollowMade(listener: () => void): () => void {
    this.followMade.add(listener);
    return () => this.followMade.delete(listener);
  }

  /** Copies a trader's newly opened position to every follow made before it opened; each once. */
  mirrorOpen(trade: TradeRow): Promise<void> {
    return this.mirroring.mirrorOpen(trade);
  }

  /** One trader order for one follow: copied (with its position, in one transaction) or skipped with the reason; once. */
  copyOne(follow: FollowRow, trade: TradeRow): Promise<CopyRow | null> {
    return this.mirroring.copyOne(follow, trade);
  }

  /** The trader's position closed: each copy still copying closes at its own mark. */
  mirrorClose(traderTradeId: number): Promise<void> {
    return this.mirroring.mirrorClose(traderTradeId);
  }

  /** The copy stop-loss: a follow whose copies lost `stop_loss` or more stops, and its copies close. */
  checkStopLoss(follow: FollowRow): Promise<boolean> {
    return this.mirroring.checkStopLoss(follow);
  }

  /** A futures position changed (any user's), after its commit: the stop-loss check reads again. */
  tradeChanged(): void {
    this.mirroring.changed();
  }

  /** The mirror's sweep: the stop-losses, and (`reconcile`) the opens and closes the live listener missed. */
  sweep(reconcile = true): Promise<void> {
    return this.mirroring.sweep(reconcile);
  }
}
