/**
 * The chat rooms (docs/community/CHAT.md): sending (trimmed text, the mute and
 * the per-user rate limit checked under the user's row lock, on the injected clock), history
 * paged backwards, the operator's mute and delete, each pushed live on `chat:<room>`.
 */
import {
  CHAT_RATE_COUNT,
  CHAT_RATE_WINDOW_MS,
  type ChatEvent,
  type ChatMessage,
  type ChatMute,
  type ChatRoom,
} from '../../domain/chat/types';
import { topics } from '../../domain/protocol';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { AppError } from '../http/AppError';
import type { RealtimeHub } from '../realtime/RealtimeHub';
import type { UserRepository } from '../users/UserRepository';
import type { ChatRepository } from './ChatRepository';

/** A mute's end as shown in the refusal: `2026-11-24 06:10 UTC`. */
export function muteEnd(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export class ChatService {
  constructor(private readonly deps: { db: Db; clock: Clock; repo: ChatRepository; users: UserRepository; hub: RealtimeHub }) {
    // A room's snapshot is its online count; everyone in it hears the count change.
    deps.hub.provideTopic('chat', {
      snapshot: (_room, online) => ({ online }),
      membersChanged: ({ room }) => this.publish(room, (online) => ({ type: 'online', online })),
    });
  }

  /** Sends a room's event to everyone in it, on every node; `event` gets this node's online count. */
  private publish(room: ChatRoom, event: (online: number) => ChatEvent): void {
    const topic = topics.chat(room);
    this.deps.hub.publishTopic(topic, 'chat', event(this.deps.hub.online(topic)));
  }

  history(room: ChatRoom, beforeId: number | null, limit: number): Promise<ChatMessage[]> {
    return this.deps.repo.history(room, beforeId, limit);
  }

  /** Posts `text` (already trimmed and 1..500 by the contract) to `room`; pushed live once committed. */
  async send(userId: number, room: ChatRoom, text: string): Promise<ChatMessage> {
    const { db, clock, repo, users } = this.deps;
    return db.tx(async (q) => {
      // One send at a time per user, so the rate limit counts every earlier message.
      await users.lockById(userId, q);
      const now = clock.now();
      const mute = await repo.activeMute(userId, now, q);
      if (mute) throw new AppError('errors.chatMuted', { until: muteEnd(mute.until) });
      const recent = await repo.sentSince(userId, now - CHAT_RATE_WINDOW_MS, q);
      if (recent.length >= CHAT_RATE_COUNT) {
        const freeAt = recent[recent.length - CHAT_RATE_COUNT]! + CHAT_RATE_WINDOW_MS;
        throw new AppError('errors.chatRateLimited', { seconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) });
      }
      const message = await repo.insert(room, userId, text, now, q);
      q.afterCommit(() => this.publish(room, (online) => ({ type: 'message', message, online })));
      return message;
    });
  }

  /** Mutes a user (by id or email) for `minutes` from now. */
  async mute(user: string, minutes: number, reason: string): Promise<ChatMute> {
    const { users, clock, repo } = this.deps;
    const row = /^\d+$/.test(user) ? await users.byId(Number(user)) : await users.byEmail(user.toLowerCase());
    if (!row) throw new AppError('errors.chatUserUnknown');
    const now = clock.now();
    return repo.mute(row.id, now + minutes * 60_000, reason, now);
  }

  /** Deletes a message: it leaves the history and disappears live for everyone in its room. */
  async delete(id: number): Promise<{ id: number; deleted: boolean }> {
    const room = await this.deps.repo.delete(id, this.deps.clock.now());
    if (room) this.publish(room, (online) => ({ type: 'delete', id, online }));
    return { id, deleted: room !== null };
  }
}
