import { AppError } from '../http/AppError';
import type { HandlerMap } from '../http/context';
import type { RealtimeHub } from './RealtimeHub';

/**
 * Snapshots over REST, for a client that saw a gap in `seq`: a public topic's (the market
 * contract's `/market/snapshot`, served here because the hub numbers the topics) and the
 * private channel's.
 */
export function createRealtimeHandlers(hub: RealtimeHub): HandlerMap {
  return {
    '/market/snapshot': async (input) => {
      const snapshot = hub.snapshot(input.topic);
      if (!snapshot) throw new AppError('errors.topicUnknown');
      return snapshot;
    },
    '/user/channel/snapshot': async (_input, ctx) => hub.privateSnapshot(ctx.user.id),
  };
}
