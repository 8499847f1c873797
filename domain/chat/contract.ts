/**
 * The chat room's endpoints (docs/community/CHAT.md). No money moves: sending is
 * not idempotent (a retried send posts again, like any chat). The live side is the socket topic
 * `chat:<room>` (domain/protocol.ts).
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import { positiveIntParam } from '../api/fields';
import { CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX, CHAT_ROOMS, CHAT_TEXT_MAX, type ChatMessage } from './types';

const roomField = z.enum(CHAT_ROOMS, { error: 'validation.chatRoomInvalid' });

export const chatEndpoints = defineEndpoints({
  /** A page of the room's history, newest first: the messages before `before_id` (or the latest). */
  '/chat/history': endpoint<ChatMessage[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({
      room: roomField,
      before_id: positiveIntParam().optional(),
      limit: z
        .string()
        .regex(/^\d{1,3}$/, { error: 'validation.invalid' })
        .transform(Number)
        .pipe(z.number().int().min(1, { error: 'validation.invalid' }).max(CHAT_PAGE_MAX, { error: 'validation.invalid' }))
        .optional()
        .default(CHAT_PAGE_DEFAULT),
    }),
  }),
  /** Posts a text message to a room (signed in; no identity level needed). */
  '/chat/send': endpoint<ChatMessage>()({
    method: 'POST',
    access: 'user',
    input: z.object({
      room: roomField,
      text: z
        .string({ error: 'validation.chatTextRequired' })
        .trim()
        .min(1, { error: 'validation.chatTextRequired' })
        .max(CHAT_TEXT_MAX, { error: 'validation.chatTextTooLong' }),
    }),
  }),
});
