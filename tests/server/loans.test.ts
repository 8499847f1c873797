/**
 * Loans over real HTTP: the terms, a borrow and every refusal (above the LTV
 * limit, an unverified user, an unknown coin, not enough collateral), interest over days on a
 * ManualClock, repayments split interest first (more than owed refused, someone else's loan
 * refused), a top-up, the full repayment releasing the collateral, a margin call once per
 * crossing, a liquidation by a scripted price drop recording the deciding tick, a gap that
 * leaves a shortfall for the insurance account, the audit, and a restart last (missed days
 * accrued once, the open loans re-checked at the price of the start). Ledger invariants after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { Loan, LoanDetail, LoanTerms } from '../../domain/loans/types';
import type { NotificationItem } from '../../domain/notifications/types';
import { DAY_MS } from '../../domain/time';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/loans/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const BTC = 1;
const USDT = 3;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe(`loans (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  let app: App;
  // 10:00 UTC, days after the template's market history.
  const today = new Date();
  const clock = new ManualClock(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2, 10));
  let h: ReturnType<typeof accountHelpers>;

  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const refused = (res: { status: number; body: { type: string | number; message: unknown } }) => {
    expect(res.status).toBe(200);
    expect(res.body.type).not.toBe('ok');
    return String(res.body.message);
  };
  const engine = () => app.fastify.loans.engine;
  const price = async (p: string) => {
    app.market.tradeAt('BTC/USDT', p);
    await engine().idle();
  };
  const borrow = (user: User, collateral: string, amount: string, options: { lang?: string; key?: string; currency?: string } = {}) =>
    s.call(
      '/loan/borrow',
      { currency: options.currency ?? 'BTC', collateral, amount },
      { token: user.token, ...(options.lang && { lang: options.lang }), headers: options.key ? { 'idempotency-key': options.key } : {} },
    );
  const repay = (user: User, id: number, amount: string, key?: string) =>
    s.call('/loan/repay', { id: String(id), amount }, { token: user.token, headers: key ? { 'idempotency-key': key } : {} });
  const addCollateral = (user: User, id: number, amount: string) =>
    s.call('/loan/addCollateral', { id: String(id), amount }, { token: user.token });
  const detail = async (user: User, id: number) =>
    ok<LoanDetail>(await s.call('/loan/detail', { id: String(id) }, { method: 'GET', token: user.token }));
  const coin = async (user: User, currency: number) => {
    const b = await h.balance(user, currency);
    return new Decimal(b.available).toFixed();
  };
  const platform = async (name: string, currency: number) => {
    const [row] = await s.db.query<{ total: string }>(
      `SELECT COALESCE(SUM(available), 0)::text AS total FROM balances WHERE platform = $1 AND currency_id = $2`,
      [name, currency],
    );
    return new Decimal(row!.total);
  };
  const notes = async (user: User) =>
    ok<Page<NotificationItem>>(await s.call('/user/notifications', {}, { method: 'GET', token: user.token })).data.filter((n) =>
      n.kind.startsWith('loan'),
    );
  /** A verified user with 1 BTC and `usdt` USDT in the coin account. */
  const borrower = async (usdt = '100') => {
    const user = await s.signUp();
    await h.verify(user);
    await h.credit(user, 'change', 'BTC', '1');
    await h.credit(user, 'change', 'USDT', usdt);
    return user;
  };
  const days = async (n: number, ...users: User[]) => {
    for (let i = 0; i < n; i++) {
      clock.advance(DAY_MS);
      await engine().sweep();
      await engine().idle();
      for (const user of users) await s.call('/loan/list', {}, { method: 'GET', token: user.token });
    }
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
    await price('60000.00');
  });
  afterAll(async () => {
    await engine().idle();
    await expectLedgerInvariants(s.db);
    await app.close();
    await s.close();
  });

  it('lists the terms publicly', async () => {
    const terms = ok<LoanTerms[]>(await s.call('/loan/terms', {}, { method: 'GET' }));
    expect(terms.map((t) => t.currency)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'BNB', 'SOL']));
    expect(terms.find((t) => t.currency === 'BTC')).toMatchObject({
      symbol: 'BTC/USDT',
      initial_ltv: '0.65',
      margin_call_ltv: '0.75',
      liquidation_ltv: '0.83',
      daily_rate: '0.0002',
      liquidation_penalty: '0.02',
    });
  });

  it('refuses bad borrows with a clear message in the request language, moving nothing', async () => {
    const unverified = await s.signUp();
    const denied = await borrow(unverified, '0.1', '100');
    expect(denied.body.type).toBe(998);
    expect(refused(await s.call('/loan/borrow', { currency: 'BTC', collateral: '1', amount: '100' }))).toBe('Please log in first');

    const user = await borrower();
    // 1 BTC at 60000 under 65%: 39000 at most.
    expect(refused(await borrow(user, '1', '39000.01'))).toBe('This collateral can borrow at most 39000 USDT (initial LTV 65%)');
    expect(refused(await borrow(user, '1', '39000.01', { lang: 'zh' }))).toBe('该抵押物最多可借 39000 USDT（初始质押率 65%）');
    expect(refused(await borrow(user, '2', '100'))).toBe('Not enough BTC in your coin account');
    expect(refused(await borrow(user, '1', '5'))).toBe('The minimum loan is 10 USDT');
    expect(refused(await borrow(user, '1', '100', { currency: 'DOGE' }))).toBe('Loans against DOGE are not offered');
    expect(refused(await borrow(user, '1', '100.1234567'))).toBe('At most 6 decimal places');
    expect(refused(await borrow(user, '0', '100'))).toMatch(/greater than zero/);
    expect(refused(await borrow(user, '', '100'))).toBe('Enter the collateral amount');
    expect(refused(await borrow(user, '1', '-1'))).toMatch(/amount/i);
    expect(await coin(user, BTC)).toBe('1');
    expect(await coin(user, USDT)).toBe('100');
    expect(ok<Page<Loan>>(await s.call('/loan/list', {}, { method: 'GET', token: user.token })).total).toBe(0);
  });

  it('borrows, accrues interest daily, repays interest first, takes a top-up and releases the collateral on full repayment', async () => {
    const user = await borrower('100');
    const treasury = await platform('treasury', USDT);
    const escrow = await platform('escrow', BTC);
    const loan = ok<Loan>(await borrow(user, '0.5', '15000', { key: 'loan-borrow-1' }));
    // Idempotent: the same key answers the same loan and moves nothing again.
    expect(ok<Loan>(await borrow(user, '0.5', '15000', { key: 'loan-borrow-1' })).id).toBe(loan.id);
    // Day 1's interest accrues at the borrow: 15000 × 0.02% = 3.
    expect(loan).toMatchObject({ status: 'open', collateral: '0.5', borrowed: '15000', principal: '15000', interest: '3', debt: '15003' });
    expect(loan.days_accrued).toBe(1);
    // 15003 / (0.5 × 0.83) = 36151.80723 → rounded up at the pair's 2 decimals.
    expect(loan.liquidation_price).toBe('36151.81');
    expect(await coin(user, BTC)).toBe('0.5');
    expect(await coin(user, USDT)).toBe('15100');
    expect((await platform('treasury', USDT)).minus(treasury).toFixed()).toBe('-15000');
    expect((await platform('escrow', BTC)).minus(escrow).toFixed()).toBe('0.5');

    await days(3, user);
    let d = await detail(user, loan.id);
    expect(d).toMatchObject({ days_accrued: 4, interest: '12', debt: '15012' });
    expect(d.history.filter((e) => e.kind === 'accrual').map((e) => [e.day, e.amount])).toEqual([
      [1, '3'],
      [2, '3'],
      [3, '3'],
      [4, '3'],
    ]);
    // Nothing twice, however often asked.
    await app.fastify.loans.service.accrue(loan.id);
    await engine().sweep();
    expect((await detail(user, loan.id)).days_accrued).toBe(4);

    expect(refused(await repay(user, loan.id, '15012.000001'))).toBe('That is more than you owe: the debt is 15012 USDT');
    const other = await borrower();
    expect(refused(await repay(other, loan.id, '1'))).toBe('No such loan');
    expect(refused(await addCollateral(other, loan.id, '0.1'))).toBe('No such loan');
    expect(refused(await s.call('/loan/detail', { id: String(loan.id) }, { method: 'GET', token: other.token }))).toBe('No such loan');

    const fees = await platform('fees', USDT);
    expect(ok<Loan>(await repay(user, loan.id, '10'))).toMatchObject({ interest: '2', principal: '15000' });
    expect(ok<Loan>(await repay(user, loan.id, '2002', 'loan-repay-1'))).toMatchObject({
      interest: '0',
      principal: '13000',
      debt: '13000',
    });
    expect(ok<Loan>(await repay(user, loan.id, '2002', 'loan-repay-1'))).toMatchObject({ principal: '13000' });
    expect((await platform('fees', USDT)).minus(fees).toFixed()).toBe('12');
    await days(1, user);
    // Day 5 on the principal left: 13000 × 0.02% = 2.6.
    expect(await detail(user, loan.id)).toMatchObject({ interest: '2.6', debt: '13002.6' });

    expect(ok<Loan>(await addCollateral(user, loan.id, '0.1'))).toMatchObject({ collateral: '0.6' });
    expect(await coin(user, BTC)).toBe('0.4');
    expect(refused(await addCollateral(user, loan.id, '5'))).toBe('Not enough BTC in your coin account');

    const before = new Decimal(await coin(user, USDT));
    const closed = ok<Loan>(await repay(user, loan.id, '13002.6'));
    expect(closed).toMatchObject({ status: 'repaid', principal: '0', interest: '0', interest_paid: '14.6', principal_paid: '15000' });
    expect(before.minus(await coin(user, USDT)).toFixed()).toBe('13002.6');
    expect(await coin(user, BTC)).toBe('1');
    expect(refused(await repay(user, loan.id, '1'))).toBe('This loan is already closed');
    d = await detail(user, loan.id);
    expect(d.history.map((e) => e.kind)).toEqual([
      'borrow',
      'accrual',
      'accrual',
      'accrual',
      'accrual',
      'repay',
      'repay',
      'accrual',
      'collateral',
      'repay',
    ]);
    expect((await notes(user)).map((n) => n.kind)).toEqual(['loanRepaid']);
    const repaid = ok<Page<Loan>>(await s.call('/loan/list', { status: 'repaid' }, { method: 'GET', token: user.token }));
    expect(repaid.data.map((l) => l.id)).toEqual([loan.id]);
    expect(ok<Page<Loan>>(await s.call('/loan/list', { status: 'open' }, { method: 'GET', token: user.token })).total).toBe(0);
  });

  it('warns once per margin-call crossing and liquidates at the recorded tick when the LTV reaches the line', async () => {
    await price('60000.00');
    const user = await borrower();
    const loan = ok<Loan>(await borrow(user, '0.5', '19500'));
    // Debt 19503.9 (day 1: 3.9). Margin call at 75%: below 52010.4; liquidation at 83%: 46997.35 and below.
    expect(loan.debt).toBe('19503.9');
    await price('52000.00');
    expect((await detail(user, loan.id)).margin_called).toBe(true);
    await price('51900.00');
    expect((await notes(user)).map((n) => n.kind)).toEqual(['loanMarginCall']);
    expect((await notes(user))[0]!.params).toMatchObject({ id: loan.id, currency: 'BTC', ltv: '75.01', mark: '52000.00' });
    await price('55000.00');
    expect((await detail(user, loan.id)).margin_called).toBe(false);
    await price('52000.00');
    expect((await notes(user)).map((n) => n.kind)).toEqual(['loanMarginCall', 'loanMarginCall']);
    await price('47000.00');
    expect((await detail(user, loan.id)).status).toBe('open');

    const treasury = await platform('treasury', BTC);
    const at = clock.now();
    await price('46000.00');
    const d = await detail(user, loan.id);
    // Taken: 19503.9 × 1.02 / 46000 = 0.43247778… → 0.43247779 (up); the rest back to the user.
    expect(d).toMatchObject({
      status: 'liquidated',
      liquidation: { price: '46000.00', tick_ts: at, debt: '19503.9', taken: '0.43247779', returned: '0.06752221', shortfall: '0' },
    });
    expect(d.history.at(-1)).toMatchObject({ kind: 'liquidation', price: '46000.00', tick_ts: at });
    expect(await coin(user, BTC)).toBe('0.56752221');
    // The borrowed USDT stays the user's; the balance never goes negative.
    expect(await coin(user, USDT)).toBe('19600');
    expect((await platform('treasury', BTC)).minus(treasury).toFixed()).toBe('0.43247779');
    expect((await notes(user))[0]).toMatchObject({ kind: 'loanLiquidated', params: { amount: '0.06752221', mark: '46000.00' } });
    // Exactly once: asked again at a lower price, nothing happens.
    expect(await app.fastify.loans.service.check(loan.id, { price: '40000.00', ts: clock.now() })).toBeNull();
    await price('45000.00');
    expect(refused(await repay(user, loan.id, '1'))).toBe('This loan is already closed');
  });

  it('takes all the collateral and has the insurance account pay the shortfall when a gap leaves it worth less than the debt', async () => {
    await price('60000.00');
    const user = await borrower();
    const loan = ok<Loan>(await borrow(user, '0.5', '19500'));
    const insurance = await platform('insurance', USDT);
    const treasury = await platform('treasury', USDT);
    await price('30000.00');
    const d = await detail(user, loan.id);
    // Worth 15000 against 19503.9: all taken, 4503.9 from the insurance account.
    expect(d.liquidation).toMatchObject({ taken: '0.5', returned: '0', shortfall: '4503.9' });
    expect(insurance.minus(await platform('insurance', USDT)).toFixed()).toBe('4503.9');
    expect((await platform('treasury', USDT)).minus(treasury).toFixed()).toBe('4503.9');
    expect(await coin(user, BTC)).toBe('0.5');
    await price('60000.00');
  });

  it('completes a liquidation whose shortfall the fund cannot cover: the fund pays what it holds, the rest is bad debt', async () => {
    await price('60000.00');
    const user = await borrower();
    const loan = ok<Loan>(await borrow(user, '0.5', '19500'));
    // Leave 1,000.5 USDT in the fund (the rest moved to the treasury, as after a run of losses).
    const fund = await platform('insurance', USDT);
    const moved = fund.minus('1000.5');
    const shift = (key: string, amount: Decimal) =>
      app.fastify.db.tx((q) =>
        app.fastify.ledger.post(q, {
          key,
          kind: 'credit',
          legs: [
            { holder: { platform: 'insurance' }, currencyId: USDT, available: amount.neg() },
            { holder: { platform: 'treasury' }, currencyId: USDT, available: amount },
          ],
        }),
      );
    await shift('test:loans:drain-insurance', moved);
    const badDebt = await platform('bad_debt', USDT);
    await price('30000.00');
    const d = await detail(user, loan.id);
    // Worth 15000 against 19503.9: 4503.9 short; the fund pays its 1000.5, 3503.4 is bad debt.
    expect(d.status).toBe('liquidated');
    expect(d.liquidation).toMatchObject({ taken: '0.5', returned: '0', shortfall: '4503.9' });
    expect((await platform('insurance', USDT)).toFixed()).toBe('0');
    expect(badDebt.minus(await platform('bad_debt', USDT)).toFixed()).toBe('3503.4');
    const [row] = await app.fastify.db.query<{ bad: string }>('SELECT liq_bad_debt::text AS bad FROM loans WHERE id = $1', [loan.id]);
    expect(new Decimal(row!.bad).toFixed()).toBe('3503.4');
    await shift('test:loans:refill-insurance', moved.neg());
    await price('60000.00');
  });

  it('repays a loan once under simultaneous full repayments, and never twice', async () => {
    await price('60000.00');
    const user = await borrower('100');
    const loan = ok<Loan>(await borrow(user, '0.5', '1000'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => repay(user, loan.id, loan.debt)));
    const done = answers.filter((a) => a.body.type === 'ok');
    expect(done).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.type !== 'ok')) expect(a.body.message).toBe('This loan is already closed');
    expect(await coin(user, USDT)).toBe(new Decimal('1100').minus(loan.debt).toFixed());
    expect(await coin(user, BTC)).toBe('1');
  });

  it('audits every loan against the ledger with 0 mismatches, and finds a tampered interest day', async () => {
    const report = ok<AuditReport>(await s.ops('/audit'));
    const section = report.sections.find((x) => x.kind === 'loans')!;
    expect(section.settled).toBeGreaterThanOrEqual(4);
    expect(section.mismatches).toEqual([]);
    const [day] = await s.db.query<{ id: number; loan_id: number; amount: string }>(
      `SELECT id, loan_id, amount::text AS amount FROM loan_events WHERE kind = 'accrual' ORDER BY id LIMIT 1`,
    );
    await s.db.query('UPDATE loan_events SET amount = amount + 1 WHERE id = $1', [day!.id]);
    const tampered = ok<AuditReport>(await s.ops('/audit')).sections.find((x) => x.kind === 'loans')!;
    expect(tampered.mismatches.map((m) => m.id)).toContain(Number(day!.loan_id));
    await s.db.query('UPDATE loan_events SET amount = $2 WHERE id = $1', [day!.id, day!.amount]);
    expect(ok<AuditReport>(await s.ops('/audit')).sections.find((x) => x.kind === 'loans')!.mismatches).toEqual([]);
  });

  it('after a restart accrues the days missed once and re-checks the open loans at the price of the start (last: no HTTP after)', async () => {
    await price('60000.00');
    const user = await borrower();
    const loan = ok<Loan>(await borrow(user, '0.5', '15000'));
    const safe = ok<Loan>(await borrow(user, '0.5', '100'));
    // The node stops; the price falls while no engine runs; a new node starts days later.
    await engine().stop();
    app.market.tradeAt('BTC/USDT', '30000.00');
    await app.close();
    clock.advance(3 * DAY_MS);
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await engine().idle();
    const priceNow = app.market.ticker('BTC/USDT')!.price;
    const row = (await app.fastify.loans.repo.byId(loan.id))!;
    expect(row.days_accrued).toBe(4);
    if (new Decimal(priceNow).lte('36151.81'))
      expect(row).toMatchObject({ status: 'liquidated', liq_price: priceNow, liq_tick_ts: app.market.ticker('BTC/USDT')!.ts });
    const kept = (await app.fastify.loans.repo.byId(safe.id))!;
    expect(kept).toMatchObject({ status: 'open', days_accrued: 4, interest: '0.08' });
    await engine().sweep();
    await app.fastify.loans.service.accrue(safe.id);
    const [n] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM loan_events WHERE loan_id = $1 AND kind = 'accrual'`, [
      safe.id,
    ]);
    expect(n!.n).toBe(4);
  });
});
