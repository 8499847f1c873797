/**
 * Price alerts over real HTTP and a real socket (docs/ALERTS.md): CRUD and every
 * refusal (translated), the caps, another user's alert out of reach; with a scripted price, an
 * alert fires once at the crossing tick with that recorded price, a second crossing does nothing,
 * the notification reaches only its owner's private channel; a 24 h move alert; Web Push to a
 * local HTTP server acting as the push service (one encrypted POST with TTL and a VAPID
 * Authorization; a 410 deletes the subscription); and a restart last (nothing fires twice, an
 * alert crossed while no engine ran fires at the start's price).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlert, PushKey } from '../../domain/alerts/types';
import { Decimal } from '../../domain/decimal';
import type { NotificationItem } from '../../domain/notifications/types';
import type { UserMessage } from '../../domain/protocol';
import { buildApp, type App } from '../../server/app';
import { loadVapidKeys } from '../../server/alerts/PushSender';
import { ManualClock } from '../../server/clock';
import { readConfig } from '../../server/config';
import type {} from '../../server/alerts/plugin';
import type {} from '../../server/platform/plugin';
import { startServer, type ClientSocket, type TestServer } from './harness';
import { TEST_APP_OPTIONS } from './options';

type User = Awaited<ReturnType<TestServer['signUp']>>;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A push service on loopback: records each request, answers `status`. */
async function pushService() {
  const got: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const state = { status: 201 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { got, state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A browser's subscription keys: a P-256 public key and a 16-byte secret, URL-safe base64 (and the private side). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url'), ecdh };
}

/** Decrypts an aes128gcm Web Push body as the browser does (RFC 8291, RFC 8188: one record). */
function decryptPush(body: Buffer, ecdh: ECDH, auth: string): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(serverKey), Buffer.from(auth, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(-16));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then padding zeros.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

