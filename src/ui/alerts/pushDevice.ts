/**
 * This device's Web Push subscription for price alerts. The service worker (src/sw.ts, the
 * installable app) shows the pushes; without one registered (dev mode, tests, a browser without
 * push) push is unavailable and in-app alerts still work.
 */
import { call } from '../../api/request';

export type PushStatus = 'unavailable' | 'denied' | 'off' | 'on';

/** The registration of the app's service worker, or null when none is registered or push is not supported. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
  // `ready` never settles without a registration: ask for it first.
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return navigator.serviceWorker.ready;
}

/** Whether this device can receive pushes and, if so, whether it is subscribed. */
export async function readPushStatus(): Promise<PushStatus> {
  const reg = await registration().catch(() => null);
  if (!reg) return 'unavailable';
  if (Notification.permission === 'denied') return 'denied';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

/** URL-safe base64 (the VAPID public key) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** Subscribes this device (asking the user's permission) and records it on the server; the new status. */
export async function enablePush(): Promise<PushStatus> {
  const reg = await registration();
  if (!reg) return 'unavailable';
  const { public_key } = await call('/alerts/push/key');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }).catch(() => null));
  if (!subscription) return Notification.permission === 'denied' ? 'denied' : 'off';
  const json = subscription.toJSON();
  await call('/alerts/push/subscribe', { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' });
  return 'on';
}

/** Forgets this device on the server and unsubscribes it; the new status. */
export async function disablePush(): Promise<PushStatus> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await call('/alerts/push/unsubscribe', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return reg ? 'off' : 'unavailable';
}
