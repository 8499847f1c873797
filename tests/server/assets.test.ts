/**
 * The assets page's total over real HTTP: every holding counts. A user subscribes
 * 1,000 USDT to an IEO (held in escrow, in no account), buys 200 USDT of a "buy low" dual product
 * (frozen in the coin account), borrows against 0.5 BTC of collateral (in escrow) and bids 300 USDT
 * on an NFT auction (25 margin in escrow, 275 frozen). `GET /wallet/list` answers a line per kind
 * (Earn, IEO, Loans collateral, NFT bids) with what each holds, the coin account without what the
 * products hold, and a total equal to the sum of everything the ledger holds for the user — their
 * own balance rows plus what escrow holds on their behalf — valued at the recorded market price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { assetsTotal } from '../../domain/funds/holdings';
import type { HoldingLine, WalletOverview } from '../../domain/funds/types';
import type { IeoProject } from '../../domain/ieo/types';
import type { DualProduct } from '../../domain/invest/types';
import type { NftArtist, NftArtwork, NftSale } from '../../domain/nft/types';
import { DAY_MS } from '../../domain/time';
import type { App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/ieo/plugin';
import type {} from '../../server/invest/plugin';
import type {} from '../../server/nft/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';

const BTC = 1;
const USDT = 3;
const HOUR_MS = 3_600_000;
type User = Awaited<ReturnType<TestServer['signUp']>>;
type Res = { status: number; body: { type: string | number; message: unknown } };

describe(`assets total (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 180_000 }, () => {
  let s: TestServer;
  let app: App;
  const today = new Date();
  const clock = new ManualClock(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2, 10));
  let h: ReturnType<typeof accountHelpers>;
  let keys = 0;

  const ok = <T>(res: Res): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const post = (path: Parameters<TestServer['call']>[0], params: Record<string, string>, user: User) =>
    s.call(path, params, { token: user.token, headers: { 'idempotency-key': `assets-${++keys}` } });
  const overview = async (user: User) => ok<WalletOverview>(await s.call('/wallet/list', {}, { method: 'GET', token: user.token }));
  const line = (o: WalletOverview, kind: HoldingLine['kind']) => o.holdings.find((l) => l.kind === kind)!;
  const amountOf = (l: HoldingLine, currency: string) => new Decimal(l.items.find((i) => i.currency === currency)?.amount ?? 0).toFixed();

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
    app.market.tradeAt('BTC/USDT', '60000.00');
    app.market.tradeAt('ETH/USDT', '3000.00');
    await app.fastify.invest.engine.sweep();
    await app.fastify.invest.engine.idle();
  });
  afterAll(async () => {
    await app.fastify.invest.engine.idle();
    await expectLedgerInvariants(s.db);
    await app.close();
    await s.close();
  });

  it('counts IEO escrow, a dual product, loan collateral and an NFT bid in a line each, and the total is the ledger’s sum', async () => {
    const user = await s.signUp();
    await h.verify(user);
    await h.credit(user, 'change', 'USDT', '5000');
    await h.credit(user, 'change', 'BTC', '1');

    // Before: only the coin account, every line present and empty.
    const before = await overview(user);
    expect(before.holdings.map((l) => l.kind)).toEqual(['earn', 'ieo', 'loans', 'nft']);
    for (const l of before.holdings) expect(l).toMatchObject({ items: [], total_usdt: '0.00' });
    expect(before.total_usdt).toBe('65000.00');

    // 1,000 USDT into an IEO subscription (escrow).
    const project = ok<IeoProject>(
      await s.ops('/ieo/projects/create', {
        name: 'Assets Chain',
        token: 'ASX',
        token_decimals: 2,
        pay_currency: 'USDT',
        price: '0.5',
        total: '100000',
        min_amount: '1',
        max_amount: '50000',
        starts_at: clock.now() - HOUR_MS,
        ends_at: clock.now() + DAY_MS,
        lock_days: 3,
        whitepaper: 'https://test.example/wp.pdf',
        website: 'https://test.example',
        description: 'A project for the assets test.',
      }),
    );
    ok(await post('/project/order', { project_id: String(project.id), amount: '2000', pay_currency: String(USDT) }, user));

    // 200 USDT into a "buy low" dual product (2 shares of 100 USDT, frozen in the coin account).
    const puts = ok<DualProduct[]>(await s.call('/dual/index', { currency_id: String(BTC), type: 'put' }, { method: 'GET' }));
    const put = puts.find((p) => p.status === 'open')!;
    expect(put.invest_currency).toBe('USDT');
    ok(await post('/dual/buyDual', { id: String(put.id), num: '2' }, user));

    // A loan of 1,000 USDT against 0.5 BTC of collateral (escrow).
    ok(await post('/loan/borrow', { currency: 'BTC', collateral: '0.5', amount: '1000' }, user));

    // A 300 USDT auction bid: 25 margin in escrow, 275 frozen.
    const artistUser = await s.signUp();
    const artist = ok<NftArtist>(
      await s.ops('/nft/artists/create', {
        name: 'Assets Artist',
        bio: 'Makes tests.',
        media: 'artist-aurora.webp',
        user: artistUser.email,
      }),
    );
    const work = ok<NftArtwork>(
      await s.ops('/nft/artworks/create', {
        title: 'Assets piece',
        description: 'A test artwork.',
        type: 'image',
        rarity: 'R',
        artist_id: artist.id,
        media: 'art-aurora.webp',
      }),
    );
    const sale = ok<NftArtwork>(
      await s.ops('/nft/sales/create', {
        artwork_id: work.id,
        mode: 'auction',
        currency: 'USDT',
        price: '250',
        margin: '25',
        increment: '5',
        starts_at: clock.now() - HOUR_MS,
        ends_at: clock.now() + DAY_MS,
      }),
    );
    ok(await post('/bind_box/marginNFT', { sale_id: String(sale.sale!.id) }, user));
    expect(ok<NftSale>(await post('/bind_box/auctionNFT', { code: sale.code, price: '300' }, user))).toMatchObject({ leading: true });

    const o = await overview(user);
    expect(o.holdings.map((l) => l.kind)).toEqual(['earn', 'ieo', 'loans', 'nft']);
    expect(amountOf(line(o, 'ieo'), 'USDT')).toBe('1000');
    expect(line(o, 'ieo').total_usdt).toBe('1000.00');
    expect(amountOf(line(o, 'earn'), 'USDT')).toBe('200');
    expect(line(o, 'earn').total_usdt).toBe('200.00');
    expect(amountOf(line(o, 'loans'), 'BTC')).toBe('0.5');
    expect(line(o, 'loans').total_usdt).toBe('30000.00');
    expect(amountOf(line(o, 'nft'), 'USDT')).toBe('300');
    expect(line(o, 'nft').total_usdt).toBe('300.00');

    // The coin account shows what is its own: the dual's 200 and the bid's 275 are in their lines, not "Frozen".
    const change = o.accounts.find((a) => a.name === 'change')!;
    const usdt = change.balances.find((b) => b.currency === 'USDT')!;
    // 5,000 − 1,000 IEO − 200 dual + 1,000 borrowed − 300 bid.
    expect(new Decimal(usdt.available).toFixed()).toBe('4500');
    expect(new Decimal(usdt.frozen).toFixed()).toBe('0');
    expect(new Decimal(usdt.total).toFixed()).toBe('4500');
    expect(new Decimal(change.balances.find((b) => b.currency === 'BTC')!.total).toFixed()).toBe('0.5');

    // The total: the sum of what the ledger holds for the user (their rows, frozen included)
    // and what escrow holds on their behalf (IEO 1,000 USDT, collateral 0.5 BTC, margin 25 USDT),
    // at the recorded prices (BTC 60,000).
    const { id } = (await app.fastify.users.byEmail(user.email))!;
    const rows = await s.db.query<{ currency_id: number; held: string }>(
      `SELECT currency_id, SUM(available + frozen)::text AS held FROM balances WHERE user_id = $1 GROUP BY currency_id`,
      [id],
    );
    const priceOf = (currency: number) => new Decimal(currency === USDT ? 1 : currency === BTC ? 60000 : 0);
    const ledgerValue = assetsTotal([
      ...rows.map((r) => new Decimal(r.held).mul(priceOf(r.currency_id))),
      new Decimal(1000),
      new Decimal('0.5').mul(60000),
      new Decimal(25),
    ]);
    // 65,000 at the start, plus the 1,000 USDT borrowed (the debt is the loan page's, not an asset).
    expect(ledgerValue.toFixed(2)).toBe('66000.00');
    expect(o.total_usdt).toBe(ledgerValue.toFixed(2));
    // And it is the sum of the page's parts: every account and every line.
    expect(
      assetsTotal([...o.accounts.map((a) => new Decimal(a.total_usdt)), ...o.holdings.map((l) => new Decimal(l.total_usdt))]).toFixed(2),
    ).toBe(o.total_usdt);
  });
});
