import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityState } from '../../domain/identity/types';
import { ManualClock } from '../../server/clock';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { JPEG_1PX } from './images';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

// Each command is a Node process started with tsx (about 2 s, far more on a busy machine): generous time per test.
describe('the operator CLI (npm run ops)', { timeout: 120_000 }, () => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  let h: ReturnType<typeof accountHelpers>;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
  });
  afterAll(() => s.close());

  /** Runs the CLI against the test server; resolves with its output and exit code. */
  async function ops(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
        cwd: root,
        env: { ...process.env, OPS_URL: s.url, DATA_DIR: s.dataDir, ...env },
      });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  }

  it('lists users and pending identities, approves once, and reports errors with a non-zero exit', async () => {
    const user = await s.signUp();
    await s.bindMobile(user.token, user.ip);
    await s.call(
      '/user/real',
      { real_type: '1', id_type: 'id_card', name: 'Wang Fang', card_id: '110101199003071234', country: 'CN' },
      { token: user.token },
    );

    const users = await ops(['users', user.email]);
    expect(users.code).toBe(0);
    expect(users.out).toContain(user.email);

    const pending = await ops(['identities']);
    expect(pending.code).toBe(0);
    const id = new RegExp(`^(\\d+)\\s+\\d+\\s+${user.email.replace('.', '\\.')}`, 'm').exec(pending.out)?.[1];
    expect(id).toBeDefined();
    expect(pending.out).toContain('Wang Fang');

    const approved = await ops(['approve-identity', id!]);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.out).toContain('approved');
    const again = await ops(['approve-identity', id!]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('This has already been decided');
    const state = (await s.call('/real/state', {}, { method: 'GET', token: user.token })).body.message as IdentityState;
    expect(state.level).toBe(1);
  });

  it('reviews deposits and withdrawals, and credits by hand', async () => {
    const user = await s.signUp();
    expect((await ops(['credit', user.email, 'change', 'USDT', '300', 'welcome', 'bonus'])).out).toMatch(/credit #\d+: 300 USDT/);
    const voucher = (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
    await s.call('/wallet/charge_req', { currency: '3', type: 'TRC20', amount: '120', voucher }, { token: user.token });
    const listed = await ops(['deposits']);
    const depositId = new RegExp(`^(\\d+)\\s+\\d+\\s+${user.email.replace('.', '\\.')}`, 'm').exec(listed.out)?.[1];
    expect(listed.out).toContain('120 USDT');
    expect((await ops(['approve-deposit', depositId!])).out).toContain('120 USDT credited');
    expect((await ops(['approve-deposit', depositId!])).code).toBe(1);

    // A withdrawal: rejected (released) and another completed, from the console.
    await h.verify(user);
    await h.setPayPassword(user);
    const addressId = await h.saveUsdtAddress(user);
    const out = () =>
      s.call(
        '/wallet/out',
        { currency: '3', amount: '100', target: `address:${addressId}`, pay_password: '246810' },
        { token: user.token },
      );
    expect((await out()).body.type).toBe('ok');
    expect((await out()).body.type).toBe('ok');
    const pending = await ops(['withdrawals']);
    const ids = [...pending.out.matchAll(new RegExp(`^(\\d+)\\s+\\d+\\s+${user.email.replace('.', '\\.')}`, 'gm'))].map((m) => m[1]!);
    expect(ids).toHaveLength(2);
    expect(pending.out).toContain('99 USDT');
    expect((await ops(['reject-withdrawal', ids[0]!, 'Address', 'flagged'])).out).toContain('released: Address flagged');
    expect((await ops(['approve-withdrawal', ids[1]!])).out).toContain('completed: 99 USDT to Main');
    expect((await ops(['approve-withdrawal', ids[1]!])).code).toBe(1);
    const balance = (await s.call('/wallet/detail', { currency: '3', type: 'change' }, { method: 'GET', token: user.token })).body
      .message as {
      available: string;
      frozen: string;
    };
    expect([Number(balance.available), Number(balance.frozen)]).toEqual([320, 0]);
    expect((await ops(['credit', 'nobody@example.com', 'change', 'USDT', '1', 'x'])).code).toBe(1);
    expect((await ops(['credit', user.email, 'change'])).code).toBe(2);
  });

  it('credits once per idempotency key: a retried command with OPS_IDEMPOTENCY_KEY answers the first credit', async () => {
    const user = await s.signUp();
    const env = { OPS_IDEMPOTENCY_KEY: `cli-${process.pid}-${Date.now()}` };
    const first = await ops(['credit', user.email, 'change', 'USDT', '40', 'refund'], env);
    expect(first.out).toMatch(/credit #\d+: 40 USDT/);
    expect(await ops(['credit', user.email, 'change', 'USDT', '40', 'refund'], env)).toEqual(first);
    const other = await ops(['credit', user.email, 'change', 'USDT', '41', 'refund'], env);
    expect(other.code).toBe(1);
    expect(other.out).toContain('This request key was already used for a different request');
    // Without the variable each command is a new credit.
    expect((await ops(['credit', user.email, 'change', 'USDT', '40', 'refund'])).out).not.toBe(first.out);
    const balance = (await s.call('/wallet/detail', { currency: '3', type: 'change' }, { method: 'GET', token: user.token })).body
      .message as { available: string };
    expect(Number(balance.available)).toBe(80);
  });

  it('creates an IEO project with every field and lists the projects; a bad field is refused with its reason', async () => {
    const start = new Date(clock.now() + 86_400_000).toISOString();
    const end = new Date(clock.now() + 8 * 86_400_000).toISOString();
    const fields = ['--name', 'Cli Chain', '--token', 'CLIX', '--price', '0.25', '--total', '400000', '--min', '10', '--max', '20000'];
    const rest = ['--lock-days', '14', '--whitepaper', 'https://cli.example/wp.pdf', '--website', 'https://cli.example'];
    const created = await ops([
      'create-project',
      ...fields,
      '--start',
      start,
      '--end',
      end,
      ...rest,
      '--description',
      'Made by the CLI test',
    ]);
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/project #\d+ Cli Chain: 400000 CLIX at 0.25 USDT, preheating/);
    const list = await ops(['projects']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/CLIX\s+Cli Chain\s+preheating\s+0.25 USDT\s+0 \/ 400000/);
    const again = await ops(['create-project', ...fields, '--start', start, '--end', end, ...rest, '--description', 'again']);
    expect(again.code).toBe(1);
    expect(again.out).toContain('Invalid project: a currency named CLIX exists');
    const missing = await ops(['create-project', '--name', 'No token']);
    expect(missing.code).not.toBe(0);
    expect(missing.out).toContain('--token is required');
  });

  it('creates an NFT artist, an artwork from a local media file and an auction, and lists the orders', async () => {
    const media = path.join(root, 'server/nft/media');
    const artist = await ops([
      'nft-artist',
      '--name',
      'Cli Artist',
      '--bio',
      'Made by the CLI test',
      '--media',
      path.join(media, 'artist-delta.webp'),
    ]);
    expect(artist.code).toBe(0);
    const artistId = /artist #(\d+)/.exec(artist.out)![1]!;
    const video = await ops([
      'nft-artwork',
      ...['--title', 'Cli Flow', '--description', 'A video from a file', '--type', 'video', '--rarity', 'SR', '--artist', artistId],
      ...['--media', path.join(media, 'art-flow.mp4'), '--poster', path.join(media, 'art-flow.webp')],
    ]);
    expect(video.code).toBe(0);
    expect(video.out).toMatch(/artwork #\d+ KST-\d+ Cli Flow \(video, SR\)/);
    const artworkId = /artwork #(\d+)/.exec(video.out)![1]!;
    // A picture passed off as audio is refused by its bytes.
    const fake = await ops([
      'nft-artwork',
      ...['--title', 'Fake', '--description', 'x', '--type', 'audio', '--rarity', 'N', '--artist', artistId],
      ...['--media', path.join(media, 'art-ember.webp'), '--poster', 'art-chime.webp'],
    ]);
    expect(fake.code).toBe(1);
    expect(fake.out).toContain('the file is not a audio file');
    const start = new Date(clock.now()).toISOString();
    const end = new Date(clock.now() + 86_400_000).toISOString();
    const backwards = await ops([
      'nft-sale',
      '--artwork',
      artworkId,
      '--mode',
      'auction',
      '--price',
      '10',
      '--margin',
      '1',
      '--increment',
      '1',
      '--start',
      end,
      '--end',
      start,
    ]);
    expect(backwards.out).toContain('the end time must be later than the start');
    const sale = await ops([
      'nft-sale',
      '--artwork',
      artworkId,
      '--mode',
      'auction',
      '--price',
      '10',
      '--margin',
      '1',
      '--increment',
      '1',
      '--start',
      start,
      '--end',
      end,
    ]);
    expect(sale.code).toBe(0);
    expect(sale.out).toMatch(/sale #\d+ of KST-\d+ Cli Flow: auction 10 USDT/);
    const orders = await ops(['nft-orders', 'sale']);
    expect(orders.code).toBe(0);
    expect(orders.out).toMatch(/sale\s+\d+\s+KST-\d+ Cli Flow \(auction\)\s+10\s+USDT\s+listed/);
  });

  it('lists trader applications and approves or rejects one, once', async () => {
    const user = await s.signUp();
    await h.verify(user);
    await h.credit(user, 'lever', 'USDT', '500');
    expect((await s.call('/follow/apply', { agree: '1' }, { token: user.token })).body.type).toBe('ok');
    const pending = await ops(['traders']);
    expect(pending.code).toBe(0);
    expect(pending.out).toContain(user.email);
    const approved = await ops(['approve-trader', user.email]);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.out).toContain('approved');
    const again = await ops(['reject-trader', user.email, 'too', 'late']);
    expect(again.code).toBe(1);
    expect(again.out).toContain('This has already been decided');
    expect((await ops(['traders', 'approved'])).out).toContain(user.email);
  });

  it('takes an OTC advert off the market and puts it back', async () => {
    const listed = await ops(['otc-ads']);
    expect(listed.code).toBe(0);
    const id = /^(\d+)\s/m.exec(listed.out.split('\n').slice(1).join('\n'))?.[1];
    expect(id).toBeDefined();
    const off = await ops(['disable-otc-ad', id!]);
    expect(off).toMatchObject({ code: 0 });
    expect(off.out).toContain(`otc advert #${id}`);
    expect(off.out).toContain('off the market');
    expect(new RegExp(`^${id}\\s.*\\sno\\s+\\d+\\s*$`, 'm').test((await ops(['otc-ads'])).out)).toBe(true);
    expect((await ops(['enable-otc-ad', id!])).out).toContain('on the market');
    expect((await ops(['disable-otc-ad', 'x'])).code).toBe(2);
    expect((await ops(['disable-otc-ad', '999999'])).code).toBe(1);
  });

  it('needs a reason to reject, a token, and a known command', async () => {
    expect((await ops(['reject-identity', '1'])).code).toBe(2);
    expect((await ops(['approve-identity', 'x'])).code).toBe(2);
    expect((await ops(['launch-rockets'])).code).toBe(2);
    const wrong = await ops(['users'], { OPS_TOKEN: 'wrong' });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('Operator token required');
  });
});
