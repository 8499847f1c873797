/** The notifications area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { pageFields, positiveIntParam } from '../api/fields';
import type { NotificationItem } from './types';

const notificationReadInput = z.object({ id: positiveIntParam('validation.idInvalid').optional() });

export const notificationsEndpoints = defineEndpoints({
  '/user/notifications': endpoint<Page<NotificationItem>>()({
    method: 'GET',
    access: 'user',
    input: z.object(pageFields),
  }),
  '/user/notifications/read': endpoint<number>()({
    method: 'POST',
    access: 'user',
    input: notificationReadInput,
  }),
});
