/**
 * The NFT market over real HTTP and a real socket: the seeded catalogue, search and
 * filters, collecting; the spec's sale window; a fixed-price purchase paying the seller less the
 * fee, and 20 buyers racing for one item; auctions with margins, every refusal of the bid rules (a bid
 * equal to the current one, below the increment, before the start, after the end, without a
 * margin), the last-minute extension, live bids on the `auction:<sale>` topic, the end with
 * refunds, the winner paid at the end from the frozen bid, an uncovered (older) win forfeiting after a day; resale; blind boxes
 * bought, opened by the committed seed, revealed and verified, and a tampered opening found by
 * the audit; operator input checks; messages; and, last, a restart at an auction's end settling
 * once. Ledger invariants after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { commitmentOf, openingOutcome, verifyOpenings } from '../../domain/nft/blindBox';
import { saleSplit, saleState, saleWindow } from '../../domain/nft/formulas';
import {
  NFT_ANTI_SNIPE_MS,
  NFT_PAY_WINDOW_MS,
  type NftArtist,
  type NftArtistDetail,
  type NftArtwork,
  type NftArtworkDetail,
  type NftAuctionLive,
  type NftBid,
  type NftBlindBox,
  type NftBoxOpening,
  type NftBoxOrder,
  type NftCollection,
  type NftCurrency,
  type NftMyBid,
  type NftPayOrder,
  type NftSale,
} from '../../domain/nft/types';
import type { NotificationItem } from '../../domain/notifications/types';
import type { TopicMessage } from '../../domain/protocol';
import { DAY_MS } from '../../domain/time';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/nft/plugin';
import { accountHelpers } from './accounts';
import { nextMessage, startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const USDT = 3;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
type User = Awaited<ReturnType<TestServer['signUp']>>;
type Res = { status: number; body: { type: string | number; message: unknown } };

describe(`nft (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 180_000 }, () => {
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
  const post = (path: Parameters<TestServer['call']>[0], params: Record<string, string>, user: User, key = `k${++keys}`) =>
    s.call(path, params, { token: user.token, headers: { 'idempotency-key': key } });
  const funded = async (amount = '10000') => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', amount);
    return user;
  };
  const usdt = async (user: User) => new Decimal((await h.balance(user, USDT)).available).toFixed();
  const engine = () => app.fastify.nft.engine;
  const sweep = async () => {
    await engine().sweep();
    await engine().idle();
  };
  /** Moves the clock to `at` (timers falling due fire on the way). */
  const to = (at: number) => clock.advance(at - clock.now());
  const audit = async () => ok<AuditReport>(await s.ops('/audit'));
  const nftAudit = async () => (await audit()).sections.find((x) => x.kind === 'nft')!;

  /** A new artwork by the test artist, put on sale by the operator. */
  const listed = async (sale: Record<string, string | number>, type = 'image') => {
    const media = { image: 'art-aurora.webp', gif: 'art-pulse.gif', audio: 'art-chime.mp3', video: 'art-flow.mp4' }[type]!;
    const w = ok<NftArtwork>(
      await s.ops('/nft/artworks/create', {
        title: `Test ${++keys}`,
        description: 'A test artwork.',
        type,
        rarity: 'R',
        artist_id: artistId,
        media,
        ...(type === 'audio' || type === 'video' ? { poster: 'art-chime.webp' } : {}),
      }),
    );
    return ok<NftArtwork>(
      await s.ops('/nft/sales/create', {
        artwork_id: w.id,
        mode: 'normal',
        currency: 'USDT',
        price: '100',
        starts_at: clock.now() - HOUR_MS,
        ends_at: clock.now() + 10 * DAY_MS,
        ...sale,
      }),
    );
  };
  const auction = (fields: Record<string, string | number> = {}) =>
    listed({ mode: 'auction', price: '100', margin: '10', increment: '5', ends_at: clock.now() + DAY_MS, ...fields });

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
    artistUser = await s.signUp();
    artistId = ok<NftArtist>(
      await s.ops('/nft/artists/create', { name: 'Test Artist', bio: 'Makes tests.', media: 'artist-aurora.webp', user: artistUser.email }),
    ).id;
  });
  afterAll(async () => {
    await engine().idle();
    await expectLedgerInvariants(s.db);
    await app.close();
    await s.close();
  });

  it('shows the seeded catalogue: every type, fixed prices and auctions, artists, collections, boxes, search and filters', async () => {
    const market = await get<Page<NftArtwork>>('/bind_box/getBoxList', { limit: '50' });
    expect(new Set(market.data.map((w) => w.type))).toEqual(new Set(['image', 'gif', 'audio', 'video']));
    expect(market.data.every((w) => w.sale && w.media.startsWith('/nft-media/'))).toBe(true);
    const auctions = await get<Page<NftArtwork>>('/bind_box/getBoxList', { mode: 'auction', limit: '50' });
    expect(auctions.data.length).toBeGreaterThan(0);
    expect(auctions.data.every((w) => w.sale!.mode === 'auction' && w.sale!.min_bid === w.sale!.price && w.sale!.my_margin === null)).toBe(
      true,
    );
    const videos = await get<Page<NftArtwork>>('/bind_box/getBoxList', { type: 'video' });
    expect(videos.data.every((w) => w.type === 'video' && w.poster)).toBe(true);
    const found = await get<Page<NftArtwork>>('/bind_box/getBoxList', { q: 'lattice' });
    expect(found.data.map((w) => w.title)).toEqual(['Lattice No. 7']);
    const byArtist = await get<Page<NftArtwork>>('/bind_box/getBoxList', { q: 'Cirrus', limit: '50' });
    expect(byArtist.data.length).toBeGreaterThan(1);
    // The spec's window from the clock (the seed was placed around the first start's clock, which on
    // PostgreSQL's test template is the real time of the template's making): 2 before the start, 1 within.
    for (const w of market.data) expect(w.sale!.window).toBe(saleWindow(w.sale!.starts_at, w.sale!.ends_at, true, clock.now()));
    const later = await listed({ starts_at: clock.now() + HOUR_MS });
    expect((await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(later.id) })).sale).toMatchObject({
      state: 'not_started',
      window: 2,
    });

    const artists = await get<Page<NftArtist>>('/bind_box/getArtist');
    expect(artists.data.map((a) => a.name)).toContain('Aurora Vale');
    const aurora = await get<NftArtistDetail>('/bind_box/getArtistDetail', { id: String(artists.data[0]!.id) });
    expect(aurora.collection_list.map((c) => c.name)).toEqual(['Genesis']);
    const collections = await get<Page<NftCollection>>('/bind_box/getCollection');
    expect(collections.data.map((c) => c.name)).toEqual(['Genesis', 'Tides', 'Signals']);
    expect(collections.data.every((c) => c.works > 0)).toBe(true);
    const currencies = await get<NftCurrency[]>('/bind_box/getNftCurrency');
    expect(currencies.map((c) => c.currency)).toEqual(['USDT', 'ETH']);
    expect(currencies[0]!.fee_rate).toBe('0.025');
    const boxes = await get<Page<NftBlindBox>>('/bind_box/getBlindBoxes');
    expect(boxes.data.map((b) => [b.name, b.state, b.seed])).toEqual([
      ['Genesis Box', saleState(boxes.data[0]!.starts_at, boxes.data[0]!.ends_at, clock.now()), null],
      ['Signals Box', saleState(boxes.data[1]!.starts_at, boxes.data[1]!.ends_at, clock.now()), null],
    ]);
    expect(boxes.data[0]!.odds.map((o) => [o.rarity, o.probability])).toEqual([
      ['N', '0.6'],
      ['R', '0.3'],
      ['SR', '0.09'],
      ['SSR', '0.01'],
    ]);
    // The media are served, with ranges for seeking.
    const res = await fetch(`${s.url}${videos.data[0]!.media}`, { headers: { range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toMatch(/video\/mp4/);
    expect((await fetch(`${s.url}/nft-media/..%2Fplugin.ts`)).status).toBe(404);
    // Unknown ids and bad filters.
    expect(refused(await s.call('/bind_box/getBoxDetail', { id: '999999' }, { method: 'GET' }))).toBe('No such artwork');
    expect(refused(await s.call('/bind_box/getBoxList', { type: 'sculpture' }, { method: 'GET' }))).toBeTruthy();
  });

  it('collects and un-collects an artwork, and lists what the caller collected', async () => {
    const user = await s.signUp();
    const [w] = (await get<Page<NftArtwork>>('/bind_box/getBoxList')).data;
    expect(refused(await s.call('/bind_box/collect', { id: String(w!.id) }))).toBeTruthy();
    const on = ok<{ collected: boolean; collects: number }>(
      await s.call('/bind_box/collect', { id: String(w!.id) }, { token: user.token }),
    );
    expect(on).toMatchObject({ collected: true, collects: w!.collects + 1 });
    // Twice counts once.
    expect(ok<{ collects: number }>(await s.call('/bind_box/collect', { id: String(w!.id) }, { token: user.token })).collects).toBe(
      w!.collects + 1,
    );
    expect((await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(w!.id) }, user)).collected).toBe(true);
    expect((await get<Page<NftArtwork>>('/bind_box/getMyNFTs', { kind: 'collected' }, user)).data.map((x) => x.id)).toEqual([w!.id]);
    ok(await s.call('/bind_box/collect', { id: String(w!.id), collect: '0' }, { token: user.token }));
    expect((await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(w!.id) })).collects).toBe(w!.collects);
  });

  it('buys at a fixed price: the buyer pays, the seller is paid less the fee, ownership moves; refusals in the request language', async () => {
    const w = await listed({ price: '100.5' });
    const buyer = await funded('500');
    const artistBefore = await usdt(artistUser);
    // Own item, unknown sale, not on sale yet, too poor.
    expect(refused(await post('/bind_box/buyNFT', { sale_id: String(w.sale!.id) }, artistUser))).toBe(
      'You cannot buy or bid on your own item',
    );
    expect(refused(await post('/bind_box/buyNFT', { sale_id: '999999' }, buyer))).toBe('No such sale');
    const later = await listed({ starts_at: clock.now() + DAY_MS });
    expect(refused(await post('/bind_box/buyNFT', { sale_id: String(later.sale!.id) }, buyer))).toBe(
      'NFT item not yet on sale or already ended',
    );
    expect(refused(await s.call('/bind_box/buyNFT', { sale_id: String(later.sale!.id), lang: 'zh' }, { token: buyer.token }))).toBe(
      'NFT 藏品尚未开售或已结束',
    );
    const poor = await funded('100');
    expect(refused(await post('/bind_box/buyNFT', { sale_id: String(w.sale!.id) }, poor))).toBe('Insufficient balance');

    const bought = ok<NftArtwork>(await post('/bind_box/buyNFT', { sale_id: String(w.sale!.id) }, buyer, 'buy-once'));
    expect(bought).toMatchObject({ owned: true, sale: null });
    // The same key again answers the same, and pays nothing twice.
    ok(await post('/bind_box/buyNFT', { sale_id: String(w.sale!.id) }, buyer, 'buy-once'));
    const { fee, proceeds } = saleSplit('100.5', '0.025', 6);
    expect(fee.toFixed()).toBe('2.5125');
    expect(await usdt(buyer)).toBe('399.5');
    expect(await usdt(artistUser)).toBe(new Decimal(artistBefore).plus(proceeds).toFixed());
    expect(refused(await post('/bind_box/buyNFT', { sale_id: String(w.sale!.id) }, await funded()))).toBe(
      'This item has already been sold',
    );
    expect((await get<Page<NftArtwork>>('/bind_box/getMyNFTs', {}, buyer)).data.map((x) => x.id)).toEqual([w.id]);
    // An auction is not bought at a fixed price.
    const a = await auction();
    expect(refused(await post('/bind_box/buyNFT', { sale_id: String(a.sale!.id) }, buyer))).toBe(
      'This item is sold by auction, not at a fixed price',
    );
  });

  it('lets exactly one of 20 concurrent buyers have an item; the others are refused and keep their money', async () => {
    const w = await listed({ price: '50' });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => funded('60')));
    const answers = await Promise.all(buyers.map((b) => post('/bind_box/buyNFT', { sale_id: String(w.sale!.id) }, b)));
    const winners = answers.filter((r) => r.body.type === 'ok');
    expect(winners).toHaveLength(1);
    expect(answers.filter((r) => r.body.type !== 'ok').every((r) => r.body.message === 'This item has already been sold')).toBe(true);
    const balances = await Promise.all(buyers.map(usdt));
    expect(balances.filter((b) => b === '10')).toHaveLength(1);
    expect(balances.filter((b) => b === '60')).toHaveLength(19);
    const owner = await app.fastify.nft.repo.artwork(w.id);
    expect(owner!.owner_id).not.toBeNull();
    await expectLedgerInvariants(s.db);
  });

  it('refuses bad operator input with a plain reason', async () => {
    const w = ok<NftArtwork>(
      await s.ops('/nft/artworks/create', {
        title: 'Bad',
        description: 'x',
        type: 'image',
        rarity: 'N',
        artist_id: artistId,
        media: 'art-ember.webp',
      }),
    );
    const sale = (fields: Record<string, string | number>) =>
      s.ops('/nft/sales/create', {
        artwork_id: w.id,
        mode: 'auction',
        currency: 'USDT',
        price: '10',
        margin: '1',
        increment: '1',
        starts_at: clock.now(),
        ends_at: clock.now() + DAY_MS,
        ...fields,
      });
    expect(refused(await sale({ ends_at: clock.now() - 1 }))).toBe('Invalid NFT input: the end time must be later than the start');
    expect(refused(await sale({ price: '10.1234567' }))).toContain('price: positive, at most 6 decimals');
    expect(refused(await sale({ increment: '0' }))).toContain('increment');
    expect(refused(await sale({ margin: '11' }))).toContain('margin: at most the starting price');
    expect(refused(await sale({ currency: 'DOGE' }))).toContain('currency DOGE');
    expect(refused(await sale({ mode: 'normal' }))).toContain('a fixed price has no margin or increment');
    expect(
      refused(
        await s.ops('/nft/artworks/create', {
          title: 'x',
          description: 'x',
          type: 'video',
          rarity: 'N',
          artist_id: artistId,
          media: 'art-ember.webp',
        }),
      ),
    ).toContain('poster');
    expect(
      refused(
        await s.ops('/nft/artworks/create', {
          title: 'x',
          description: 'x',
          type: 'audio',
          rarity: 'N',
          artist_id: artistId,
          media: 'fake.mp3',
          media_base64: Buffer.from('<html>not audio</html>').toString('base64'),
          poster: 'art-chime.webp',
        }),
      ),
    ).toContain('the file is not a audio file');
    expect(
      refused(
        await s.ops('/nft/artworks/create', {
          title: 'x',
          description: 'x',
          type: 'image',
          rarity: 'N',
          artist_id: artistId,
          media: 'missing.webp',
        }),
      ),
    ).toContain('no stored file');
    const box = (odds: string) =>
      s.ops('/nft/boxes/create', {
        name: 'Bad box',
        description: 'x',
        currency: 'USDT',
        price: '1',
        total: 10,
        starts_at: clock.now(),
        ends_at: clock.now() + DAY_MS,
        odds,
        media: 'box-genesis.webp',
      });
    expect(refused(await box(`N:9000:${w.id}`))).toContain('summing to 10000');
    expect(refused(await box('N:10000:x'))).toContain('is not rarity:weight:artwork');
    // An uploaded media file (a real PNG from bytes) is stored and served.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const up = ok<NftArtwork>(
      await s.ops('/nft/artworks/create', {
        title: 'Dot',
        description: 'One pixel.',
        type: 'image',
        rarity: 'N',
        artist_id: artistId,
        media: 'dot.png',
        media_base64: png.toString('base64'),
      }),
    );
    const served = await fetch(`${s.url}${up.media}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('runs an auction: margin first, bids that must beat the current one by the increment, live on the topic, extended in the last minute', async () => {
    const a = await auction({ price: '100', increment: '5', margin: '10' });
    const sale = a.sale!;
    const [alice, bob, carol] = await Promise.all([funded('1000'), funded('1000'), funded('1000')]);
    const bid = (user: User, price: string, lang?: string) =>
      s.call(
        '/bind_box/auctionNFT',
        { code: a.code, price, ...(lang ? { lang } : {}) },
        { token: user.token, headers: { 'idempotency-key': `k${++keys}` } },
      );

    expect(refused(await bid(alice, '100'))).toBe('Pay the margin of 10 USDT to join this auction');
    expect(refused(await post('/bind_box/marginNFT', { sale_id: String(sale.id) }, artistUser))).toBe(
      'You cannot buy or bid on your own item',
    );
    const joined = ok<NftSale>(await post('/bind_box/marginNFT', { sale_id: String(sale.id) }, alice));
    expect(joined.my_margin).toBe('held');
    expect(refused(await post('/bind_box/marginNFT', { sale_id: String(sale.id) }, alice))).toBe(
      'You have already paid the margin for this auction',
    );
    expect(await usdt(alice)).toBe('990');
    ok(await post('/bind_box/marginNFT', { sale_id: String(sale.id) }, bob));
    ok(await post('/bind_box/marginNFT', { sale_id: String(sale.id) }, carol));

    // Everyone on the artwork's page hears each bid.
    const watcher = await s.socket();
    const ack = await watcher.timeout(5000).emitWithAck('sub', [`auction:${sale.id}`]);
    expect(ack.snapshots[0]).toMatchObject({ kind: 'auction', data: { sale_id: sale.id, bid: null, min_bid: '100' } });
    const heard = nextMessage<TopicMessage>(watcher, (m: TopicMessage) => m.topic === `auction:${sale.id}`);

    expect(refused(await bid(alice, '99.99'))).toBe('Wrong price: a bid must be at least 100 USDT (the current bid plus the increment)');
    expect(refused(await bid(alice, '100.1234567'))).toMatch(/decimal/);
    const first = ok<NftSale>(await bid(alice, '100'));
    expect(first).toMatchObject({ bid: '100', leading: true, min_bid: '105', bids: 1 });
    // The bid beyond the margin is frozen in Alice's coin account while she leads.
    expect(await h.balance(alice, USDT)).toMatchObject({ frozen: expect.stringMatching(/^90(\.0+)?$/) });
    expect(await usdt(alice)).toBe('900');
    const live = (await heard).data as NftAuctionLive;
    expect(live).toMatchObject({ sale_id: sale.id, bid: '100', bids: 1, min_bid: '105' });
    expect(live.last).toMatchObject({ price: '100', mine: null });
    expect(refused(await bid(alice, '110'))).toBe('You already hold the highest bid');
    expect(refused(await bid(bob, '100'))).toContain('at least 105 USDT');
    expect(refused(await bid(bob, '104.99'))).toContain('at least 105 USDT');
    expect(refused(await bid(bob, '104', 'jp'))).toContain('105 USDT');
    ok(await bid(bob, '105'));
    // Alice's cover is back; Bob's 95 is frozen.
    expect(await usdt(alice)).toBe('990');
    expect(await usdt(bob)).toBe('895');
    // Alice hears she was outbid.
    const aliceMessages = await get<Page<NotificationItem> & { unread: number }>('/bind_box/getNFTOrderMessage', {}, alice);
    expect(aliceMessages.data[0]).toMatchObject({ kind: 'nftOutbid', params: { price: '105', currency: 'USDT' }, read: false });
    expect(aliceMessages.unread).toBe(1);

    // A bid in the last minute moves the end one minute later.
    const end = sale.ends_at!;
    to(end - 30_000);
    const late = ok<NftSale>(await bid(carol, '120'));
    expect(late).toMatchObject({ ends_at: end + NFT_ANTI_SNIPE_MS, extensions: 1 });
    to(end + 10_000);
    await sweep();
    // Still running: the end moved.
    expect((await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(a.id) })).sale!.status).toBe('listed');
    ok(await bid(alice, '125'));
    expect((await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(a.id) })).sale!.ends_at).toBe(end + 2 * NFT_ANTI_SNIPE_MS);

    // After the end: no more bids; the winner's order is paid at once from her frozen bid (and the
    // margin), the others get their margins back.
    const artistBefore = await usdt(artistUser);
    to(end + 2 * NFT_ANTI_SNIPE_MS);
    expect(refused(await bid(bob, '200'))).toBe('NFT item not yet on sale or already ended');
    await sweep();
    const detail = await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(a.id) }, alice);
    expect(detail).toMatchObject({ owned: true, sale: null });
    const log = await get<Page<NftBid>>('/bind_box/getBids', { sale_id: String(sale.id) });
    expect(log.data.map((b) => b.price)).toEqual(['125', '120', '105', '100']);
    expect(await usdt(bob)).toBe('1000');
    expect(await usdt(carol)).toBe('1000');
    expect(await h.balance(alice, USDT)).toMatchObject({ frozen: expect.stringMatching(/^0(\.0+)?$/) });
    const [order] = (await get<Page<NftPayOrder>>('/bind_box/getNeedPayNFTOrder', {}, alice)).data;
    expect(order).toMatchObject({
      price: '125',
      margin: '10',
      due: '115',
      status: 'paid',
      pay_by: end + 2 * NFT_ANTI_SNIPE_MS + NFT_PAY_WINDOW_MS,
      paid_at: end + 2 * NFT_ANTI_SNIPE_MS,
    });
    const myBids = (await get<Page<NftMyBid>>('/bind_box/getMyBids', {}, bob)).data;
    expect(myBids[0]).toMatchObject({ my_bid: '105', bid: '125', leading: false, my_margin: 'refunded', status: 'sold' });
    const messages = (await get<Page<NotificationItem>>('/bind_box/getNFTOrderMessage', {}, alice)).data.map((m) => m.kind);
    expect(messages[0]).toBe('nftBought');

    // Paying someone else's order reads as unknown; the winner's is paid already.
    expect(refused(await post('/bind_box/payNFTOrder', { id: String(order!.id) }, bob))).toBe('No such order');
    expect(refused(await post('/bind_box/payNFTOrder', { id: String(order!.id) }, alice))).toBe(
      'This order is already paid or has expired',
    );
    expect(await usdt(alice)).toBe('875');
    expect(await usdt(artistUser)).toBe(new Decimal(artistBefore).plus(saleSplit('125', '0.025', 6).proceeds).toFixed());
    expect((await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(a.id) }, alice)).owned).toBe(true);
    expect((await nftAudit()).mismatches).toEqual([]);
    watcher.disconnect();
  });

  it('refuses bids before the start and a margin after the end', async () => {
    const soon = await auction({ starts_at: clock.now() + HOUR_MS, ends_at: clock.now() + DAY_MS });
    const user = await funded('100');
    ok(await post('/bind_box/marginNFT', { sale_id: String(soon.sale!.id) }, user));
    expect(refused(await s.call('/bind_box/auctionNFT', { code: soon.code, price: '100' }, { token: user.token }))).toBe(
      'NFT item not yet on sale or already ended',
    );
    const ended = await auction({ starts_at: clock.now() - DAY_MS, ends_at: clock.now() + MINUTE_MS });
    clock.advance(2 * MINUTE_MS);
    expect(refused(await post('/bind_box/marginNFT', { sale_id: String(ended.sale!.id) }, user))).toBe(
      'NFT item not yet on sale or already ended',
    );
    expect(refused(await s.call('/bind_box/auctionNFT', { code: 'KST-0', price: '1' }, { token: user.token }))).toBe('No such artwork');
  });

  it('forfeits the margin of a winner whose bid was not covered (placed before bids were) and unpaid after a day: split between the seller and the platform; the item goes back', async () => {
    const a = await auction({ price: '40', margin: '20', increment: '1', ends_at: clock.now() + HOUR_MS });
    const [winner, loser] = await Promise.all([funded('100'), funded('100')]);
    for (const u of [winner, loser]) ok(await post('/bind_box/marginNFT', { sale_id: String(a.sale!.id) }, u));
    // Bids as the release before covered bids wrote them: the bid log and the sale, no freeze.
    const repo = app.fastify.nft.repo;
    for (const [u, price] of [
      [loser, '40'],
      [winner, '41'],
    ] as const) {
      const userId = (await app.fastify.users.byEmail(u.email))!.id;
      await repo.updateBid(s.db, a.sale!.id, price, userId, a.sale!.ends_at!, false, clock.now());
      await repo.insertBid(s.db, { sale_id: a.sale!.id, user_id: userId, price, ends_at: a.sale!.ends_at!, created_at: clock.now() });
    }
    clock.advance(HOUR_MS);
    await sweep();
    const [order] = (await get<Page<NftPayOrder>>('/bind_box/getNeedPayNFTOrder', {}, winner)).data;
    expect(order!.status).toBe('pending');
    const artistBefore = await usdt(artistUser);
    clock.advance(NFT_PAY_WINDOW_MS);
    expect(refused(await post('/bind_box/payNFTOrder', { id: String(order!.id) }, winner))).toBe(
      'This order is already paid or has expired',
    );
    await sweep();
    expect((await get<Page<NftPayOrder>>('/bind_box/getNeedPayNFTOrder', {}, winner)).data[0]!.status).toBe('expired');
    expect(await usdt(winner)).toBe('80');
    expect(await usdt(loser)).toBe('100');
    expect(await usdt(artistUser)).toBe(new Decimal(artistBefore).plus(10).toFixed());
    const back = await get<NftArtworkDetail>('/bind_box/getBoxDetail', { id: String(a.id) });
    expect(back.sale).toBeNull();
    expect(back.owner).toBeNull();
    const messages = (await get<Page<NotificationItem>>('/bind_box/getNFTOrderMessage', {}, winner)).data.map((m) => m.kind);
    expect(messages.slice(0, 2)).toEqual(['nftForfeited', 'nftWon']);
    expect((await get<Page<NotificationItem>>('/bind_box/getNFTOrderMessage', {}, artistUser)).data[0]).toMatchObject({
      kind: 'nftDefaulted',
      params: { amount: '10' },
    });
    expect(ok<number>(await s.call('/bind_box/readNFTOrderMessage', {}, { token: winner.token }))).toBeGreaterThanOrEqual(2);
    expect((await get<{ unread: number }>('/bind_box/getNFTOrderMessage', {}, winner)).unread).toBe(0);
    // An auction without bids is unsold; its margins come back.
    const quiet = await auction({ ends_at: clock.now() + HOUR_MS });
    ok(await post('/bind_box/marginNFT', { sale_id: String(quiet.sale!.id) }, loser));
    clock.advance(HOUR_MS);
    await sweep();
    expect((await app.fastify.nft.repo.sale(quiet.sale!.id))!.status).toBe('unsold');
    expect(await usdt(loser)).toBe('100');
    expect((await nftAudit()).mismatches).toEqual([]);
  });

  it('resells an owned artwork irrevocably; the buyer pays, the reseller is paid less the fee', async () => {
    const w = await listed({ price: '20' });
    const [owner, buyer, other] = await Promise.all([funded('100'), funded('100'), funded('100')]);
    ok(await post('/bind_box/buyNFT', { sale_id: String(w.sale!.id) }, owner));
    expect(refused(await post('/bind_box/resellNFT', { id: String(w.id), price: '30' }, other))).toBe('You do not own this item');
    expect(refused(await post('/bind_box/resellNFT', { id: String(w.id), price: '30.1234567' }, owner))).toMatch(/decimal/);
    expect(refused(await post('/bind_box/resellNFT', { id: String(w.id), price: '-1' }, owner))).toBeTruthy();
    const relisted = ok<NftArtwork>(await post('/bind_box/resellNFT', { id: String(w.id), price: '30' }, owner));
    expect(relisted.sale).toMatchObject({ resale: true, price: '30', ends_at: null, window: 1, mine: true });
    expect(refused(await post('/bind_box/resellNFT', { id: String(w.id), price: '25' }, owner))).toBe('This item is already on sale');
    expect((await get<Page<NftArtwork>>('/bind_box/getBoxList', { mode: 'normal', q: w.title })).data[0]!.sale!.resale).toBe(true);
    expect(refused(await post('/bind_box/buyNFT', { sale_id: String(relisted.sale!.id) }, owner))).toBe(
      'You cannot buy or bid on your own item',
    );
    ok(await post('/bind_box/buyNFT', { sale_id: String(relisted.sale!.id) }, buyer));
    expect(await usdt(buyer)).toBe('70');
    expect(await usdt(owner)).toBe(new Decimal(80).plus(saleSplit('30', '0.025', 6).proceeds).toFixed());
    expect((await app.fastify.nft.repo.artwork(w.id))!.sale_id).toBeNull();
    // An artwork bought in ETH is resold in ETH, and says so before it is listed.
    const drift = (await get<Page<NftArtwork>>('/bind_box/getBoxList', { q: 'Drift' })).data.find((x) => x.title === 'Drift')!;
    expect(drift).toMatchObject({ currency: 'ETH', sale: { currency: 'ETH', price: '0.05' } });
    const ethBuyer = await s.signUp();
    await h.credit(ethBuyer, 'change', 'ETH', '1');
    expect(ok<NftArtwork>(await post('/bind_box/buyNFT', { sale_id: String(drift.sale!.id) }, ethBuyer))).toMatchObject({
      currency: 'ETH',
      sale: null,
    });
    const ethResale = ok<NftArtwork>(await post('/bind_box/resellNFT', { id: String(drift.id), price: '0.07' }, ethBuyer));
    expect(ethResale.sale).toMatchObject({ currency: 'ETH', price: '0.07' });
  });

  it('sells blind boxes, opens them by the committed seed, reveals the seed at the end, and the audit finds a tampered opening', async () => {
    const pool: string[] = [];
    for (const [rarity, weight] of [
      ['N', 5000],
      ['R', 3000],
      ['SR', 1500],
      ['SSR', 500],
    ] as const) {
      const t = ok<NftArtwork>(
        await s.ops('/nft/artworks/create', {
          title: `Pool ${rarity}`,
          description: 'x',
          type: 'image',
          rarity,
          artist_id: artistId,
          media: 'art-prism.webp',
        }),
      );
      pool.push(`${rarity}:${weight}:${t.id}`);
    }
    const box = ok<NftBlindBox>(
      await s.ops('/nft/boxes/create', {
        name: 'Test Box',
        description: 'A test box.',
        artist_id: artistId,
        currency: 'USDT',
        price: '5',
        total: 12,
        starts_at: clock.now() - HOUR_MS,
        ends_at: clock.now() + DAY_MS,
        odds: pool.join(','),
        media: 'box-genesis.webp',
      }),
    );
    expect(box).toMatchObject({ remaining: 12, seed: null, window: 1 });
    expect(box.commitment).toMatch(/^[0-9a-f]{64}$/);
    const [u1, u2] = await Promise.all([funded('100'), funded('100')]);
    expect(refused(await post('/bind_box/buyBlindBox', { box_id: String(box.id), quantity: '11' }, u1))).toBe(
      'Buy 1 to 10 boxes at a time',
    );
    const bought = ok<NftBoxOrder[]>(await post('/bind_box/buyBlindBox', { box_id: String(box.id), quantity: '10' }, u1));
    expect(bought).toHaveLength(10);
    expect(bought.every((o) => o.status === 'unopened' && o.rarity === null)).toBe(true);
    expect(await usdt(u1)).toBe('50');
    expect(refused(await post('/bind_box/buyBlindBox', { box_id: String(box.id), quantity: '3' }, u2))).toBe('Only 2 boxes are left');
    ok(await post('/bind_box/buyBlindBox', { box_id: String(box.id), quantity: '2' }, u2));
    expect(refused(await post('/bind_box/buyBlindBox', { box_id: String(box.id) }, u2))).toBe('Only 0 boxes are left');

    expect(refused(await post('/bind_box/openBlindBox', { id: String(bought[0]!.id) }, u2))).toBe('No such order');
    const opened: NftBoxOrder[] = [];
    for (const o of bought) opened.push(ok<NftBoxOrder>(await post('/bind_box/openBlindBox', { id: String(o.id) }, u1)));
    expect(refused(await post('/bind_box/openBlindBox', { id: String(bought[0]!.id) }, u1))).toBe('This box is already open');
    expect(opened.every((o) => o.status === 'opened' && o.rarity && o.artwork_id && o.verifiable === false)).toBe(true);
    const owned = (await get<Page<NftArtwork>>('/bind_box/getMyNFTs', { limit: '20' }, u1)).data;
    expect(owned).toHaveLength(10);
    expect(owned.every((w) => w.box_id === box.id && w.edition! >= 1)).toBe(true);

    // Before the end the seed is secret; after it, revealed, and every opening verifies.
    clock.advance(DAY_MS);
    await sweep();
    const revealed = await get<NftBlindBox>('/bind_box/getBlindBox', { id: String(box.id) });
    expect(revealed.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(revealed.seed!)).toBe(box.commitment);
    const log = await get<Page<NftBoxOpening>>('/bind_box/getBindBoxQuotationLog', { box_id: String(box.id), limit: '50' });
    expect(log.data).toHaveLength(10);
    const check = verifyOpenings({ id: box.id, commitment: box.commitment, seed: revealed.seed! }, revealed.odds, log.data);
    expect(check).toEqual({ seedMatches: true, mismatches: [] });
    for (const o of opened) expect(o.rarity).toBe(openingOutcome(revealed.seed!, box.id, o.id, revealed.odds).rarity);
    expect((await get<Page<NftBoxOrder>>('/bind_box/getMyBindBoxQuotationLog', {}, u1)).data[0]!.verifiable).toBe(true);
    expect(refused(await post('/bind_box/buyBlindBox', { box_id: String(box.id) }, u2))).toBe('NFT item not yet on sale or already ended');
    expect((await nftAudit()).mismatches).toEqual([]);

    // A tampered opening is found by the page's check and by the audit.
    const victim = opened[0]!;
    const other = victim.rarity === 'SSR' ? 'N' : 'SSR';
    await s.db.query('UPDATE nft_box_orders SET rarity = $2 WHERE id = $1', [victim.id, other]);
    const tampered = await get<Page<NftBoxOpening>>('/bind_box/getBindBoxQuotationLog', { box_id: String(box.id), limit: '50' });
    expect(
      verifyOpenings({ id: box.id, commitment: box.commitment, seed: revealed.seed! }, revealed.odds, tampered.data).mismatches.map(
        (m) => m.opening.order_id,
      ),
    ).toEqual([victim.id]);
    const found = (await nftAudit()).mismatches;
    expect(found.map((m) => [m.kind, m.id])).toEqual([['nft_box_order', victim.id]]);
    expect(found[0]!.detail).toContain(`rarity ${other} stored`);
    await s.db.query('UPDATE nft_box_orders SET rarity = $2 WHERE id = $1', [victim.id, victim.rarity]);
  });

  it('settles an auction once when the server restarts at its end (last: the server that answered HTTP is gone)', async () => {
    // (tests/server/nftBids.test.ts checks the covered payment's money across the restart.)
    const a = await auction({ price: '10', margin: '2', increment: '1', ends_at: clock.now() + HOUR_MS });
    const users = await Promise.all([funded('50'), funded('50'), funded('50')]);
    for (const u of users) ok(await post('/bind_box/marginNFT', { sale_id: String(a.sale!.id) }, u));
    ok(await s.call('/bind_box/auctionNFT', { code: a.code, price: '10' }, { token: users[0]!.token }));
    ok(await s.call('/bind_box/auctionNFT', { code: a.code, price: '12' }, { token: users[1]!.token }));
    // The leader stops; the end passes; the close runs by hand as if the node crashed right after it.
    await engine().stop();
    clock.advance(HOUR_MS);
    expect(await app.fastify.nft.service.closeSale(a.sale!.id)).toBe(true);
    await app.close();

    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await engine().idle();
    const svc = app.fastify.nft.service;
    expect(await svc.closeSale(a.sale!.id)).toBe(false);
    for (const u of users) expect(await svc.refundMargin(a.sale!.id, (await app.fastify.users.byEmail(u.email))!.id)).toBe(false);
    const [orders] = await s.db.query<{ n: number; paid: number }>(
      "SELECT COUNT(*)::int AS n, COUNT(*) FILTER (WHERE status = 'paid')::int AS paid FROM nft_pay_orders WHERE sale_id = $1",
      [a.sale!.id],
    );
    expect(orders).toMatchObject({ n: 1, paid: 1 });
    const [refunds] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ledger_ops WHERE key LIKE $1`, [
      `nft:margin:${a.sale!.id}:%:refund`,
    ]);
    expect(refunds!.n).toBe(2);
    // A day later the restarted engine expires nothing twice (only the uncovered win above expired).
    clock.advance(NFT_PAY_WINDOW_MS);
    await app.fastify.nft.engine.sweep();
    await app.fastify.nft.engine.idle();
    await app.fastify.nft.engine.sweep();
    await app.fastify.nft.engine.idle();
    const [forfeits] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ledger_ops WHERE key LIKE 'nft:pay:%:forfeit'`);
    const [expired] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM nft_pay_orders WHERE status = 'expired'`);
    expect(forfeits!.n).toBe(expired!.n);
    const auditor = app.fastify.audit.registry.list().find((a) => a.kind === 'nft')!;
    expect((await auditor.audit({ prices: app.fastify.audit.prices })).mismatches).toEqual([]);
  });
});
