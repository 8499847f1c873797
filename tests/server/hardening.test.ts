/**
 * Each defect found by attacking the running server, reproduced over real HTTP
 * and refused. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type EndpointPath } from '../../domain/api/contract';
import type { SessionInfo } from '../../domain/security/types';
import { ManualClock } from '../../server/clock';
import { readConfig } from '../../server/config';
import { accountHelpers } from './accounts';
import { fieldNames } from './contractFields';
import { startServer, type TestServer } from './harness';
import { JPEG_1PX, PNG_1PX } from './images';

const get = { method: 'GET' as const };
const CONTROL_EN = 'Control characters are not allowed in this text';
const DIGITS_EN = 'An amount can have at most 20 significant digits';
const TOO_MANY = /^Too many attempts, please try again in \d+ minutes$/;

type User = Awaited<ReturnType<TestServer['signUp']>>;

// One server for most cases (each start takes seconds on an idle machine, far longer on a busy
// one). Its manual clock only moves forward; every case uses its own accounts and addresses.
let s: TestServer;
let distDir: string;
const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
beforeAll(async () => {
  // A stand-in for the built app, to see the headers on pages and assets.
  distDir = await mkdtemp(path.join(tmpdir(), 'kestrel-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Kestrel</title><script type="module" src="/assets/a.js"></script>',
  );
  await writeFile(path.join(distDir, 'assets', 'a.js'), 'export {};');
  s = await startServer({ startMarket: false, clock, distDir });
});
afterAll(async () => {
  await s?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('control characters in text fields', () => {
  let user: User;
  beforeAll(async () => {
    user = await s.signUp();
  });

  const nul = 'x\u0000y';
  const password = { password: 'secret123', re_password: 'secret123' };
  // The endpoints the attack found answering 500, each with otherwise valid input and one NUL.
  const cases: [EndpointPath, 'GET' | 'POST', Record<string, string>][] = [
    ['/user/login', 'POST', { user_string: `a${nul}@example.com`, password: 'secret123' }],
    ['/sms_mail', 'POST', { user_string: `a${nul}@example.com`, scene: 'register' }],
    ['/user/forget', 'POST', { account: `a${nul}@example.com`, password: 'secret123', repassword: 'secret123', code: '123456' }],
    ['/user/register', 'POST', { type: 'email', user_string: `a${nul}@example.com`, code: '123456', ...password }],
    ['/getSetting', 'GET', { keyword: `site${nul}` }],
    ['/wallet/bills', 'GET', { kind: `credit${nul}` }],
    ['/wallet/out', 'POST', { currency: '3', amount: '10', target: 'bank', pay_password: '123456', remark: `hello${nul}` }],
    [
      '/user/cash_save',
      'POST',
      {
        real_name: `Ann${nul}Lee`,
        card_number: '6222020202020202',
        bank_name: 'Bank',
        branch: 'Main',
        province_city: 'City',
        phone: '13800138000',
        pay_password: '123456',
      },
    ],
    [
      '/user/wallet/save',
      'POST',
      { currency: 'USDT', name: `Main${nul}`, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pay_password: '123456' },
    ],
    ['/user/editNickname', 'POST', { nickname: `nick${nul}` }],
  ];

  it.each(cases)('%s refuses a NUL with a clear message, not a 500', async (endpoint, method, params) => {
    const res = await s.call(endpoint, params, { method, token: user.token, ip: user.ip });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'error', code: 0, message: CONTROL_EN });
  });

  it('answers in the language of the request', async () => {
    const zh = await s.call('/user/login', { user_string: `a${nul}@example.com`, password: 'secret123' }, { lang: 'zh' });
    expect(zh.body.type).toBe('error');
    expect(String(zh.body.message)).toMatch(/[\u4e00-\u9fff]/);
    const fr = await s.call('/getSetting', { keyword: nul }, { method: 'GET', headers: { 'accept-language': 'fr' } });
    expect(fr.body.type).toBe('error');
    expect(fr.body.message).not.toBe(CONTROL_EN);
  });

  it('guards every endpoint of the contract, in every field it reads', async () => {
    const paths = Object.keys(contract) as EndpointPath[];
    expect(paths.length).toBeGreaterThan(50);
    for (const endpoint of paths) {
      const def = contract[endpoint];
      const names = [...fieldNames(def.input), 'lang'];
      for (const name of names) {
        const res = await s.call(endpoint, { [name]: nul }, { method: def.method, token: user.token, ip: user.ip });
        expect(res.status, `${endpoint} ${name}`).toBe(200);
        expect(res.body, `${endpoint} ${name}`).toEqual({ type: 'error', code: 0, message: CONTROL_EN });
      }
    }
  });

  it('refuses other control characters, in JSON bodies and keys too', async () => {
    for (const bad of ['\u0001', '\u0008', '\u000b', '\u001b', '\u007f']) {
      const res = await s.call('/user/login', { user_string: `a${bad}@example.com`, password: 'secret123' });
      expect(res.body, JSON.stringify(bad)).toEqual({ type: 'error', code: 0, message: CONTROL_EN });
    }
    const json = async (body: unknown) => {
      const res = await fetch(`${s.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const refused = { status: 200, body: { type: 'error', code: 0, message: CONTROL_EN } };
    expect(await json({ user_string: `a${nul}@example.com`, password: 'secret123' })).toEqual(refused);
    expect(await json({ user_string: 'a@example.com', password: 'secret123', [`k${nul}`]: '1' })).toEqual(refused);
    expect(await json({ user_string: 'a@example.com', password: 'secret123', deep: [[{ x: [nul] }]] })).toEqual(refused);
  });

  it('refuses line breaks and tabs inside a one-line text, and trims them at its ends', async () => {
    const base = { currency: 'USDT', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pay_password: '123456' };
    const opts = { token: user.token, ip: user.ip };
    for (const name of ['Main\nwallet', 'Main\r\nwallet', 'Main\twallet']) {
      expect((await s.call('/user/wallet/save', { ...base, name }, opts)).body, JSON.stringify(name)).toEqual({
        type: 'error',
        code: 0,
        message: CONTROL_EN,
      });
    }
    // Trimmed away, the name is fine: the next check (no payment password yet) answers.
    expect((await s.call('/user/wallet/save', { ...base, name: '\tMain wallet\n' }, opts)).body).toEqual({
      type: 'error',
      code: 0,
      message: 'Please set a payment password first',
    });
  });
});

describe('amounts with too many digits', () => {
  let user: User;
  beforeAll(async () => {
    user = await s.signUp();
    await accountHelpers(s, clock).credit(user, 'change', 'USDT', '1000');
  });

  const big = '100000000000000000001';

  it.each([
    ['/wallet/change', { currency_id: '3', number: big, from_field: 'change', to_field: 'legal' }],
    ['/wallet/change', { currency_id: '1', number: '1.00000000000000000001', from_field: 'change', to_field: 'legal' }],
    ['/user/Transfer', { number: big, from_currency_id: '3', to_currency_id: '1' }],
    ['/wallet/charge_req', { currency: '3', type: 'TRC20', amount: big, voucher: '/uploads/0123456789abcdef0123456789abcdef.jpg' }],
  ] as const)('%s refuses %o with a clear message, not a 500', async (endpoint, params) => {
    const res = await s.call(endpoint, params, { token: user.token, ip: user.ip });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'error', code: 0, message: DIGITS_EN });
  });

  it('caps 20 significant digits by the currency maximum, and refuses exponents and excess precision by the usual rules', async () => {
    const opts = { token: user.token, ip: user.ip };
    const move = (number: string, currency_id = '3') =>
      s.call('/wallet/change', { currency_id, number, from_field: 'change', to_field: 'legal' }, opts);
    expect((await move('99999999999999999999')).body).toEqual({ type: 'error', code: 0, message: 'At most 10000000 USDT per request' });
    expect((await move('9999999')).body).toEqual({ type: 'error', code: 0, message: 'Insufficient balance' });
    expect((await move('000000000000000000000000000001.5')).body).toMatchObject({ type: 'ok' });
    expect((await move('1e400')).body).toEqual({ type: 'error', code: 0, message: 'Please enter a correct amount' });
    expect((await move(`0.${'0'.repeat(35)}1`, '1')).body).toEqual({ type: 'error', code: 0, message: 'At most 8 decimal places' });
    expect((await move('9'.repeat(41))).body).toEqual({ type: 'error', code: 0, message: DIGITS_EN });
  });
});

describe('payment password guesses under concurrency', () => {
  const wallet = { currency: 'USDT', name: 'Main', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };

  async function burst(user: User, pins: string[]): Promise<string[]> {
    const answers = await Promise.all(
      pins.map((pay_password) => s.call('/user/wallet/save', { ...wallet, pay_password }, { token: user.token, ip: user.ip })),
    );
    return answers.map((a) => (a.body.type === 'ok' ? 'ok' : String(a.body.message)));
  }

  it('evaluates at most 5 of 40 wrong guesses sent at once, then refuses the right one', async () => {
    const user = await s.signUp();
    await accountHelpers(s, clock).setPayPassword(user, '135790');
    const answers = await burst(
      user,
      Array.from({ length: 40 }, (_, i) => String(100000 + i)),
    );
    expect(answers.filter((a) => a === 'Wrong payment password')).toHaveLength(5);
    expect(answers.filter((a) => TOO_MANY.test(a))).toHaveLength(35);
    expect(await burst(user, ['135790'])).toEqual([expect.stringMatching(TOO_MANY)]);
    clock.advance(15 * 60_000);
    expect(await burst(user, ['135790'])).toEqual(['ok']);
  });

  it('spends at most 5 wrong guesses when the right one is among 40 sent at once', async () => {
    const user = await s.signUp();
    await accountHelpers(s, clock).setPayPassword(user, '135790');
    const pins = Array.from({ length: 40 }, (_, i) => (i === 20 ? '135790' : String(200000 + i)));
    const answers = await burst(user, pins);
    expect(answers.filter((a) => a === 'Wrong payment password').length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a === 'ok').length).toBeLessThanOrEqual(1);
    expect(answers.every((a) => a === 'ok' || a === 'Wrong payment password' || TOO_MANY.test(a))).toBe(true);
    // Whatever the order, a right answer never spent a try: the one outcome is the same as 5 wrong then the right one.
    const right = answers[20]!;
    expect(right === 'ok' || TOO_MANY.test(right)).toBe(true);
  });

  it('takes a burst of the right payment password sent at once (one user’s concurrent requests)', async () => {
    const user = await s.signUp();
    await accountHelpers(s, clock).setPayPassword(user, '135790');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.call('/user/wallet/save', { ...wallet, name: `Main ${i}`, pay_password: '135790' }, { token: user.token, ip: user.ip }),
      ),
    );
    expect(answers.map((a) => a.body.type)).toEqual(Array(20).fill('ok'));
    expect(await burst(user, ['000000'])).toEqual(['Wrong payment password']);
  });

  it('does not count a right payment password against the limit', async () => {
    const user = await s.signUp();
    await accountHelpers(s, clock).setPayPassword(user, '135790');
    for (let i = 0; i < 4; i++) expect(await burst(user, ['000000'])).toEqual(['Wrong payment password']);
    for (let i = 0; i < 3; i++) expect(await burst(user, ['135790'])).toEqual(['ok']);
    expect(await burst(user, ['000000'])).toEqual(['Wrong payment password']);
    expect(await burst(user, ['135790'])).toEqual([expect.stringMatching(TOO_MANY)]);
  });
});

describe('login limits keyed on the resolved account and the address', () => {
  const login = (user_string: string, password: string, ip: string, extra: Record<string, string> = {}) =>
    s.call('/user/login', { user_string, password, ...extra }, { ip });

  it('gives no fresh tries for an area code added to an email login', async () => {
    const user = await s.signUp();
    const ip = '198.51.100.10';
    for (let i = 1; i <= 10; i++) {
      expect((await login(user.email, 'wrong-password', ip, { area_code: String(i) })).body.message).toBe(
        'Login failed: wrong account or password',
      );
    }
    expect((await login(user.email, user.password, ip)).body.message).toMatch(TOO_MANY);
    expect((await login(user.email.toUpperCase(), user.password, ip, { area_code: '99' })).body.message).toMatch(TOO_MANY);
  });

  it('counts a phone login with and without its area code as one account', async () => {
    const user = await s.signUp();
    const phone = await s.bindMobile(user.token, user.ip);
    const ip = '198.51.100.11';
    for (let i = 0; i < 5; i++) await login(phone.mobile, 'wrong-password', ip);
    for (let i = 0; i < 5; i++) await login(phone.mobile, 'wrong-password', ip, { area_code: phone.area_code });
    expect((await login(phone.mobile, user.password, ip, { area_code: phone.area_code })).body.message).toMatch(TOO_MANY);
    expect((await login(user.email, user.password, ip)).body.message).toMatch(TOO_MANY);
  });

  it("does not let one address's wrong tries lock the owner out from another", async () => {
    const user = await s.signUp();
    const attacker = '203.0.113.66';
    for (let i = 0; i < 10; i++) await login(user.email, 'wrong-password', attacker);
    expect((await login(user.email, user.password, attacker)).body.message).toMatch(TOO_MANY);
    expect((await login(user.email, user.password, user.ip)).body.type).toBe('ok');
  });

  it('keeps a ceiling per address across accounts', async () => {
    clock.advance(15 * 60_000);
    const ip = '203.0.113.77';
    const answers: string[] = [];
    for (let i = 0; i < 52; i++) answers.push(String((await login(`spray${i}@example.com`, 'wrong-password', ip)).body.message));
    expect(answers.slice(0, 50).every((a) => a === 'Login failed: wrong account or password')).toBe(true);
    expect(answers.slice(50).every((a) => TOO_MANY.test(a))).toBe(true);
    // Another address is not affected.
    expect((await login('spray0@example.com', 'wrong-password', '203.0.113.78')).body.message).toBe(
      'Login failed: wrong account or password',
    );
  });
});

describe('reset codes do not reveal accounts', () => {
  it('answers a second email reset request within a minute the same for a real and an unknown account', async () => {
    const user = await s.signUp();
    clock.advance(61_000);
    const ask = (user_string: string, ip: string) => s.call('/sms_mail', { user_string, scene: 'forget' }, { ip });
    const real = [await ask(user.email, '192.0.2.1'), await ask(user.email, '192.0.2.1')];
    const ghost = [await ask('ghost-reset@example.com', '192.0.2.2'), await ask('ghost-reset@example.com', '192.0.2.2')];
    expect(real[0]!.body).toEqual({ type: 'ok', code: 1, message: 'Verification code sent' });
    expect(real[1]!.body).toMatchObject({ type: 'error', message: 'Please wait 60 seconds before requesting another code' });
    expect(ghost.map((r) => r.body)).toEqual(real.map((r) => r.body));
    expect(await (await fetch(`${s.url}/api/dev/outbox?to=ghost-reset@example.com`)).json()).toEqual([]);
    clock.advance(60_000);
    expect((await ask('ghost-reset@example.com', '192.0.2.2')).body).toEqual(real[0]!.body);
  });

  it('answers the same for a real and an unknown phone number', async () => {
    const user = await s.signUp();
    const phone = await s.bindMobile(user.token, user.ip);
    clock.advance(61_000);
    const ask = (mobile: string, ip: string) => s.call('/sms_send', { area_code: phone.area_code, mobile, scene: 'forget' }, { ip });
    const real = [await ask(phone.mobile, '192.0.2.3'), await ask(phone.mobile, '192.0.2.3')];
    const ghost = [await ask('7999000111', '192.0.2.4'), await ask('7999000111', '192.0.2.4')];
    expect(real[1]!.body.type).toBe('error');
    expect(ghost.map((r) => r.body)).toEqual(real.map((r) => r.body));
    expect(await (await fetch(`${s.url}/api/dev/outbox?to=${encodeURIComponent(`+${phone.area_code}7999000111`)}`)).json()).toEqual([]);
  });
});

describe('trusted proxies', () => {
  it('reads TRUST_PROXY as off, loopback, or a list of addresses and ranges', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual(['loopback']);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback']);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '*', '10.0.0', 'example.com']) {
      expect(() => readConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  async function sessionIp(server: TestServer): Promise<string | null> {
    const user = await server.signUp();
    const list = (await server.call('/safe/sessions', {}, { ...get, token: user.token })).body.message as SessionInfo[];
    return list[0]!.ip;
  }

  describe('behind no proxy the server knows', () => {
    let direct: TestServer;
    beforeAll(async () => {
      direct = await startServer({ startMarket: false, trustProxy: ['10.11.12.13'] });
    });
    afterAll(() => direct?.close());

    it('ignores a client’s X-Forwarded-For, so rotating it dodges no per-address limit', async () => {
      expect(await sessionIp(direct)).toBe('127.0.0.1');
      const answers = [];
      // Past the per-address ceiling of code requests (200 an hour), each to its own target.
      for (let i = 0; i < 202; i++) {
        answers.push(
          (await direct.call('/sms_mail', { user_string: `rot${i}@example.com`, scene: 'register' }, { ip: `10.0.${i >> 8}.${i & 255}` }))
            .body,
        );
      }
      expect(answers.at(-1)).toMatchObject({
        type: 'error',
        message: expect.stringMatching(/^Too many attempts, please try again in \d+ (minutes|hours?)$/),
      });
    });
  });

  it('believes the X-Forwarded-For a proxy on the same machine passes on (TRUST_PROXY=1)', async () => {
    // The shared server trusts loopback, as TRUST_PROXY=1 does; the harness names each user's address.
    expect(await sessionIp(s)).toMatch(/^10\./);
  });
});

/** A PNG whose header claims `width`×`height` over one pixel of data: a decompression bomb's header. */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_1PX);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('uploads are decoded, not sniffed', () => {
  let user: User;
  beforeAll(async () => {
    user = await s.signUp();
  });

  const UNREADABLE = 'This file is not a readable image';

  it.each([
    ['three JPEG magic bytes', Buffer.from([0xff, 0xd8, 0xff])],
    ['a JPEG cut in half', JPEG_1PX.subarray(0, Math.floor(JPEG_1PX.length / 2))],
    ['a PNG signature and garbage', Buffer.concat([PNG_1PX.subarray(0, 8), Buffer.from('not really a png at all')])],
    ['a GIF header alone', Buffer.from('GIF89a')],
    ['a RIFF/WEBP header alone', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
  ])('refuses %s with a reason', async (_label, data) => {
    const res = await s.upload(user.token, data);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'error', code: 0, message: UNREADABLE });
  });

  it('gives the reason in the language of the request', async () => {
    const res = await fetch(`${s.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: user.token, 'accept-language': 'zh-CN' },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([Buffer.from([0xff, 0xd8, 0xff])]), 'x.jpg');
        return form;
      })(),
    });
    const body = (await res.json()) as { type: string; message: string };
    expect(body.type).toBe('error');
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a decompression bomb from its header', async () => {
    const res = await s.upload(user.token, pngClaiming(30_000, 30_000), { type: 'image/png', filename: 'bomb.png' });
    expect(res.body).toEqual({ type: 'error', code: 0, message: 'The image has too many pixels (at most 50 megapixels)' });
  });

  it('accepts real JPEG, PNG, WebP and GIF images, stored as sent', async () => {
    const base = sharp({ create: { width: 3, height: 2, channels: 3, background: '#2a6' } });
    const images: [string, Buffer][] = [
      ['jpg', JPEG_1PX],
      ['png', PNG_1PX],
      ['webp', await base.clone().webp().toBuffer()],
      ['gif', await base.clone().gif().toBuffer()],
    ];
    for (const [ext, data] of images) {
      const res = await s.upload(user.token, data, { scene: 'avatar' });
      expect(res.body.type, ext).toBe('ok');
      expect(String(res.body.message)).toMatch(new RegExp(`\\.${ext}$`));
      expect(Buffer.from(await (await fetch(s.url + String(res.body.message))).arrayBuffer())).toEqual(data);
    }
  });

  it('refuses an image whose content is another format than its first bytes claim', async () => {
    const tiff = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    expect((await s.upload(user.token, tiff)).body).toMatchObject({
      type: 'error',
      message: 'The file is not a valid image (JPEG, PNG, WebP or GIF)',
    });
  });
});

describe('security headers', () => {
  let user: User;
  beforeAll(async () => {
    user = await s.signUp();
  });

  function directives(header: string | null): Map<string, string> {
    return new Map(
      (header ?? '')
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)]),
    );
  }

  it('refuses framing and sends a CSP that fits the app on pages, assets and the API', async () => {
    for (const url of ['/', '/market', '/assets/a.js', '/api/getSiteConfig', '/api/nope']) {
      const res = await fetch(s.url + url);
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(csp.get('script-src'), url).toBe("'self'");
      expect(csp.get('worker-src'), url).toBe("'self' blob:");
      expect(csp.get('connect-src'), url).toBe("'self' ws: wss:");
      expect(csp.get('img-src'), url).toBe("'self' data: blob:");
      expect(csp.get('object-src'), url).toBe("'none'");
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
    const page = await fetch(s.url);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('keeps the stricter per-file headers on uploads', async () => {
    const url = String((await s.upload(user.token, JPEG_1PX, { scene: 'identity' })).body.message);
    const res = await fetch(s.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('a per-address limit on every route', () => {
  let limited: TestServer;
  const limitedClock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  beforeAll(async () => {
    limited = await startServer({ startMarket: false, clock: limitedClock, rateLimitPerMinute: 5 });
  });
  afterAll(() => limited?.close());

  it('answers HTTP 429 with a translated envelope past the limit, per address, until the minute is over', async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < 5; i++) expect((await limited.call('/getSiteConfig', {}, { ...get, ip })).status).toBe(200);
    const over = await limited.call('/getSiteConfig', {}, { ...get, ip });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ type: 'error', code: 0, message: 'Too many requests, please try again in 60 seconds', retry_after: 60 });
    const zh = await limited.call('/user/login', { user_string: 'a@b.co', password: 'secret123' }, { ip, lang: 'zh' });
    expect(zh.status).toBe(429);
    expect(String(zh.body.message)).toMatch(/[\u4e00-\u9fff]/);
    const res = await fetch(`${limited.url}/api/nope`, { headers: { 'x-forwarded-for': ip } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect((await limited.call('/getSiteConfig', {}, { ...get, ip: '198.51.100.201' })).status).toBe(200);
    limitedClock.advance(60_000);
    expect((await limited.call('/getSiteConfig', {}, { ...get, ip })).status).toBe(200);
  });
});
