import type { HandlerMap } from '../http/context';
import type { Watchlist } from './Watchlist';

/** `/optional/*`: the signed-in user's watchlist. */
export function createWatchlistHandlers(watchlist: Watchlist): HandlerMap {
  return {
    '/optional/add': async (input, ctx) => watchlist.add(ctx.user.id, input.match_id),
    '/optional/del': async (input, ctx) => watchlist.remove(ctx.user.id, input.match_id),
    '/optional/list': async (_input, ctx) => watchlist.list(ctx.user.id),
  };
}
