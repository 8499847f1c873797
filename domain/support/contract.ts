/**
 * Customer service endpoints (docs/community/SUPPORT.md). The user is always the
 * session's: a conversation is never named by the client. An image is a URL handed out by
 * `POST /upload` for an upload the caller owns.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import { optionalText, positiveIntParam, uploadUrlField } from '../api/fields';
import { SUPPORT_TEXT_MAX, type SupportHistory, type SupportMessage } from './types';

export const supportEndpoints = defineEndpoints({
  /** The caller's conversation, newest first, `limit` messages older than `before` (an id). */
  '/support/messages': endpoint<SupportHistory>()({
    method: 'GET',
    access: 'user',
    input: z.object({
      before: positiveIntParam().optional(),
      limit: positiveIntParam()
        .optional()
        .default(20)
        .refine((n) => n <= 50, { error: 'validation.invalid' }),
    }),
  }),
  /** Sends text and/or an image to the operators. */
  '/support/send': endpoint<SupportMessage>()({
    method: 'POST',
    access: 'user',
    input: z
      .object({
        body: optionalText(SUPPORT_TEXT_MAX),
        image: uploadUrlField('validation.supportImageInvalid').optional(),
      })
      .refine((v) => v.body !== undefined || v.image !== undefined, { error: 'validation.supportEmpty', path: ['body'] }),
  }),
  /** Marks every operator reply read; answers the unread count (0). */
  '/support/read': endpoint<{ unread: number }>()({ method: 'POST', access: 'user', input: z.object({}) }),
});