describe(`price alerts (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  let app: App;
  let push: Awaited<ReturnType<typeof pushService>>;
  const clock = new ManualClock(Date.now());
  const BTC = 'BTC/USDT';
  let btcId: string;

  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const refused = (res: { status: number; body: { type: string | number; message: unknown } }) => {
    expect(res.status).toBeLessThan(500);
    expect(res.body.type).not.toBe('ok');
    return String(res.body.message);
  };
  const engine = () => app.fastify.alerts.engine;
  /** One recorded trade of BTC/USDT at `p`, then everything it fired (and pushed) has run. */
  const price = async (p: string) => {
    clock.advance(1000);
    app.market.tradeAt(BTC, p);
    await engine().idle();
    await app.fastify.alerts.push.idle();
  };
  const create = (user: User, kind: string, threshold: string, options: { matchId?: string; lang?: string } = {}) =>
    s.call('/alerts/create', { match_id: options.matchId ?? btcId, kind, threshold }, { token: user.token, lang: options.lang });
  const list = async (user: User) => ok<PriceAlert[]>(await s.call('/alerts/list', {}, { method: 'GET', token: user.token }));
  const alertNotes = async (user: User) =>
    ok<{ data: NotificationItem[] }>(await s.call('/user/notifications', {}, { method: 'GET', token: user.token })).data.filter((n) =>
      n.kind.startsWith('alert'),
    );
  const privateMessages = async (user: User) => {
    const socket: ClientSocket = await s.socket();
    const ack = await socket.timeout(5000).emitWithAck('auth', { token: user.token });
    expect(ack.ok).toBe(true);
    const got: UserMessage[] = [];
    socket.on('m', (m) => {
      if (m.topic === 'user') got.push(m as UserMessage);
    });
    return got;
  };
  const alertKinds = (messages: UserMessage[]) =>
    messages.flatMap((m) =>
      m.kind === 'notifications' ? (m.data as { changed: NotificationItem[] }).changed.filter((n) => n.kind.startsWith('alert')) : [],
    );

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock, allowHttpPush: true });
    app = s.app;
    push = await pushService();
    btcId = String(app.market.pairs.find((p) => p.symbol === BTC)!.id);
    await price('60000.00');
  });
  afterAll(async () => {
    await push.close();
    await app.close();
    await s.close();
  });

  it('creates, lists, edits and deletes alerts', async () => {
    const user = await s.signUp();
    const above = ok<PriceAlert>(await create(user, 'above', '61000.5'));
    expect(above).toMatchObject({ symbol: BTC, kind: 'above', threshold: '61000.5', state: 'active', fired_at: null, fired_price: null });
    const change = ok<PriceAlert>(await create(user, 'change', '5'));
    expect((await list(user)).map((a) => a.id)).toEqual([change.id, above.id]);

    const edited = ok<PriceAlert>(
      await s.call('/alerts/update', { id: String(above.id), kind: 'below', threshold: '59000' }, { token: user.token }),
    );
    expect(edited).toMatchObject({ id: above.id, kind: 'below', threshold: '59000', state: 'active' });
    const left = ok<PriceAlert[]>(await s.call('/alerts/delete', { id: String(change.id) }, { token: user.token }));
    expect(left.map((a) => a.id)).toEqual([above.id]);
    expect(engine().armed).toBeGreaterThanOrEqual(1);
  });

  it('refuses every bad input with a translated message', async () => {
    const user = await s.signUp();
    expect(refused(await create(user, 'above', '61000', { matchId: '99999' }))).toBe('Unknown trading pair');
    expect(refused(await create(user, 'sideways', '61000'))).toMatch(/alert type/);
    expect(refused(await create(user, 'above', ''))).toBe('Enter a price or a percentage');
    expect(refused(await create(user, 'above', '-1'))).toBe('Enter a valid number');
    expect(refused(await create(user, 'above', 'abc'))).toBe('Enter a valid number');
    expect(refused(await create(user, 'above', '1e5'))).toBe('Enter a valid number');
    expect(refused(await create(user, 'below', '0'))).toBe('The value must be greater than 0');
    expect(refused(await create(user, 'above', '60000.123'))).toBe('At most 2 decimal places');
    expect(refused(await create(user, 'above', '9'.repeat(40)))).toBe('Enter a valid number');
    expect(refused(await create(user, 'change', '1000.01'))).toBe('The 24h move can be at most 1000%');
    expect(refused(await create(user, 'change', '0.001'))).toBe('At most 2 decimal places');
    expect(refused(await create(user, 'above', '60000.123', { lang: 'zh' }))).toBe('最多 2 位小数');
    expect(refused(await create(user, 'above', '0', { lang: 'th' }))).toBe('ค่าต้องมากกว่า 0');
    expect(refused(await s.call('/alerts/create', { match_id: btcId, kind: 'above' }, { token: user.token }))).toBe(
      'Enter a price or a percentage',
    );
    expect((await s.call('/alerts/list', {}, { method: 'GET' })).body.type).toBe(999);
    expect((await s.call('/alerts/create', { match_id: btcId, kind: 'above', threshold: '1' })).body.type).toBe(999);
    expect(refused(await s.call('/alerts/update', { id: 'x', kind: 'above', threshold: '1' }, { token: user.token }))).toBe(
      'Please choose an alert',
    );
    expect(refused(await s.call('/alerts/delete', { id: '987654' }, { token: user.token }))).toBe('Alert not found');
    expect(await list(user)).toEqual([]);
  });

  it('keeps another user out of an alert, and caps the active alerts', async () => {
    const [owner, other] = [await s.signUp(), await s.signUp()];
    const alert = ok<PriceAlert>(await create(owner, 'above', '70000'));
    expect(refused(await s.call('/alerts/update', { id: String(alert.id), kind: 'above', threshold: '1' }, { token: other.token }))).toBe(
      'Alert not found',
    );
    expect(refused(await s.call('/alerts/delete', { id: String(alert.id) }, { token: other.token }))).toBe('Alert not found');
    expect(await list(other)).toEqual([]);
    expect((await list(owner))[0]).toMatchObject({ id: alert.id, threshold: '70000' });

    const service = app.fastify.alerts.service;
    service.maxActive = 2;
    try {
      ok(await create(owner, 'below', '50000'));
      expect(refused(await create(owner, 'change', '10'))).toBe(
        'You can have at most 2 active alerts. Delete one or wait for one to fire.',
      );
      expect(refused(await create(owner, 'change', '10', { lang: 'zh' }))).toBe('最多可设置 2 个生效中的提醒。请删除一个或等待其触发。');
    } finally {
      service.maxActive = 50;
    }
  });

  it('fires once at the crossing tick with its recorded price, only to its owner', async () => {
    await price('60000.00');
    const [owner, other] = [await s.signUp(), await s.signUp()];
    const [ownerGot, otherGot] = [await privateMessages(owner), await privateMessages(other)];
    const above = ok<PriceAlert>(await create(owner, 'above', '60500'));
    const below = ok<PriceAlert>(await create(owner, 'below', '59000'));
    ok(await create(other, 'above', '90000'));

    await price('60499.99');
    expect((await list(owner)).every((a) => a.state === 'active')).toBe(true);

    await price('60612.34');
    const ts = app.market.ticker(BTC)!.ts;
    const fired = (await list(owner)).find((a) => a.id === above.id)!;
    expect(fired).toMatchObject({ state: 'triggered', fired_price: '60612.34', fired_at: ts });
    expect((await list(owner)).find((a) => a.id === below.id)!.state).toBe('active');
    // Triggered alerts stay in the list, after the active ones.
    expect((await list(owner)).map((a) => a.id)).toEqual([below.id, above.id]);

    await until(() => alertKinds(ownerGot).length === 1);
    expect(alertKinds(ownerGot)[0]).toMatchObject({
      kind: 'alertAbove',
      params: { symbol: BTC, price: '60612.34', threshold: '60500' },
    });
    const notes = await alertNotes(owner);
    expect(notes).toHaveLength(1);

    // Above again, down and up again: a fired alert stays fired.
    await price('60700.00');
    await price('60000.00');
    await price('60800.00');
    expect(await alertNotes(owner)).toHaveLength(1);
    expect((await list(owner)).find((a) => a.id === above.id)).toMatchObject({ fired_price: '60612.34', fired_at: ts });

    // The other side fires on its own crossing.
    await price('58999.50');
    expect((await list(owner)).find((a) => a.id === below.id)).toMatchObject({ state: 'triggered', fired_price: '58999.50' });
    await until(() => alertKinds(ownerGot).length === 2);
    expect(alertKinds(ownerGot)[1]).toMatchObject({ kind: 'alertBelow', params: { price: '58999.50', threshold: '59000' } });
    expect(alertKinds(otherGot)).toEqual([]);
    expect(await alertNotes(other)).toEqual([]);
  });

  it('re-arms an alert by editing it, and fires it again on the next crossing', async () => {
    await price('60000.00');
    const user = await s.signUp();
    const alert = ok<PriceAlert>(await create(user, 'below', '59900'));
    await price('59800.00');
    expect((await list(user))[0]!.state).toBe('triggered');
    const rearmed = ok<PriceAlert>(
      await s.call('/alerts/update', { id: String(alert.id), kind: 'below', threshold: '59500' }, { token: user.token }),
    );
    expect(rearmed).toMatchObject({ state: 'active', fired_at: null, fired_price: null, fired_change: null });
    await price('59600.00');
    expect((await list(user))[0]!.state).toBe('active');
    await price('59400.00');
    expect((await list(user))[0]).toMatchObject({ state: 'triggered', fired_price: '59400.00' });
    expect(await alertNotes(user)).toHaveLength(2);
  });

  it('fires a 24 h move alert when |change| reaches X %, up or down', async () => {
    // The 24 h open is the oldest closed minute of the window, which rolls as each minute closes:
    // start a new minute with a trade, so this test's few seconds all share one open.
    clock.advance(60_000 - (clock.now() % 60_000));
    await price(app.market.ticker(BTC)!.price);
    const open = new Decimal(app.market.ticker(BTC)!.open);
    await price(open.toFixed(2));
    const user = await s.signUp();
    const alert = ok<PriceAlert>(await create(user, 'change', '5'));
    await price(open.mul('1.049').toFixed(2));
    expect((await list(user))[0]!.state).toBe('active');
    const down = open.mul('0.95').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
    await price(down);
    const fired = (await list(user))[0]!;
    expect(fired).toMatchObject({ id: alert.id, state: 'triggered', fired_price: down });
    expect(new Decimal(fired.fired_change!).lte(-5)).toBe(true);
    expect((await alertNotes(user))[0]).toMatchObject({ kind: 'alertChange', params: { threshold: '5', change: fired.fired_change } });
  });

  // Seen once in CI on PostgreSQL: the engine's periodic reload read the table, an alert was set
  // meanwhile, and the reload's snapshot replaced the working set without it; it missed a crossing.
  it('keeps an alert set while the engine reloads its working set, and fires it at the next crossing', async () => {
    await price('60000.00');
    const repo = app.fastify.alerts.repo;
    const original = repo.active.bind(repo);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    repo.active = async (...args: Parameters<typeof original>) => {
      const rows = await original(...args);
      await gate;
      return rows;
    };
    try {
      clock.advance(5_000); // the reload timer: the snapshot is read now, then held at the gate
      const user = await s.signUp();
      const alert = ok<PriceAlert>(await create(user, 'above', '60500'));
      release();
      await engine().idle();
      await price('60600.00');
      expect((await list(user))[0]).toMatchObject({ id: alert.id, state: 'triggered', fired_price: '60600.00' });
    } finally {
      release();
      repo.active = original;
    }
  });

  it('sends one encrypted Web Push per fire, and forgets a subscription the push service says is gone', async () => {
    await price('60000.00');
    const user = await s.signUp();
    const key = ok<PushKey>(await s.call('/alerts/push/key', {}, { method: 'GET', token: user.token }));
    expect(key.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const { ecdh, ...keys } = browserKeys();
    const endpoint = `${push.url}/push/${randomBytes(6).toString('hex')}`;

    // Refusals: bad URL, bad keys.
    for (const bad of [
      { endpoint: 'ftp://push.example/x', ...keys },
      { endpoint: 'not a url', ...keys },
      { endpoint, p256dh: 'short', auth: keys.auth },
      { endpoint, p256dh: keys.p256dh, auth: 'AAAA' },
    ]) {
      expect(refused(await s.call('/alerts/push/subscribe', bad, { token: user.token }))).toBe(
        "This device's push subscription is not valid",
      );
    }
    expect(ok<boolean>(await s.call('/alerts/push/subscribe', { endpoint, ...keys }, { token: user.token }))).toBe(true);
    // Subscribing again from the same browser replaces the row.
    expect(ok<boolean>(await s.call('/alerts/push/subscribe', { endpoint, ...keys }, { token: user.token }))).toBe(true);
    expect(await app.fastify.alerts.repo.subscriptions(await userId(user))).toHaveLength(1);

    ok(await create(user, 'above', '60100'));
    const before = push.got.length;
    await price('60150.00');
    await until(() => push.got.length > before);
    await app.fastify.alerts.push.idle();
    const sent = push.got.slice(before);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(new URL(endpoint).pathname);
    expect(request!.headers.ttl).toBe(String(6 * 60 * 60));
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key.public_key}$`));
    // Encrypted for this browser alone; once decrypted, the service worker's payload, in the user's language.
    expect(request!.body.toString('utf8')).not.toContain('BTC/USDT');
    expect(JSON.parse(decryptPush(request!.body, ecdh, keys.auth))).toEqual({
      title: 'Price alert',
      body: 'BTC/USDT reached 60150.00, at or above your alert price of 60100.',
      url: '/#/pages/alerts/index',
      tag: `alert-${(await list(user)).find((a) => a.threshold === '60100')!.id}`,
    });

    // A 410 Gone: the subscription is deleted, the fire itself unaffected.
    push.state.status = 410;
    ok(await create(user, 'above', '60200'));
    await price('60250.00');
    await until(async () => (await app.fastify.alerts.repo.subscriptions(await userId(user))).length === 0);
    expect((await list(user)).filter((a) => a.state === 'triggered')).toHaveLength(2);
    push.state.status = 201;

    // Unsubscribe: nothing more is sent.
    ok(await s.call('/alerts/push/subscribe', { endpoint, ...keys }, { token: user.token }));
    ok(await s.call('/alerts/push/unsubscribe', { endpoint }, { token: user.token }));
    const quiet = push.got.length;
    ok(await create(user, 'above', '60300'));
    await price('60350.00');
    expect(push.got.length).toBe(quiet);
  });

  it('reads the VAPID keys from the environment, both or neither, else keeps the generated pair', async () => {
    expect(readConfig({}).vapid).toEqual({ publicKey: undefined, privateKey: undefined, subject: undefined });
    expect(() => readConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/set together/);
    expect(() => readConfig({ VAPID_SUBJECT: 'alerts@example.com' })).toThrow(/mailto: or https:/);
    const vapid = readConfig({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@example.com' }).vapid;
    expect(await loadVapidKeys(app.fastify.secrets, vapid)).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
      subject: 'mailto:ops@example.com',
    });
    // Without keys: the pair in server_secrets, the same every time (and on every node).
    const stored = await loadVapidKeys(app.fastify.secrets, {});
    expect(stored.publicKey).toBe(app.fastify.alerts.push.publicKey);
    expect(await loadVapidKeys(app.fastify.secrets, { subject: 'https://example.com' })).toMatchObject({
      publicKey: stored.publicKey,
      privateKey: stored.privateKey,
      subject: 'https://example.com',
    });
  });

  it('after a restart fires nothing twice, and fires an alert crossed while no engine ran (last: no HTTP after)', async () => {
    await price('60000.00');
    const user = await s.signUp();
    const fired = ok<PriceAlert>(await create(user, 'above', '60010'));
    await price('60020.00');
    const waiting = ok<PriceAlert>(await create(user, 'above', '1'));
    // `above 1` would fire at the next tick; the node stops before one comes.
    const id = await userId(user);
    await engine().stop();
    const vapid = (await s.call('/alerts/push/key', {}, { method: 'GET', token: user.token })).body.message as PushKey;
    await app.close();
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false, allowHttpPush: true });
    await engine().idle();
    const rows = await app.fastify.alerts.repo.list(id);
    const priceNow = app.market.ticker(BTC)!.price;
    expect(rows.find((r) => r.id === waiting.id)).toMatchObject({ state: 'triggered', fired_price: priceNow });
    expect(rows.find((r) => r.id === fired.id)).toMatchObject({ state: 'triggered', fired_price: '60020.00' });
    await price('60030.00');
    const [n] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM notifications WHERE user_id = $1 AND kind LIKE 'alert%'`, [
      id,
    ]);
    expect(n!.n).toBe(2);
    // The VAPID pair is kept: subscriptions made before the restart stay valid.
    expect(app.fastify.alerts.push.publicKey).toBe(vapid.public_key);
  });

  async function userId(user: User): Promise<number> {
    const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email.toLowerCase()]);
    return Number(row!.id);
  }
});
