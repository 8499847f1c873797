import { deviceLabel, parseUserAgent } from '../../domain/security/userAgent';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { SignIn } from '../auth/SignIns';
import type { Notifications } from '../notifications/Notifications';
import type { UserRepository } from '../users/UserRepository';

/** "2026-11-24 07:30 UTC": the notice's time, readable in any language. */
function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The devices (the app's random `X-Device-Id`) each user has signed in from. A sign-in from a
 * device not seen before sends the in-app `newDeviceLogin` notice, unless it is the account's
 * first device (registration, or the first sign-in after this feature arrived). Sign-ins without
 * a device id (API clients, old app versions) are not tracked.
 */
export class KnownDevices {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly users: UserRepository,
    private readonly notifications: Notifications,
  ) {}

  async signedIn(signIn: SignIn): Promise<void> {
    if (!signIn.deviceId) return;
    const now = this.clock.now();
    await this.db.tx(async (q) => {
      // One sign-in of a user at a time here, so two first sign-ins from new devices cannot both read "no devices yet".
      await this.users.lockById(signIn.userId, q);
      const [known] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM known_devices WHERE user_id = $1', [signIn.userId]);
      const inserted = await q.query(
        `INSERT INTO known_devices (user_id, device_id, first_seen_at, last_seen_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (user_id, device_id) DO NOTHING RETURNING device_id`,
        [signIn.userId, signIn.deviceId, now],
      );
      if (!inserted.length) {
        await q.query('UPDATE known_devices SET last_seen_at = $3 WHERE user_id = $1 AND device_id = $2', [
          signIn.userId,
          signIn.deviceId,
          now,
        ]);
        return;
      }
      if (signIn.registration || (known?.n ?? 0) === 0) return;
      await this.notifications.create(q, signIn.userId, 'newDeviceLogin', {
        device: deviceLabel(parseUserAgent(signIn.userAgent), '—'),
        ip: signIn.ip,
        time: utcMinute(now),
      });
    });
  }
}
