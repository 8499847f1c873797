/**
 * The chat operator endpoints (merged into domain/ops/contract.ts): `npm run ops --` `chat-mute`
 * (a user by id or email, for some minutes, with an optional reason) and `chat-delete` (a message,
 * gone live for everyone in its room).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import type { ChatMute } from './types';

const text = z.union([z.string(), z.number().transform(String)]);
const int = text.pipe(
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
);

export const chatOpsEndpoints = {
  '/chat/mute': endpoint<ChatMute>()({
    method: 'POST',
    access: 'operator',
    input: z.object({
      user: z.string().trim().min(1).max(254),
      minutes: int.pipe(z.number().int().min(1).max(525_600)),
      reason: z.string().trim().max(200).optional().default(''),
    }),
  }),
  '/chat/delete': endpoint<{ id: number; deleted: boolean }>()({
    method: 'POST',
    access: 'operator',
    input: z.object({ id: int.pipe(z.number().int().min(1)) }),
  }),
};
