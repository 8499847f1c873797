/**
 * Trading rules an exchange can survive (docs/FUTURES.md "Trading rules"), each scenario
 * the red team found, over real HTTP: the insurance fund drained by limits far through the market,
 * liquidations that stuck once the fund was empty, a marketable limit that opened at its own
 * (worse) price, stop-losses past liquidation, and the size limits. The market is stepped by hand
 * (`market.tradeAt`), time by the ManualClock; every case ends with the audit at 0 mismatches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import { Decimal } from '../../domain/decimal';
import { handlingFee, margin as marginFor, openPrice } from '../../domain/futures/formulas';
import type { FuturesTrade } from '../../domain/futures/types';
import { ManualClock } from '../../server/clock';
import { shardOf } from '../../server/ledger/Ledger';
import type {} from '../../server/futures/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { futuresHelpers } from './futuresHelpers';
import { expectLedgerInvariants } from './invariants';

const BTC = 1;
const USDT = 3;

describe('trading rules', () => {
  let s: TestServer;
  const clock = new ManualClock(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 2 * 86_400_000 + 10 * 3_600_000);
  let h: ReturnType<typeof accountHelpers>;

  const { mark, trade, settlements, ok, refused, submit, funded, lever, platform, shiftInsurance } = futuresHelpers(
    () => s,
    () => h,
  );
  const audit = async () => ok<AuditReport>(await s.ops('/audit'));

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
    await mark('64170.00');
  });
  afterAll(async () => {
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('cannot drain the insurance fund with long limits far above the mark: refused by the band, or filled at the market', async () => {
    const fund = await platform('insurance');
    const user = await funded('11006');
    // 3 × the mark at 100×: outside the 20 % band, refused with the allowed range; nothing moves.
    const far = refused(await submit(user, { target_price: '192510', multiple: '100', share: '10' }));
    expect(far).toBe('The limit price must be between 51336.00 and 77004.00 (20% either side of the mark price)');
    expect(refused(await submit(user, { target_price: '192510', multiple: '100' }, 'zh'))).toContain('51336.00');
    expect(await lever(user)).toEqual({ available: '11006', frozen: '0' });
    // At the top of the band it is marketable: it opens at the execution price, not at its limit.
    const top = ok<FuturesTrade>(await submit(user, { target_price: '77004', multiple: '100', share: '10' }));
    expect(top).toMatchObject({ status: 'open', open_price: '64202.09' });
    await mark('64170.00');
    expect((await trade(top.id)).status).toBe('open');
    expect((await platform('insurance')).eq(fund)).toBe(true);
    ok(await s.call('/lever/close', { id: String(top.id) }, { token: user.token }));
  });

  it('fills a new user’s long limit at 66,200 with the market at 64,170 at the market, and says what it paid', async () => {
    await mark('64170.00');
    const user = await funded('1000');
    const filled = ok<FuturesTrade>(await submit(user, { target_price: '66200', share: '1', multiple: '10' }));
    // 64,170 × 1.0005 = 64,202.085 → 64,202.09: better than the limit by 1,997.91.
    const price = openPrice('long', '64170.00', '0.0005', 2);
    expect(price.toFixed(2)).toBe('64202.09');
    expect(filled).toMatchObject({ status: 'open', kind: 'limit', target_price: '66200', open_price: '64202.09' });
    expect(filled.margin).toBe(marginFor(price, '0.01', 10, '1').toFixed());
    expect(filled.fee).toBe(handlingFee(price, '0.01', '0.001', '1').toFixed());
    // Its P&L at the mark is only the spread, not −152 % of the margin.
    expect(filled.margin).toBe('64.20209');
    const spent = new Decimal(filled.margin).plus(filled.fee);
    expect(await lever(user)).toEqual({
      available: new Decimal(1000).minus(spent).toFixed(),
      frozen: new Decimal(filled.margin).toFixed(),
    });
    // A short limit below the market fills at the better (higher) execution price too.
    const short = ok<FuturesTrade>(await submit(user, { type: '2', target_price: '60000' }));
    expect(short.open_price).toBe(openPrice('short', '64170.00', '0.0005', 2).toFixed(2));
  });

  it('fills a resting limit crossed by a gap at the better price, and returns what it froze beyond that', async () => {
    await mark('64170.00');
    const user = await funded('1000');
    const order = ok<FuturesTrade>(await submit(user, { target_price: '63000', share: '1', multiple: '10' }));
    expect(order.status).toBe('entrusted');
    const frozen = new Decimal(order.margin).plus(order.fee);
    expect(await lever(user)).toEqual({ available: new Decimal(1000).minus(frozen).toFixed(), frozen: frozen.toFixed() });
    // The market gaps from 64,170 to 61,000: the long fills at 61,000 × 1.0005 = 61,030.50, not at 63,000.
    await mark('61000.00');
    const open = await trade(order.id);
    expect(open).toMatchObject({ status: 'open', open_price: '61030.5' });
    const m = marginFor('61030.50', '0.01', 10, '1');
    const fee = handlingFee('61030.50', '0.01', '0.001', '1');
    expect(open).toMatchObject({ margin: m.toFixed(), fee: fee.toFixed() });
    expect(await lever(user)).toEqual({ available: new Decimal(1000).minus(m).minus(fee).toFixed(), frozen: m.toFixed() });
    expect((await settlements(order.id))[0]).toMatchObject({ kind: 'fill', price: '61000.00', margin: m.toFixed(), fee: fee.toFixed() });
  });

  it('refuses take-profits and stop-losses outside the band, and a stop-loss past the liquidation price', async () => {
    await mark('64170.00');
    const user = await funded('100');
    expect(refused(await submit(user, { target_profit_price: '90000' }))).toContain('take-profit must be between 51336.00 and 77004.00');
    expect(refused(await submit(user, { stop_loss_price: '40000' }))).toContain('stop-loss must be between 51336.00 and 77004.00');
    // 100×: margin 6.42, liquidation near 64,202.09 − (6.42 × 0.5 + 100 − 6.42 − 0.64...) / 0.01; a stop-loss at 54,000 is past it.
    const past = refused(await submit(user, { multiple: '100', stop_loss_price: '54000' }));
    expect(past).toMatch(/^The stop-loss must trigger before the estimated liquidation price \d+\.\d{2}$/);
    const liq = new Decimal(past.split(' ').pop()!);
    expect(liq.gt(54000)).toBe(true);
    // Just above it is accepted.
    const fine = ok<FuturesTrade>(await submit(user, { multiple: '100', stop_loss_price: liq.plus(1).toFixed(2) }));
    expect(fine.status).toBe('open');
    // Moving the stop past it later is refused too.
    const moved = await s.call('/lever/setstop', { id: String(fine.id), stop_loss_price: liq.minus(1).toFixed(2) }, { token: user.token });
    expect(refused(moved)).toContain('estimated liquidation price');
    expect(await lever(user)).toMatchObject({ frozen: new Decimal(fine.margin).toFixed() });
  });

  it('refuses orders beyond the leverage bracket, the position limit and the platform’s exposure cap', async () => {
    await mark('64170.00');
    const user = await funded('10000000');
    // 100 lots of BTC = 1 BTC = 64,202 USDT: beyond 50,000 at 100×, fine at 50×.
    expect(refused(await submit(user, { share: '100', multiple: '100' }))).toBe(
      'At 100× a position on this pair may be worth at most 50000 USDT: lower the leverage or the size',
    );
    const fifty = ok<FuturesTrade>(await submit(user, { share: '100', multiple: '50' }));
    // The bracket counts what the user already holds on that side: another 300 lots at 50× pass 250,000.
    expect(refused(await submit(user, { share: '300', multiple: '50' }))).toContain('at most 250000 USDT');
    // Only that side: the same 300 lots short pass beside the 100 long.
    const other = ok<FuturesTrade>(await submit(user, { type: '2', share: '300', multiple: '50' }));
    ok(await s.call('/lever/close', { id: String(other.id) }, { token: user.token }));
    // A resting limit counts at its limit price: 250 lots long at 60,000 (150,000) leave room for 100 lots at the mark, not 200.
    const resting = ok<FuturesTrade>(await submit(user, { share: '250', multiple: '50', target_price: '60000' }));
    expect(resting.status).toBe('entrusted');
    expect(refused(await submit(user, { share: '100', multiple: '50' }))).toContain('at most 250000 USDT');
    ok(await s.call('/lever/cancel', { id: String(resting.id) }, { token: user.token }));
    // The position limit: 5,000 lots per user and pair.
    ok(await submit(user, { share: '1000', multiple: '5' }));
    ok(await submit(user, { type: '2', share: '1000', multiple: '5' }));
    ok(await submit(user, { type: '2', share: '1000', multiple: '5' }));
    ok(await submit(user, { type: '2', share: '1000', multiple: '5' }));
    expect(refused(await submit(user, { type: '2', share: '1000', multiple: '5' }))).toBe(
      'A position on this pair may be at most 5000 lots per user (you hold 4100)',
    );
    ok(await s.call('/lever/batch_close', { type: '0' }, { token: user.token }));
    // The operator caps the platform's net exposure on BTC at 100,000 USDT: a long of 2 BTC (128,000) is refused,
    // while orders that reduce the platform's exposure pass.
    await s.app.fastify.futures.repo.setExposureCap(BTC, '100000', clock.now());
    expect(refused(await submit(user, { share: '200', multiple: '10' }))).toBe(
      'This pair cannot take more positions in this direction right now; try a smaller order later',
    );
    const small = ok<FuturesTrade>(await submit(user, { share: '100', multiple: '10' }));
    ok(await s.call('/lever/close', { id: String(small.id) }, { token: user.token }));
    await s.db.query('DELETE FROM futures_limits');
    expect(fifty.status).toBe('open');
  });

  it('completes a liquidation and a user’s own close after the fund is empty: the rest is recorded bad debt', async () => {
    await mark('64170.00');
    const a = await funded('70');
    const b = await funded('70');
    const posA = ok<FuturesTrade>(await submit(a, { multiple: '100' }));
    const posB = ok<FuturesTrade>(await submit(b, { multiple: '100' }));
    // The fund is emptied (as after a drain) into the treasury.
    const fund = await platform('insurance');
    await shiftInsurance('test:empty-insurance', fund);
    expect((await platform('insurance')).isZero()).toBe(true);
    const badDebt = await platform('bad_debt');
    // A gap from 64,170 to 50,000 loses (50,000 − 64,202.09) × 0.01 = −142.02 on 6.42 of margin and
    // about 63 available. B closes by hand at once (before the engine's liquidation of B, or after it:
    // either way the position closes); the engine liquidates A.
    s.app.market.tradeAt('BTC/USDT', '50000.00');
    const closedB = await s.call('/lever/close', { id: String(posB.id) }, { token: b.token });
    // Never "Insufficient balance": closed by this call, or already by the engine's liquidation.
    if (closedB.body.type === 'ok') expect((closedB.body.message as FuturesTrade).status).toBe('closed');
    else expect(closedB.body.message).toBe('This position is already closed');
    await s.app.fastify.futures.engine.idle();
    for (const [user, pos] of [
      [a, posA],
      [b, posB],
    ] as const) {
      expect((await trade(pos.id)).status).toBe('closed');
      expect(await lever(user)).toEqual({ available: '0', frozen: '0' });
      const [, close] = await settlements(pos.id);
      expect(new Decimal(close!.insurance).isZero()).toBe(true);
      expect(new Decimal(close!.bad_debt).gt(70)).toBe(true);
    }
    const lost = badDebt.minus(await platform('bad_debt'));
    const recorded = (await settlements(posA.id))[1]!.bad_debt;
    expect(lost.gte(new Decimal(recorded).times(2).minus(1))).toBe(true);
    expect((await platform('insurance')).isZero()).toBe(true);
    // Nothing is stuck: no open position of either, and the engine has nothing left to retry.
    // The fund is refilled for the other tests.
    await shiftInsurance('test:refill-insurance', fund.neg());
    await mark('64170.00');
  });

  it('liquidates on the first tick after an open, even before the engine has read the account’s balance', async () => {
    // The engine reads a new account's balance in the background; a tick that came first used to be
    // skipped for that account (found as a flaky liquidation on a busy PostgreSQL run).
    await mark('64170.00');
    const service = s.app.fastify.futures.service;
    const original = service.available.bind(service);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    service.available = async (userId, q) => {
      if (!q) await gate;
      return original(userId, q);
    };
    try {
      const user = await funded('8');
      const position = ok<FuturesTrade>(await submit(user, { multiple: '100' }));
      s.app.market.tradeAt('BTC/USDT', '63700.00');
      // Polled generously (the balance read stays blocked, so the engine's idle() would wait on it).
      for (let i = 0; i < 1_200 && (await trade(position.id)).status === 'open'; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await trade(position.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation' });
    } finally {
      service.available = original;
      release();
      await s.app.fastify.futures.engine.idle();
    }
    await mark('64170.00');
  });

  it('liquidates a solvent account of a 100× and a 5× long without drawing on the fund: what returns most closes first', async () => {
    await mark('60000.00');
    // Margins 6.003 and 120.06, fees 0.6003 each: nothing else available.
    const user = await funded('127.2636');
    const high = ok<FuturesTrade>(await submit(user, { multiple: '100' }));
    const low = ok<FuturesTrade>(await submit(user, { multiple: '5' }));
    expect(await lever(user)).toEqual({ available: '0', frozen: '126.063' });
    const fund = await platform('insurance');
    // At 56,870 each loses 31.60: equity 62.863 (solvent), risk rate 49.86 % → liquidated. By P&L
    // alone the 100× one (lower id) closed first and its −25.597 fell to the fund; now the 5× one
    // (returns 88.46) closes first, and each fee (0.5 % of 568.70 = 2.8435) leaves the 25.597 still owed.
    await mark('56870.00');
    for (const p of [high, low]) expect(await trade(p.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation' });
    const closes = [(await settlements(low.id))[1]!, (await settlements(high.id))[1]!];
    expect(closes.map((c) => [c.fee, c.insurance, c.bad_debt])).toEqual([
      ['2.8435', '0', '0'],
      ['2.8435', '0', '0'],
    ]);
    expect(await lever(user)).toEqual({ available: '57.176', frozen: '0' });
    expect((await platform('insurance')).minus(fund).toFixed()).toBe('5.687');
    await mark('64170.00');
  });

  it('pays a close’s P&L from the user’s treasury shard, refilled from the main row and swept back: closes of users never queue on one row', async () => {
    await mark('64170.00');
    const user = await funded('2000000');
    const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    const shard = shardOf(row!.id);
    const decimals = s.app.market.currencies.find((c) => c.id === USDT)!.decimals;
    const treasury = async (which: number) => {
      const [b] = await s.db.query<{ available: string }>(
        `SELECT available::text AS available FROM balances WHERE platform = 'treasury' AND shard = $1 AND currency_id = $2`,
        [which, USDT],
      );
      return new Decimal(b?.available ?? 0);
    };
    /** The treasury's legs of a close's ledger operation, by shard. */
    const treasuryLegs = async (id: number) => {
      const op = (await s.app.fastify.ledger.operations(s.db, [`futures:${id}:close`])).get(`futures:${id}:close`)!;
      return Object.fromEntries(
        op.legs.flatMap((l) =>
          'platform' in l.holder && l.holder.platform === 'treasury' ? [[l.holder.shard ?? 0, new Decimal(l.available).toFixed()]] : [],
        ),
      );
    };
    const close = async (id: number) => ok<FuturesTrade>(await s.call('/lever/close', { id: String(id) }, { token: user.token }));
    const empty = await treasury(shard);

    // A winning close with the shard unable to pay: the same operation refills it from the main row
    // to its share of the treasury (as it stood), and the P&L is paid from the shard.
    const total = await platform('treasury');
    const main = await treasury(0);
    const share = total.div(64).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
    const win = ok<FuturesTrade>(await submit(user));
    await mark('64500.00');
    const pnl = new Decimal((await close(win.id)).profit!);
    expect(pnl.gt(0)).toBe(true);
    expect(empty.minus(pnl).lt(0)).toBe(true);
    expect(await treasuryLegs(win.id)).toEqual({ [shard]: share.minus(empty).toFixed(), 0: share.minus(empty).plus(pnl).neg().toFixed() });
    expect((await treasury(shard)).toFixed()).toBe(share.toFixed());
    expect((await platform('treasury')).toFixed()).toBe(total.minus(pnl).toFixed());

    // A second winning close the shard can pay, and a losing one: the shard alone, the main row untouched.
    const again = ok<FuturesTrade>(await submit(user));
    await mark('64600.00');
    const pnl2 = new Decimal((await close(again.id)).profit!);
    const lose = ok<FuturesTrade>(await submit(user));
    await mark('64000.00');
    const pnl3 = new Decimal((await close(lose.id)).profit!);
    expect(pnl3.lt(0)).toBe(true);
    expect(await treasuryLegs(again.id)).toEqual({ [shard]: pnl2.neg().toFixed() });
    expect(await treasuryLegs(lose.id)).toEqual({ [shard]: pnl3.neg().toFixed() });
    expect((await treasury(0)).toFixed()).toBe(main.minus(share.minus(empty).plus(pnl)).toFixed());

    // Losses that would leave the shard above twice its share sweep the surplus back to the main
    // row: five closes of 10 BTC at 5× in one batch, each losing about 192,000 USDT.
    for (let i = 0; i < 5; i++) ok(await submit(user, { share: '1000', multiple: '5' }));
    const before = await platform('treasury');
    const open = await s.app.fastify.futures.service.live(row!.id, 'open');
    await mark('45000.00');
    expect(ok<{ closed: number }>(await s.call('/lever/batch_close', { type: '0' }, { token: user.token })).closed).toBe(5);
    const lost = (await Promise.all(open.map(async (p) => new Decimal((await trade(p.id)).profit!)))).reduce((a, b) => a.plus(b));
    const swept = (await Promise.all(open.map(async (p) => new Decimal((await treasuryLegs(p.id))[0] ?? 0)))).reduce((a, b) => a.plus(b));
    expect(swept.gt(0)).toBe(true);
    expect((await treasury(shard)).lte((await platform('treasury')).div(32))).toBe(true);
    expect((await platform('treasury')).toFixed()).toBe(before.minus(lost).toFixed());
    await mark('64170.00');
  });

  it('recomputes every settlement of these rules: 0 mismatches; a liquidation fee changed by hand is named', async () => {
    const report = await audit();
    expect(report.sections.flatMap((x) => x.mismatches)).toEqual([]);
    const [row] = await s.db.query<{ id: number | string }>(
      `SELECT id FROM futures_settlements WHERE kind = 'liquidation' AND fee > 0 ORDER BY id DESC LIMIT 1`,
    );
    await s.db.query('UPDATE futures_settlements SET fee = fee - 0.0001 WHERE id = $1', [row!.id]);
    const found = (await audit()).sections.flatMap((x) => x.mismatches).filter((m) => m.id === Number(row!.id));
    expect(found.map((m) => m.detail).join(' ')).toContain('liquidation fee');
    await s.db.query('UPDATE futures_settlements SET fee = fee + 0.0001 WHERE id = $1', [row!.id]);
  });
});
