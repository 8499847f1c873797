/**
 * The customer-service operator endpoints (merged into domain/ops/contract.ts): `npm run ops --`
 * `tickets` and `reply <user id|email> <text> [--image <file>]`.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { SUPPORT_TEXT_MAX, type OpsSupportTicket, type SupportMessage } from './types';

export const supportOpsEndpoints = {
  /** Conversations, those with unread user messages first, then the most recent. */
  '/support/tickets': endpoint<OpsSupportTicket[]>()({ method: 'GET', access: 'operator', input: z.object({}) }),
  /** An operator's reply to a user (id or email); marks the user's messages read by the operators. */
  '/support/reply': endpoint<SupportMessage>()({
    method: 'POST',
    access: 'operator',
    input: z
      .object({
        user: z.string().trim().min(1).max(254),
        body: z.string().trim().max(SUPPORT_TEXT_MAX).optional().default(''),
        image_base64: z.string().max(8_000_000).optional(),
      })
      .refine((v) => v.body !== '' || v.image_base64 !== undefined, { error: 'text or --image is required' }),
  }),
};
