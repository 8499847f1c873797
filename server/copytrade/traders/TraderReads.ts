/**
 * The traders as anyone reads them: the ranked list with the reader's follows, one trader's
 * details with the positions they show (live, delayed or hidden), and their closed trades.
 */
import type { Page } from '../../../domain/api/envelope';
import { netPnl } from '../../../domain/copytrade/formulas';
import type { TraderDetail, TraderPosition, TraderSort, TraderSummary, TraderTrade } from '../../../domain/copytrade/types';
import { Decimal } from '../../../domain/decimal';
import type { Clock } from '../../clock';
import type { FuturesRepository } from '../../futures/FuturesRepository';
import { AppError } from '../../http/AppError';
import type { UserRepository } from '../../users/UserRepository';
import type { CopyRepository, StatsRow, TraderRow } from '../CopyRepository';

/** How late "delayed" positions show. */
export const DELAY_MS = 3_600_000;

export class TraderReads {
  constructor(
    private readonly deps: {
      clock: Clock;
      users: UserRepository;
      repo: CopyRepository;
      futures: { repo: FuturesRepository };
    },
  ) {}

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

  async approved(traderId: number): Promise<TraderRow> {
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
}
