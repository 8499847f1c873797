import type { HandlerMap } from '../http/context';
import type { RealtimeHub } from './RealtimeHub';

/** The private channel's resync: its snapshot over REST, for a client that saw a gap in `seq`. */
export function createRealtimeHandlers(hub: RealtimeHub): HandlerMap {
  return {
    '/user/channel/snapshot': async (_input, ctx) => hub.privateSnapshot(ctx.user.id),
  };
}
