/**
 * The price alerts' endpoints (docs/ALERTS.md "Endpoints"): the
 * signed-in user's alerts and this device's Web Push subscription. The threshold's rules depend on
 * the pair (its price decimals), so they are checked by the service with domain/alerts/rules.ts;
 * the schemas here only take the shape.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import { positiveIntParam, requiredText } from '../api/fields';
import { ALERT_KINDS, type PriceAlert, type PushKey } from './types';

const alertFields = {
  match_id: positiveIntParam('validation.pairRequired'),
  kind: z.enum(ALERT_KINDS, { error: 'validation.alertKindInvalid' }),
  threshold: z.string({ error: 'validation.alertThresholdRequired' }).max(64, { error: 'validation.alertThresholdInvalid' }),
};
const idField = positiveIntParam('validation.alertRequired');
/** A push service URL (a browser's is https; the service decides which schemes it accepts), bounded. */
const endpointField = requiredText('validation.pushSubscriptionInvalid', 2048).regex(/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?\/\S*$/, {
  error: 'validation.pushSubscriptionInvalid',
});
/** A key of the subscription (`p256dh`, `auth`): URL-safe base64 as the browser gives it. */
const keyField = requiredText('validation.pushSubscriptionInvalid', 200).regex(/^[A-Za-z0-9_-]+={0,2}$/, {
  error: 'validation.pushSubscriptionInvalid',
});

export const alertsEndpoints = defineEndpoints({
  /** The caller's alerts, active first, then triggered, newest first within each. */
  '/alerts/list': endpoint<PriceAlert[]>()({ method: 'GET', access: 'user', input: z.object({}) }),
  /** Adds an active alert on pair `match_id` (unknown pair: `errors.symbolUnknown`; the cap: `errors.alertsFull`). */
  '/alerts/create': endpoint<PriceAlert>()({ method: 'POST', access: 'user', input: z.object(alertFields) }),
  /** Changes alert `id`'s kind and threshold and re-arms it (a triggered alert becomes active again). */
  '/alerts/update': endpoint<PriceAlert>()({
    method: 'POST',
    access: 'user',
    input: z.object({ id: idField, kind: alertFields.kind, threshold: alertFields.threshold }),
  }),
  /** Deletes alert `id` and answers the list left. */
  '/alerts/delete': endpoint<PriceAlert[]>()({ method: 'POST', access: 'user', input: z.object({ id: idField }) }),
  /** The server's VAPID public key, for `pushManager.subscribe`. */
  '/alerts/push/key': endpoint<PushKey>()({ method: 'GET', access: 'user', input: z.object({}) }),
  /** Records this browser's push subscription for the caller (the same endpoint again replaces its keys and owner); answers true. */
  '/alerts/push/subscribe': endpoint<boolean>()({
    method: 'POST',
    access: 'user',
    input: z.object({ endpoint: endpointField, p256dh: keyField, auth: keyField }),
  }),
  /** Forgets this browser's push subscription (one not recorded: ok, no change); answers false. */
  '/alerts/push/unsubscribe': endpoint<boolean>()({ method: 'POST', access: 'user', input: z.object({ endpoint: endpointField }) }),
});
