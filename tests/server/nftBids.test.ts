/**
 * Covered auction bids (docs/NFT.md "Auctions"): a bid beyond the margin is
 * frozen in the bidder's coin account until they are outbid, so nobody can lead with money they do
 * not have. A red team holding only the margin cannot bid 100 × the start (refused, nothing moves);
 * a covered bid freezes bid − margin; being outbid releases it, once, in the bid's transaction; a
 * re-bid freezes again; at the end the winner pays from the frozen funds at once (the order is
 * paid when created), the losers have nothing frozen; the journal sums to zero, the audit
 * recomputes every freeze and release and finds a tampered one; a restart settles nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { saleSplit } from '../../domain/nft/formulas';
import type { NftArtist, NftArtwork, NftArtworkDetail, NftPayOrder, NftSale } from '../../domain/nft/types';
import type { NotificationItem } from '../../domain/notifications/types';
import { DAY_MS } from '../../domain/time';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import { COIN } from '../../server/nft/shared/money';
import type {} from '../../server/nft/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const USDT = 3;
const HOUR_MS = 3_600_000;
type User = Awaited<ReturnType<TestServer['signUp']>>;
type Res = { status: number; body: { type: string | number; message: unknown } };

describe(`nft covered bids (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 180_000 }, () => {
  let s: TestServer;
  let app: App;
  const today = new Date();
  const clock = new ManualClock(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2, 10));
  let h: ReturnType<typeof accountHelpers>;
  let artistId = 0;
  let artistUser: User;
  let keys = 0;

  const ok = <T>(res: Res): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const refused = (res: Res) => {
    expect(res.status).toBe(200);
    expect(res.body.type).not.toBe('ok');
    return String(res.body.message);
  };
  const get = <T>(path: Parameters<TestServer['call']>[0], params: Record<string, string> = {}, user?: User) =>
    s.call(path, params, { method: 'GET', token: user?.token }).then((r) => ok<T>(r));
  const post = (path: Parameters<TestServer['call']>[0], params: Record<string, string>, user: User) =>
    s.call(path, params, { token: user.token, headers: { 'idempotency-key': `k${++keys}` } });
  const funded = async (amount: string, currency = 'USDT') => {
    const user = await s.signUp();
    await h.credit(user, 'change', currency, amount);
    return user;
  };
  /** The user's coin account in USDT: available and frozen, as plain decimals. */
  const coin = async (user: User, currency = USDT) => {
    const b = await h.balance(user, currency);
    return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
  };
  const idOf = async (user: User) => (await app.fastify.users.byEmail(user.email))!.id;
  const opsLike = async (pattern: string) =>
    Number((await s.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM ledger_ops WHERE key LIKE $1', [pattern]))[0]!.n);
  const sweep = async () => {
    await app.fastify.nft.engine.sweep();
    await app.fastify.nft.engine.idle();
  };
  const nftAudit = async () => ok<AuditReport>(await s.ops('/audit')).sections.find((x) => x.kind === 'nft')!;
  const auction = async (fields: Record<string, string | number>) => {
    const w = ok<NftArtwork>(
      await s.ops('/nft/artworks/create', {
        title: `Covered ${++keys}`,
        description: 'A test artwork.',
        type: 'image',
        rarity: 'R',
        artist_id: artistId,
        media: 'art-aurora.webp',
      }),
    );
    return ok<NftArtwork>(
      await s.ops('/nft/sales/create', {
        artwork_id: w.id,
        mode: 'auction',
        currency: 'USDT',
        starts_at: clock.now() - HOUR_MS,
        ends_at: clock.now() + DAY_MS,
        ...fields,
      }),
    );
  };
  const bid = (user: User, code: string, price: string, lang?: string) =>
    post('/bind_box/auctionNFT', { code, price, ...(lang ? { lang } : {}) }, user);

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
    artistUser = await s.signUp();
    artistId = ok<NftArtist>(
      await s.ops('/nft/artists/create', { name: 'Bid Artist', bio: 'Makes tests.', media: 'artist-aurora.webp', user: artistUser.email }),
    ).id;
  });
  afterAll(async () => {
    await app.fastify.nft.engine.idle();
    await expectLedgerInvariants(s.db);
    await app.close();
    await s.close();
  });

  it('refuses a leading bid of 100 × the start from a bidder who holds only the margin; nothing moves', async () => {
    const a = await auction({ price: '250', margin: '25', increment: '5' });
    const redTeam = await funded('25');
    ok(await post('/bind_box/marginNFT', { sale_id: String(a.sale!.id) }, redTeam));
    expect(await coin(redTeam)).toEqual({ available: '0', frozen: '0' });
    const opsBefore = await opsLike('nft:%');

    expect(refused(await bid(redTeam, a.code, '25000'))).toBe(
      'A bid must be covered: 24975 USDT would be frozen until you are outbid, and you have 0 USDT available',
    );
    expect(refused(await bid(redTeam, a.code, '25000', 'zh'))).toBe('出价须有足额资金：在被超越前将冻结 24975 USDT，您的可用余额为 0 USDT');
    // Even the starting price needs its cover beyond the margin.
    expect(refused(await bid(redTeam, a.code, '250'))).toContain('225 USDT would be frozen');

    expect(await coin(redTeam)).toEqual({ available: '0', frozen: '0' });
    expect(await opsLike('nft:%')).toBe(opsBefore);
    const detail = await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(a.id) });
    expect(detail.sale).toMatchObject({ bid: null, bids: 0, bidder: null });
    expect(detail.bids).toEqual([]);
  });

  it('freezes bid − margin, releases it once when outbid, freezes again on a re-bid; the winner pays from the frozen funds at the end', async () => {
    const a = await auction({ price: '250', margin: '25', increment: '5', ends_at: clock.now() + HOUR_MS });
    const saleId = a.sale!.id;
    const [alice, bob, carol] = await Promise.all([funded('1000'), funded('1000'), funded('300')]);
    for (const u of [alice, bob, carol]) ok(await post('/bind_box/marginNFT', { sale_id: String(saleId) }, u));

    // Alice bids 300: 275 beyond the margin is frozen.
    expect(ok<NftSale>(await bid(alice, a.code, '300'))).toMatchObject({ bid: '300', leading: true });
    expect(await coin(alice)).toEqual({ available: '700', frozen: '275' });
    const [aliceFirst] = (await app.fastify.nft.repo.allBids(saleId)).slice(-1);

    // Carol has 275 left after the margin: 305 needs 280.
    expect(refused(await bid(carol, a.code, '305'))).toBe(
      'A bid must be covered: 280 USDT would be frozen until you are outbid, and you have 275 USDT available',
    );
    expect(await coin(carol)).toEqual({ available: '275', frozen: '0' });

    // Bob outbids: his 285 is frozen and Alice's 275 is back, in the same transaction, once.
    ok(await bid(bob, a.code, '310'));
    expect(await coin(bob)).toEqual({ available: '690', frozen: '285' });
    expect(await coin(alice)).toEqual({ available: '975', frozen: '0' });
    expect(await opsLike(`nft:bid:${aliceFirst!.id}:release`)).toBe(1);
    const outbid = (await get<Page<NotificationItem>>('/bind_box/getNFTOrderMessage', {}, alice)).data[0];
    expect(outbid).toMatchObject({ kind: 'nftOutbid', params: { price: '310' } });

    // Alice comes back: nothing of hers is frozen any more, so the whole 375 is.
    ok(await bid(alice, a.code, '400'));
    expect(await coin(alice)).toEqual({ available: '600', frozen: '375' });
    expect(await coin(bob)).toEqual({ available: '975', frozen: '0' });
    expect(await opsLike(`nft:bid:%:freeze`)).toBeGreaterThanOrEqual(3);
    expect((await nftAudit()).mismatches).toEqual([]);

    // The end: Alice's frozen 375 and her margin pay for the item at once; the others get their margins back.
    const artistBefore = new Decimal((await coin(artistUser)).available);
    clock.advance(HOUR_MS);
    await sweep();
    expect(await coin(alice)).toEqual({ available: '600', frozen: '0' });
    expect(await coin(bob)).toEqual({ available: '1000', frozen: '0' });
    expect(await coin(carol)).toEqual({ available: '300', frozen: '0' });
    expect((await coin(artistUser)).available).toBe(artistBefore.plus(saleSplit('400', '0.025', 6).proceeds).toFixed());
    const [order] = (await get<Page<NftPayOrder>>('/bind_box/getNeedPayNFTOrder', {}, alice)).data;
    expect(order).toMatchObject({ sale_id: saleId, price: '400', margin: '25', due: '375', status: 'paid' });
    expect(order!.paid_at).toBeLessThan(order!.pay_by);
    expect(refused(await post('/bind_box/payNFTOrder', { id: String(order!.id) }, alice))).toBe(
      'This order is already paid or has expired',
    );
    const won = await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(a.id) }, alice);
    expect(won).toMatchObject({ owned: true, sale: null });
    expect((await app.fastify.nft.repo.sale(saleId))!.status).toBe('sold');
    const pay = (await app.fastify.ledger.operations(s.db, [`nft:pay:${order!.id}`])).get(`nft:pay:${order!.id}`)!;
    const aliceId = await idOf(alice);
    const aliceLeg = pay.legs.find((l) => 'userId' in l.holder && l.holder.userId === aliceId)!;
    expect([new Decimal(aliceLeg.available).toFixed(), new Decimal(aliceLeg.frozen).toFixed()]).toEqual(['0', '-375']);
    // Every freeze was released or paid exactly once: nothing of this sale's is left frozen.
    expect(await opsLike(`nft:bid:%:release`)).toBeGreaterThanOrEqual(2);

    // The engine again: nothing moves twice.
    const before = await opsLike('nft:%');
    await sweep();
    expect(await app.fastify.nft.service.closeSale(saleId)).toBe(false);
    for (const u of [alice, bob, carol]) expect(await app.fastify.nft.service.refundMargin(saleId, await idOf(u))).toBe(false);
    expect(await opsLike('nft:%')).toBe(before);
    await expectLedgerInvariants(s.db);
    expect((await nftAudit()).mismatches).toEqual([]);
  });

  it('names the sale coin in the refusal of an uncovered ETH bid', async () => {
    const a = await auction({ currency: 'ETH', price: '0.5', margin: '0.05', increment: '0.01' });
    const user = await funded('0.1', 'ETH');
    ok(await post('/bind_box/marginNFT', { sale_id: String(a.sale!.id) }, user));
    expect(refused(await bid(user, a.code, '0.5'))).toBe(
      'A bid must be covered: 0.45 ETH would be frozen until you are outbid, and you have 0.05 ETH available',
    );
  });

  it('finds a freeze that does not match its bid in the audit', async () => {
    const a = await auction({ price: '50', margin: '5', increment: '1', ends_at: clock.now() + HOUR_MS });
    const saleId = a.sale!.id;
    const [u1, u2] = await Promise.all([funded('500'), funded('500')]);
    for (const u of [u1, u2]) ok(await post('/bind_box/marginNFT', { sale_id: String(saleId) }, u));
    ok(await bid(u1, a.code, '60'));
    ok(await bid(u2, a.code, '70'));
    expect((await nftAudit()).mismatches).toEqual([]);
    // The first bid's record says 55 where 55 was never frozen for it (55 froze for 60).
    const [first] = await app.fastify.nft.repo.allBids(saleId);
    await s.db.query('UPDATE nft_bids SET price = 55 WHERE id = $1', [first!.id]);
    const found = (await nftAudit()).mismatches.filter((m) => m.kind === 'nft_sale' && m.id === saleId);
    expect(found).toHaveLength(1);
    expect(found[0]!.detail).toContain(`bid #${first!.id} froze 55, bid − margin is 50`);
    await s.db.query('UPDATE nft_bids SET price = 60 WHERE id = $1', [first!.id]);
    expect((await nftAudit()).mismatches).toEqual([]);
  });

  it('settles a covered auction once when the server restarts at its end (last: the server that answered HTTP is gone)', async () => {
    const a = await auction({ price: '10', margin: '2', increment: '1', ends_at: clock.now() + HOUR_MS });
    const saleId = a.sale!.id;
    const users = await Promise.all([funded('50'), funded('50'), funded('50')]);
    for (const u of users) ok(await post('/bind_box/marginNFT', { sale_id: String(saleId) }, u));
    ok(await bid(users[0]!, a.code, '10'));
    ok(await bid(users[1]!, a.code, '12'));
    ok(await bid(users[2]!, a.code, '13'));
    // The leader stops; the end passes; the close runs by hand as if the node crashed right after it.
    await app.fastify.nft.engine.stop();
    clock.advance(HOUR_MS);
    expect(await app.fastify.nft.service.closeSale(saleId)).toBe(true);
    const ids = await Promise.all(users.map(idOf));
    await app.close();

    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await sweep();
    await sweep();
    const svc = app.fastify.nft.service;
    expect(await svc.closeSale(saleId)).toBe(false);
    for (const id of ids) expect(await svc.refundMargin(saleId, id)).toBe(false);
    expect(await opsLike(`nft:margin:${saleId}:%:refund`)).toBe(2);
    const order = (await app.fastify.nft.repo.payOrderForSale(saleId))!;
    expect(order).toMatchObject({ user_id: ids[2], due: '11', status: 'paid' });
    expect(await opsLike(`nft:pay:${order.id}%`)).toBe(1);
    const balances = await Promise.all(ids.map((id) => app.fastify.balances.one(id, COIN, USDT)));
    expect(balances.map((b) => [new Decimal(b!.available).toFixed(), new Decimal(b!.frozen).toFixed()])).toEqual([
      ['50', '0'],
      ['50', '0'],
      ['37', '0'],
    ]);
    const auditor = app.fastify.audit.registry.list().find((x) => x.kind === 'nft')!;
    expect((await auditor.audit({ prices: app.fastify.audit.prices })).mismatches).toEqual([]);
  });
});
