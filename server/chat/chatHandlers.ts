import type { HandlerMap } from '../http/context';
import type { OpsHandler } from '../ops/opsRoutes';
import type { ChatService } from './ChatService';

/** The `/chat/*` endpoints (domain/chat/contract.ts). */
export function createChatHandlers(chat: ChatService): HandlerMap {
  return {
    '/chat/history': async (input) => chat.history(input.room, input.before_id ?? null, input.limit),
    '/chat/send': async (input, ctx) => chat.send(ctx.user.id, input.room, input.text),
  };
}

/** The operator's chat endpoints (domain/chat/ops.ts). */
export function createChatOpsHandlers(chat: ChatService): {
  '/chat/mute': OpsHandler<'/chat/mute'>;
  '/chat/delete': OpsHandler<'/chat/delete'>;
} {
  return {
    '/chat/mute': async (input) => chat.mute(input.user, input.minutes, input.reason),
    '/chat/delete': async (input) => chat.delete(input.id),
  };
}
