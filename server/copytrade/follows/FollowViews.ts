/**
 * A follower's follows and copies as they read them, each follow with its copy P&L (closed copies
 * net of fees, open ones at the mark); the mirror's copy stop-loss reads the same figure.
 */
import type { Page } from '../../../domain/api/envelope';
import { netPnl } from '../../../domain/copytrade/formulas';
import type { CopyItem, FollowItem, FollowStatus } from '../../../domain/copytrade/types';
import { Decimal } from '../../../domain/decimal';
import { profit } from '../../../domain/futures/formulas';
import type { FuturesRepository, TradeRow } from '../../futures/FuturesRepository';
import type { FuturesService } from '../../futures/FuturesService';
import type { UserRepository } from '../../users/UserRepository';
import type { CopyRepository, CopyRow, FollowRow } from '../CopyRepository';

/** A follow's copy P&L and how many of its copies are open. */
export interface CopyPnl {
  pnl: Decimal;
  open: number;
}

/** A follow's copy P&L in two parts: what its closed copies made, and its open copies' positions. */
export interface CopyPnlParts {
  realised: Decimal;
  open: TradeRow[];
}

export class FollowViews {
  constructor(
    private readonly deps: {
      users: UserRepository;
      repo: CopyRepository;
      futures: { service: FuturesService; repo: FuturesRepository };
    },
  ) {}

  async my(userId: number, status?: FollowStatus): Promise<FollowItem[]> {
    const follows = await this.deps.repo.followsOf(userId, status);
    const pnls = await this.copyPnls(follows.map((f) => f.id));
    return Promise.all(follows.map((f) => this.toFollow(f, pnls.get(f.id))));
  }

  async copies(userId: number, status: 'open' | 'history', page: { page: number; limit: number }): Promise<Page<CopyItem>> {
    const all = await this.toCopies(await this.deps.repo.copiesOf(userId));
    const rows = all.filter((c) => (status === 'open' ? c.status === 'open' : c.status !== 'open'));
    const start = (page.page - 1) * page.limit;
    return { data: rows.slice(start, start + page.limit), total: rows.length, page: page.page, limit: page.limit } as Page<CopyItem>;
  }

  /** A follow's copy P&L: closed copies net of fees, open ones at the mark less their fees so far. */
  async copyPnl(followId: number): Promise<CopyPnl> {
    return (await this.copyPnls([followId])).get(followId)!;
  }

  /** The copy P&L of several follows, in two reads whatever their number (the same formula as `copyPnl`). */
  async copyPnls(followIds: readonly number[]): Promise<Map<number, CopyPnl>> {
    const parts = await this.copyPnlParts(followIds);
    return new Map([...parts].map(([id, p]) => [id, this.pnlAtMarks(p)]));
  }

  /**
   * What a follow's copy P&L is made of, in two reads for any number of follows: the closed copies'
   * net P&L summed (it no longer moves), and the open copies' positions (they move with the mark).
   */
  async copyPnlParts(followIds: readonly number[]): Promise<Map<number, CopyPnlParts>> {
    const out = new Map<number, CopyPnlParts>(followIds.map((id) => [id, { realised: new Decimal(0), open: [] }]));
    if (!followIds.length) return out;
    const copies = await this.deps.repo.copiesOfFollows(followIds);
    const trades = await this.deps.futures.repo.byIds([...new Set(copies.map((c) => c.trade_id!))]);
    for (const c of copies) {
      const t = trades.get(c.trade_id!);
      const parts = out.get(c.follow_id);
      if (!t || !parts) continue;
      if (t.status === 'closed')
        parts.realised = parts.realised.plus(netPnl({ profit: t.profit ?? '0', fee: t.fee, overnight_fee: t.overnight_fee }));
      else if (t.status === 'open') parts.open.push(t);
    }
    return out;
  }

  /** A follow's copy P&L from its parts at the current marks: the open copies at the mark, less their fees so far. */
  pnlAtMarks(parts: CopyPnlParts): CopyPnl {
    let pnl = parts.realised;
    for (const t of parts.open) {
      const mark = this.markOf(t.symbol);
      const unrealised = mark ? profit(t.side, t.open_price!, mark, t.number, t.quote_usdt) : new Decimal(0);
      pnl = pnl.plus(unrealised).minus(t.fee).minus(t.overnight_fee);
    }
    return { pnl, open: parts.open.length };
  }

  private markOf(symbol: string): string | null {
    try {
      return this.deps.futures.service.mark(symbol).price;
    } catch {
      return null;
    }
  }

  async toFollow(f: FollowRow, known?: CopyPnl): Promise<FollowItem> {
    const [trader, pnl] = await Promise.all([this.deps.users.byId(f.trader_id), known ?? this.copyPnl(f.id)]);
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
}
