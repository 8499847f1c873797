/**
 * The chat area (docs/community/CHAT.md): the `/chat/*` endpoints, the
 * operator's `chat-mute` and `chat-delete`, and the live `chat:<room>` topics (the hub counts each
 * room's sockets). Owns `chat_messages` and `chat_mutes` (ChatRepository).
 */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { createChatHandlers, createChatOpsHandlers } from './chatHandlers';
import { ChatRepository } from './ChatRepository';
import { ChatService } from './ChatService';

declare module 'fastify' {
  interface FastifyInstance {
    chat: { service: ChatService; repo: ChatRepository };
  }
}

export const chatPlugin = fp<AppOptions>(
  async (fastify) => {
    const { db, clock, users, hub } = fastify;
    const repo = new ChatRepository(db, (ids, q) => users.nicknames(ids, q));
    const service = new ChatService({ db, clock, repo, users, hub });
    fastify.decorate('chat', { service, repo });
    fastify.api.handle(createChatHandlers(service));
    fastify.ops.handle(createChatOpsHandlers(service));
  },
  { name: 'chat', dependencies: ['platform', 'http', 'users', 'realtime'] },
);
