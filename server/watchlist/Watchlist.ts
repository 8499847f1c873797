import { WATCHLIST_MAX, type WatchlistEntry } from '../../domain/watchlist/types';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { AppError } from '../http/AppError';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import type { WatchlistRepository, WatchlistRow } from './WatchlistRepository';

/** The account's starred pairs (`fastify.watchlist`). */
export class Watchlist {
  /**
   * Pairs one account may star. The catalogue lists fewer pairs than `WATCHLIST_MAX` today, so
   * the cap guards future listings; tests lower it on a running server to see the refusal.
   */
  max = WATCHLIST_MAX;

  constructor(private readonly deps: { db: Db; clock: Clock; repo: WatchlistRepository; market: MarketSource; users: UserRepository }) {}

  /** The user's pairs, newest first; a pair no longer listed is left out. */
  async list(userId: number): Promise<WatchlistEntry[]> {
    return this.entries(await this.deps.repo.list(userId));
  }

  /**
   * Stars `pairId` and answers the new list. Already starred: ok, no change. The cap is checked
   * under the user's row lock, so concurrent adds cannot pass it.
   */
  async add(userId: number, pairId: number): Promise<WatchlistEntry[]> {
    this.pair(pairId);
    const { db, repo, users, clock } = this.deps;
    const rows = await db.tx(async (q) => {
      await users.lockById(userId, q);
      if (!(await repo.has(userId, pairId, q))) {
        if ((await repo.count(userId, q)) >= this.max) throw new AppError('errors.watchlistFull', { max: this.max });
        await repo.add(userId, pairId, clock.now(), q);
      }
      return repo.list(userId, q);
    });
    return this.entries(rows);
  }

  /** Unstars `pairId` and answers the new list. Not starred: ok, no change. */
  async remove(userId: number, pairId: number): Promise<WatchlistEntry[]> {
    this.pair(pairId);
    await this.deps.repo.remove(userId, pairId);
    return this.list(userId);
  }

  private pair(pairId: number) {
    const pair = this.deps.market.pairs.find((p) => p.id === pairId);
    if (!pair) throw new AppError('errors.symbolUnknown');
    return pair;
  }

  private entries(rows: readonly WatchlistRow[]): WatchlistEntry[] {
    const bySymbol = new Map(this.deps.market.pairs.map((p) => [p.id, p.symbol]));
    return rows.flatMap((r) => {
      const symbol = bySymbol.get(r.pair_id);
      return symbol ? [{ match_id: r.pair_id, symbol, created_at: r.created_at }] : [];
    });
  }
}
