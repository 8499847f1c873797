/**
 * The finance tab over real HTTP: a user's lockming principal with the yield
 * paid so far, an IEO payment in escrow and then the locked tokens at their issue price, summed
 * per product and in all, in USDT and the display currency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { FinanceSummary } from '../../domain/financial/types';
import { dualFactor } from '../../domain/invest/formulas';
import type { DualProduct } from '../../domain/invest/types';
import type { IeoProject } from '../../domain/ieo/types';
import type { LockmingProduct } from '../../domain/lockming/types';
import { DAY_MS } from '../../domain/time';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/ieo/plugin';
import type {} from '../../server/lockming/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';

describe(`finance tab (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  const today = new Date();
  const clock = new ManualClock(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2, 10));
  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(async () => {
    await s.app.fastify.lockming.engine.idle();
    await s.app.fastify.ieo.engine.idle();
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('sums what a user holds in each product, with the yield, in USDT and the display currency', async () => {
    const h = accountHelpers(s, clock);
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '2000');
    const summary = async () => ok<FinanceSummary>(await s.call('/financial/index', {}, { method: 'GET', token: user.token }));
    const empty = await summary();
    expect(empty.products.map((p) => [p.product, p.open_orders, p.value_usdt])).toEqual([
      ['lockming', 0, '0.00'],
      ['ieo', 0, '0.00'],
      ['dual', 0, '0.00'],
    ]);
    expect(empty.total_usdt).toBe('0.00');

    const product = ok<LockmingProduct[]>(await s.call('/lh/deposit/config', {}, { method: 'GET' })).find(
      (p) => p.currency === 'USDT' && p.cycle_days === 15,
    )!;
    ok(await s.call('/lh/deposit', { config_id: String(product.id), amount: '1000' }, { token: user.token }));
    const project = ok<IeoProject>(
      await s.ops('/ieo/projects/create', {
        name: 'Tab',
        token: 'TABX',
        token_decimals: 2,
        pay_currency: 'USDT',
        price: '0.5',
        total: '100000',
        min_amount: '1',
        max_amount: '10000',
        starts_at: clock.now() - 3_600_000,
        ends_at: clock.now() + DAY_MS + 3_600_000,
        lock_days: 30,
        whitepaper: 'https://tab.example/wp.pdf',
        website: 'https://tab.example',
        description: 'Finance tab test.',
      }),
    );
    ok(await s.call('/project/order', { project_id: String(project.id), amount: '200', pay_currency: '3' }, { token: user.token }));
    // A day later: one daily yield of 1.9 paid.
    clock.advance(DAY_MS);
    await s.app.fastify.lockming.engine.sweep();
    await s.app.fastify.lockming.engine.idle();
    const day1 = await summary();
    const lockming = day1.products.find((p) => p.product === 'lockming')!;
    expect(lockming).toMatchObject({ open_orders: 1, value_usdt: '1001.90', yield_usdt: '1.90', yield_kind: 'paid' });
    expect(lockming.holdings).toEqual([{ currency_id: 3, currency: 'USDT', amount: '1000', yield: '1.9', usdt_value: '1001.90' }]);
    const ieo = day1.products.find((p) => p.product === 'ieo')!;
    expect(ieo).toMatchObject({ open_orders: 1, value_usdt: '100.00', yield_kind: 'none' });
    expect(day1).toMatchObject({ total_usdt: '1101.90', yield_usdt: '1.90' });

    // After the end the tokens are locked, valued at the issue price; in yen as the display currency.
    clock.advance(3_600_000);
    await s.app.fastify.ieo.engine.sweep();
    await s.app.fastify.ieo.engine.idle();
    ok(await s.call('/user/setFiat', { fiat: 'JPY' }, { token: user.token }));
    const after = await summary();
    expect(after.products.find((p) => p.product === 'ieo')!.holdings).toEqual([
      { currency_id: project.token_id, currency: 'TABX', amount: '200', yield: '0', usdt_value: '100.00' },
    ]);
    expect(after.fiat.currency_code).toBe('JPY');

    // A dual position: its principal, and what it pays at maturity in the coin it keeps.
    await h.credit(user, 'change', 'BTC', '1');
    const dual = ok<DualProduct[]>(await s.call('/dual/index', { currency_id: '1' }, { method: 'GET' })).find((p) => p.status === 'open')!;
    ok(await s.call('/dual/buyDual', { id: String(dual.id), num: '2' }, { token: user.token }));
    const withDual = (await summary()).products.find((p) => p.product === 'dual')!;
    const amount = new Decimal(dual.share_price).mul(2);
    const grown = amount.mul(dualFactor(dual.days, dual.apr)).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect(withDual).toMatchObject({ open_orders: 1, yield_kind: 'expected' });
    expect(withDual.holdings[0]).toMatchObject({ currency: 'BTC', amount: amount.toFixed(), yield: grown.minus(amount).toFixed() });
    expect(after.total_fiat).toBe(new Decimal(after.total_usdt).mul(after.fiat.rate).toFixed(2));
    expect((await s.call('/financial/index', {}, { method: 'GET' })).body.message).toBe('Please log in first');
  });
});
