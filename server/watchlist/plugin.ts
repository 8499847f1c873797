/**
 * The watchlist area: `/optional/add`, `/optional/del`, `/optional/list`.
 * Owns `watchlist` (WatchlistRepository).
 */
import fp from 'fastify-plugin';
import { Watchlist } from './Watchlist';
import { createWatchlistHandlers } from './watchlistHandlers';
import { WatchlistRepository } from './WatchlistRepository';

declare module 'fastify' {
  interface FastifyInstance {
    watchlist: Watchlist;
  }
}

export const watchlistPlugin = fp(
  async (fastify) => {
    const { db, clock, market, users } = fastify;
    const watchlist = new Watchlist({ db, clock, repo: new WatchlistRepository(db), market, users });
    fastify.decorate('watchlist', watchlist);
    fastify.api.handle(createWatchlistHandlers(watchlist));
  },
  { name: 'watchlist', dependencies: ['platform', 'users', 'market'] },
);
