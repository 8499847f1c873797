import type { NotificationsChange } from '../../domain/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../domain/api/envelope';
import type {
  BillItem,
  DepositItem,
  ExchangeFirmQuote,
  ExchangeItem,
  WalletOverview,
  WithdrawalItem,
  WithdrawInfo,
} from '../../domain/funds/types';
import { Decimal } from '../../domain/decimal';
import { calculateExchange } from '../../domain/funds/formulas';
import { ManualClock } from '../../server/clock';
import { AppError } from '../../server/http/AppError';
import { DEMO_ACCOUNT } from '../../server/seed/seed';
import { shardOf } from '../../server/ledger/Ledger';
import type { NotificationItem } from '../../domain/notifications/types';
import enNotifications from '../../locales/en/notifications.json';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { JPEG_1PX } from './images';
import { expectLedgerInvariants } from './invariants';

const get = { method: 'GET' as const };
const USDT = 3;
const BTC = 1;
const ETH = 2;
const eq = (a: string, b: string) => expect(new Decimal(a).toFixed()).toBe(new Decimal(b).toFixed());

describe('funds', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  let h: ReturnType<typeof accountHelpers>;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
  });
  afterAll(async () => {
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('shows the demo account its seeded money in every account, valued in USDT and the display currency', async () => {
    const token = (await s.call('/user/login', { user_string: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })).body
      .message as string;
    const overview = (await s.call('/wallet/list', {}, { ...get, token })).body.message as WalletOverview;
    expect(overview.accounts.map((a) => a.name)).toEqual(['legal', 'change', 'lever', 'micro']);
    for (const a of overview.accounts) expect(new Decimal(a.total_usdt).gt(0), a.name).toBe(true);
    const change = overview.accounts.find((a) => a.name === 'change')!;
    expect(change.balances.map((b) => b.currency).sort()).toEqual(['BTC', 'ETH', 'USDT']);
    const usdt = change.balances.find((b) => b.currency === 'USDT')!;
    eq(usdt.available, '10000');
    eq(usdt.usdt_value!, '10000');
    expect(overview.fiat.currency_code).toBe('USDT');
    eq(overview.total_fiat, overview.total_usdt);
    const bills = (await s.call('/wallet/bills', {}, { ...get, token })).body.message as Page<BillItem>;
    expect(bills.total).toBe(6);
    expect(bills.data.every((b) => b.kind === 'credit')).toBe(true);
    // The demo credit's reason reaches the app as a key it renders in the reader's language, never as English text.
    const notes = (await s.call('/user/notifications', {}, { ...get, token })).body.message as Page<NotificationItem>;
    const credited = notes.data.filter((n) => n.kind === 'credited');
    expect(credited.length).toBeGreaterThan(0);
    for (const n of credited) expect(n.params.reason).toBe('notifications.reasons.demoFunds');
    expect(enNotifications.reasons.demoFunds).toBeTruthy();
  });

  it('takes a deposit request with a voucher, credits it once on approval, and rejects another with a reason', async () => {
    const user = await s.signUp();
    const info = (await s.call('/wallet/get_in_address', { currency: String(USDT), user_id: '1' }, { ...get, token: user.token })).body
      .message as { networks: { type: string }[] };
    expect(info.networks.map((n) => n.type)).toEqual(['TRC20', 'ERC20']);
    const voucher = (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
    const request = (amount: string, extra: Record<string, string> = {}) =>
      s.call('/wallet/charge_req', { currency: String(USDT), type: 'TRC20', amount, voucher, ...extra }, { token: user.token });

    expect((await request('5')).body.message).toBe('The minimum deposit on this network is 10');
    expect((await request('100', { type: 'SOLANA' })).body.message).toBe('Please choose a network');
    const stranger = await s.signUp();
    const theirs = (await s.upload(stranger.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
    expect((await request('100', { voucher: theirs })).body.message).toBe('Please upload the payment voucher');

    const ok = (await request('250.5')).body.message as DepositItem;
    expect(ok).toMatchObject({ status: 'pending', network: 'TRC20', currency: 'USDT' });
    eq(ok.amount, '250.5');
    // One voucher backs one request: a second request with it is refused, in the user's language.
    expect((await request('40')).body).toEqual({
      type: 'error',
      code: 0,
      message: 'This voucher has already been used for a deposit request; please upload the voucher of this payment',
    });
    expect((await request('40', { lang: 'fra' })).body.message).toBe(
      'Ce justificatif a déjà servi pour une demande de dépôt ; veuillez téléverser le justificatif de ce paiement',
    );
    const voucher2 = (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
    const second = (await request('40', { voucher: voucher2 })).body.message as DepositItem;

    expect((await s.ops('/deposits/:id/approve', { id: ok.id })).body.type).toBe('ok');
    expect((await s.ops('/deposits/:id/approve', { id: ok.id })).body).toMatchObject({
      type: 'error',
      message: 'This has already been decided',
    });
    eq((await h.balance(user, USDT)).available, '250.5');
    expect((await s.ops('/deposits/:id/reject', { id: second.id, reason: 'Voucher does not match' })).body.type).toBe('ok');
    eq((await h.balance(user, USDT)).available, '250.5');

    const log = (await s.call('/recharge/log', {}, { ...get, token: user.token })).body.message as Page<DepositItem>;
    expect(log.data.map((d) => [d.status, d.reason])).toEqual([
      ['rejected', 'Voucher does not match'],
      ['approved', null],
    ]);
    const bills = (await s.call('/wallet/bills', { kind: 'deposit' }, { ...get, token: user.token })).body.message as Page<BillItem>;
    expect(bills.data).toHaveLength(1);
    expect(bills.data[0]).toMatchObject({ account: 2, currency: 'USDT', ref_type: 'deposit', ref_id: ok.id });
  });

  it.each([
    ['-5', 'Please enter a correct amount'],
    ['0', 'The amount must be greater than zero'],
    ['0.000', 'The amount must be greater than zero'],
    ['NaN', 'Please enter a correct amount'],
    ['Infinity', 'Please enter a correct amount'],
    ['1e3', 'Please enter a correct amount'],
    ['0x10', 'Please enter a correct amount'],
    ['1.1234567', 'At most 6 decimal places'],
    ['', 'Please enter an amount'],
    [' 1 0', 'Please enter a correct amount'],
  ])('refuses the amount %j everywhere with a clear message', async (number, message) => {
    const user = await s.signUp();
    const res = await s.call(
      '/wallet/change',
      { currency_id: String(USDT), number, from_field: 'change', to_field: 'lever' },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'error', code: 0, message });
  });

  it('moves money between the user’s own accounts, and only the user’s own', async () => {
    const user = await s.signUp();
    const other = await s.signUp();
    await h.credit(user, 'change', 'USDT', '100');
    const move = (body: Record<string, string>) =>
      s.call(
        '/wallet/change',
        { currency_id: String(USDT), number: '30', from_field: 'change', to_field: 'lever', ...body },
        { token: user.token },
      );
    expect((await move({ to_field: 'savings' })).body.message).toBe('Unknown account');
    expect((await move({ to_field: 'change' })).body.message).toBe('Choose two different accounts');
    expect((await move({ number: '100.000001' })).body.message).toBe('Insufficient balance');
    const [otherRow] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [other.email]);
    expect((await move({ user_id: String(otherRow!.id), to_field: '3' })).body.type).toBe('ok');
    expect((await move({ from_field: 'lever', to_field: 'micro', number: '10' })).body.type).toBe('ok');
    eq((await h.balance(user, USDT)).available, '70');
    eq((await h.balance(user, USDT, 'lever')).available, '20');
    eq((await h.balance(user, USDT, '4')).available, '10');
    eq((await h.balance(other, USDT, 'lever')).available, '0');
    const history = (await s.call('/wallet/hzhistory', {}, { ...get, token: user.token })).body.message as Page<{
      from_account: number;
      to_account: number;
    }>;
    expect(history.data.map((t) => [t.from_account, t.to_account])).toEqual([
      [3, 4],
      [2, 3],
    ]);
  });

  it('answers 998 to an unverified withdrawal whatever else was sent', async () => {
    const user = await s.signUp();
    const bodies: Record<string, string>[] = [
      {},
      { currency: 'x', amount: '-1' },
      { currency: String(USDT), amount: '100', target: 'bank', pay_password: '123456' },
    ];
    for (const body of bodies) {
      const res = await s.call('/wallet/out', body, { token: user.token });
      expect(res.body).toEqual({ type: 998, code: 0, message: 'Please complete identity verification first' });
    }
  });

  it('withdraws to a saved address: minimum, fee, arrival, frozen until the operator decides', async () => {
    const user = await s.signUp();
    await h.verify(user);
    await h.setPayPassword(user);
    await h.credit(user, 'change', 'USDT', '500');
    await s.call(
      '/user/wallet/save',
      { currency: 'USDT', name: 'Main', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pay_password: '246810' },
      { token: user.token },
    );
    await s.call(
      '/user/wallet/save',
      { currency: 'BTC', name: 'Cold', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', pay_password: '246810' },
      { token: user.token },
    );
    const addresses = (await s.call('/user/wallet/list', {}, { ...get, token: user.token })).body.message as Page<{
      id: number;
      currency: string;
    }>;
    const usdtAddress = addresses.data.find((a) => a.currency === 'USDT')!.id;
    const btcAddress = addresses.data.find((a) => a.currency === 'BTC')!.id;

    const info = (await s.call('/wallet/get_info', { currency: String(USDT) }, { ...get, token: user.token })).body.message as WithdrawInfo;
    expect(info).toMatchObject({ fee: '1', min: '10', identity_level: 1, limit_btc_24h: '200' });
    eq(info.available, '500');
    // What the limit leaves is also told in the coin being withdrawn: 200 BTC is far more USDT.
    expect(new Decimal(info.remaining_24h!).gt(new Decimal(info.remaining_btc_24h).mul(1000))).toBe(true);
    expect(new Decimal(info.remaining_24h!).decimalPlaces()).toBeLessThanOrEqual(info.decimals);

    const out = (body: Record<string, string>) =>
      s.call(
        '/wallet/out',
        { currency: String(USDT), amount: '100', target: `address:${usdtAddress}`, pay_password: '246810', ...body },
        { token: user.token },
      );
    expect((await out({ amount: '5' })).body.message).toBe('The minimum withdrawal is 10 USDT');
    expect((await out({ target: `address:${btcAddress}` })).body.message).toBe('This address is for another currency');
    expect((await out({ target: 'address:999999' })).body.message).toBe('Please choose where to withdraw to');
    const stranger = await s.signUp();
    await h.setPayPassword(stranger);
    await s.call(
      '/user/wallet/save',
      { currency: 'USDT', name: 'Theirs', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLXX', pay_password: '246810' },
      { token: stranger.token },
    );
    const [theirs] = await s.db.query<{ id: number }>(
      'SELECT w.id FROM wallet_addresses w JOIN users u ON u.id = w.user_id WHERE u.email = $1',
      [stranger.email],
    );
    expect((await out({ target: `address:${theirs!.id}` })).body.message).toBe('Please choose where to withdraw to');
    expect((await out({ target: 'bank' })).body.message).toBe('Please add a bank card first');
    expect((await out({ pay_password: '000000' })).body.message).toBe('Wrong payment password');
    expect((await out({ amount: '600' })).body.message).toBe('Insufficient balance');

    const w = (await out({ remark: 'rent' })).body.message as WithdrawalItem;
    expect(w).toMatchObject({ status: 'pending', fee: '1', target_kind: 'address', target_label: 'Main', remark: 'rent' });
    eq(w.arrival, '99');
    const held = await h.balance(user, USDT);
    eq(held.available, '400');
    eq(held.frozen, '100');

    const rejected = (await out({ amount: '50' })).body.message as WithdrawalItem;
    expect((await s.ops('/withdrawals/:id/reject', { id: rejected.id, reason: 'Address under review' })).body.type).toBe('ok');
    eq((await h.balance(user, USDT)).available, '400');

    const feesBefore = await platformBalance(s, 'fees', USDT);
    expect((await s.ops('/withdrawals/:id/approve', { id: w.id })).body.type).toBe('ok');
    expect((await s.ops('/withdrawals/:id/approve', { id: w.id })).body.message).toBe('This has already been decided');
    expect((await s.ops('/withdrawals/:id/reject', { id: w.id, reason: 'late' })).body.message).toBe('This has already been decided');
    const after = await h.balance(user, USDT);
    eq(after.available, '400');
    eq(after.frozen, '0');
    eq(await platformBalance(s, 'fees', USDT), new Decimal(feesBefore).plus(1).toFixed());

    const list = (await s.call('/user/withdraw/list', {}, { ...get, token: user.token })).body.message as Page<WithdrawalItem>;
    expect(list.data.map((x) => [x.status, x.reason])).toEqual([
      ['rejected', 'Address under review'],
      ['completed', null],
    ]);
  });

  it('holds the 24 h limit of the identity level (200 BTC at level 1)', async () => {
    const user = await s.signUp();
    await h.verify(user);
    await h.setPayPassword(user);
    await h.credit(user, 'change', 'BTC', '300');
    await s.call(
      '/user/wallet/save',
      { currency: 'BTC', name: 'Cold', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', pay_password: '246810' },
      { token: user.token },
    );
    const [address] = ((await s.call('/user/wallet/list', {}, { ...get, token: user.token })).body.message as Page<{ id: number }>).data;
    const out = (amount: string) =>
      s.call(
        '/wallet/out',
        { currency: String(BTC), amount, target: `address:${address!.id}`, pay_password: '246810' },
        { token: user.token },
      );
    expect((await out('150')).body.type).toBe('ok');
    const over = await out('60');
    expect(over.body.type).toBe('error');
    expect(over.body.message).toBe('This exceeds your 24-hour withdrawal limit of 200 BTC; 50 BTC is left');
    expect((await out('50')).body.type).toBe('ok');
    clock.advance(24 * 3600_000 + 1);
    expect((await out('20')).body.type).toBe('ok');
  });

  it('pays bank withdrawals from USDT to the saved card only', async () => {
    const user = await s.signUp();
    await h.verify(user);
    await h.setPayPassword(user);
    await h.credit(user, 'change', 'USDT', '100');
    await h.credit(user, 'change', 'ETH', '1');
    await s.call(
      '/user/cash_save',
      {
        real_name: 'Li Lei',
        card_number: '6222021234567890',
        bank_name: 'ICBC',
        branch: 'Pudong',
        province_city: 'Shanghai',
        phone: '13800138000',
        pay_password: '246810',
      },
      { token: user.token },
    );
    expect(
      (await s.call('/wallet/out', { currency: String(ETH), amount: '0.5', target: 'bank', pay_password: '246810' }, { token: user.token }))
        .body.message,
    ).toBe('Bank withdrawals are paid from USDT');
    const res = await s.call(
      '/wallet/out',
      { currency: String(USDT), amount: '50', target: 'bank', pay_password: '246810' },
      { token: user.token },
    );
    expect(res.body.message).toMatchObject({ target_kind: 'bank', target_label: 'ICBC', target_detail: 'Li Lei **** **** **** 7890' });
  });

  it('exchanges at the market rate with the fee, against the treasury', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '1000');
    const quote = (
      await s.call('/user/getTransferFee', { from_currency_id: String(USDT), to_currency_id: String(BTC) }, { ...get, token: user.token })
    ).body.message as { rate: string; fee_rate: string };
    expect(quote.fee_rate).toBe('0.002');
    const btcPrice = new Decimal(s.app.market.ticker('BTC/USDT')!.price);
    // The server rounds the rate once at its own decimals; re-rounding both sides to 10 digits
    // could differ in the last one, so compare within a relative 1e-9 instead.
    const inverse = new Decimal(1).div(btcPrice);
    expect(new Decimal(quote.rate).minus(inverse).abs().div(inverse).lt('1e-9')).toBe(true);

    expect(
      (
        await s.call(
          '/user/Transfer',
          { number: '10', from_currency_id: String(USDT), to_currency_id: String(USDT) },
          { token: user.token },
        )
      ).body.message,
    ).toBe('Choose two different currencies');
    expect(
      (
        await s.call(
          '/user/Transfer',
          { number: '5000', from_currency_id: String(USDT), to_currency_id: String(BTC) },
          { token: user.token },
        )
      ).body.message,
    ).toBe('Insufficient balance');
    const treasuryBtc = await platformBalance(s, 'treasury', BTC);
    const done = (
      await s.call('/user/Transfer', { number: '500', from_currency_id: String(USDT), to_currency_id: String(BTC) }, { token: user.token })
    ).body.message as ExchangeItem;
    const expected = new Decimal(500).div(btcPrice).mul(0.998).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    eq(done.to_amount, expected.toFixed());
    eq((await h.balance(user, USDT)).available, '500');
    eq((await h.balance(user, BTC)).available, expected.toFixed());
    eq(await platformBalance(s, 'treasury', BTC), new Decimal(treasuryBtc).minus(done.to_amount).minus(done.fee).toFixed());
    const list = (await s.call('/user/getTransferList', {}, { ...get, token: user.token })).body.message as Page<ExchangeItem>;
    expect(list.data[0]).toMatchObject({ id: done.id, from_currency: 'USDT', to_currency: 'BTC' });
  });

  it('never fills below the preview the caller showed: min_receive, else "the price moved"', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '1000');
    const btcPrice = new Decimal(s.app.market.ticker('BTC/USDT')!.price);
    // What the app's preview shows, with the same domain formula.
    const shown = calculateExchange('100', 1, btcPrice, '0.002', 8).receive.toFixed();
    const exchange = (min: string, lang?: string) =>
      s.call(
        '/user/Transfer',
        { number: '100', from_currency_id: String(USDT), to_currency_id: String(BTC), min_receive: min, ...(lang ? { lang } : {}) },
        { token: user.token },
      );
    const above = new Decimal(shown).plus('0.00000001').toFixed();
    expect((await exchange(above)).body).toEqual({ type: 'error', code: 0, message: 'The price moved, please check the new quote' });
    expect((await exchange(above, 'jp')).body.message).toBe('価格が変動しました。新しい見積もりをご確認ください');
    eq((await h.balance(user, USDT)).available, '1000');
    const done = (await exchange(shown)).body.message as ExchangeItem;
    eq(done.to_amount, shown);
    expect((await exchange('abc')).body.message).toBe('Please enter a correct amount');
  });

  it('fills a firm quote at what it promised for its 10 seconds, unless the market moved more than the fee against the platform', async () => {
    const user = await s.signUp();
    const other = await s.signUp();
    await h.credit(user, 'change', 'USDT', '1000');
    await h.credit(other, 'change', 'USDT', '1000');
    const start = s.app.market.ticker('BTC/USDT')!.price;
    const input = { number: '100', from_currency_id: String(USDT), to_currency_id: String(BTC) };
    const quote = async (who = user) =>
      (await s.call('/user/exchangeQuote', input, { ...get, token: who.token })).body.message as ExchangeFirmQuote;
    const fill = (quote_id: string, who = user, number = '100') =>
      s.call('/user/Transfer', { ...input, number, quote_id }, { token: who.token });

    const q = await quote();
    expect(q).toMatchObject({ number: '100', valid_seconds: 10, expires_at: clock.now() + 10_000 });
    eq(q.receive, calculateExchange('100', 1, start, '0.002', 8).receive.toFixed());

    // The price moves against the user by less than the fee: the quote holds, the platform keeps less fee.
    const inFee = new Decimal(start).mul('1.001').toDecimalPlaces(2).toFixed();
    s.app.market.tradeAt('BTC/USDT', inFee);
    clock.advance(9_000);
    const feesBefore = await platformBalance(s, 'fees', BTC);
    const held = (await fill(q.quote_id)).body.message as ExchangeItem;
    eq(held.to_amount, q.receive);
    const worth = new Decimal(100).div(inFee).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    eq(held.fee, worth.minus(q.receive).toFixed());
    expect(new Decimal(held.fee).gte(0)).toBe(true);
    eq(await platformBalance(s, 'fees', BTC), new Decimal(feesBefore).plus(held.fee).toFixed());

    // Expired after its 10 seconds; another user's, another amount's or an edited id is refused; nothing moves.
    const late = await quote();
    clock.advance(10_001);
    expect((await fill(late.quote_id)).body.message).toBe('The quote has expired, please check the new one');
    const mine = await quote();
    expect((await fill(mine.quote_id, other)).body.message).toBe('This quote is not valid for this exchange, please get a new one');
    expect((await fill(mine.quote_id, user, '200')).body.message).toBe('This quote is not valid for this exchange, please get a new one');
    const [body, mac] = mine.quote_id.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), r: new Decimal(mine.receive).mul(2).toFixed() }),
    ).toString('base64url');
    expect((await fill(`${forged}.${mac}`)).body.message).toBe('This quote is not valid for this exchange, please get a new one');
    eq((await h.balance(other, USDT)).available, '1000');

    // A move beyond the fee against the platform refuses the quote; a move the user's way pays the user the live amount.
    const fresh = await quote();
    s.app.market.tradeAt('BTC/USDT', new Decimal(inFee).mul('1.01').toDecimalPlaces(2).toFixed());
    expect((await fill(fresh.quote_id)).body.message).toBe('The price moved, please check the new quote');
    const second = await quote();
    const cheaper = new Decimal(inFee).mul('0.99').toDecimalPlaces(2).toFixed();
    s.app.market.tradeAt('BTC/USDT', cheaper);
    const better = (await fill(second.quote_id)).body.message as ExchangeItem;
    eq(better.to_amount, calculateExchange('100', 1, cheaper, '0.002', 8).receive.toFixed());
    expect(new Decimal(better.to_amount).gt(second.receive)).toBe(true);
    eq((await h.balance(user, USDT)).available, '800');
    s.app.market.tradeAt('BTC/USDT', start);
    await expectLedgerInvariants(s.db);
  });

  it('runs transfer guards inside the transfer’s transaction, before anything moves', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '100');
    const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    const seen: { xid: string; from: number }[] = [];
    s.app.wallets.addTransferGuard(async (q, userId, from) => {
      if (userId !== row!.id) return;
      const [tx] = await q.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      seen.push({ xid: tx!.xid, from });
      // The futures engine's rule: nothing leaves lever while positions are open (here: a marker row).
      if (from === 3 && (await q.query('SELECT 1 FROM settings WHERE keyword = $1', [`open-positions:${userId}`])).length) {
        throw new AppError('errors.paramError');
      }
    });
    const move = (from: string, to: string) =>
      s.call('/wallet/change', { currency_id: String(USDT), number: '10', from_field: from, to_field: to }, { token: user.token });
    expect((await move('change', 'lever')).body.type).toBe('ok');
    const [transfer] = await s.db.query<{ xid: string }>(
      'SELECT xmin::text AS xid FROM transfers WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [row!.id],
    );
    expect(seen.at(-1)).toEqual({ xid: transfer!.xid, from: 2 });
    await s.db.query(`INSERT INTO settings (keyword, value) VALUES ($1, '1')`, [`open-positions:${row!.id}`]);
    expect((await move('lever', 'change')).body.type).toBe('error');
    eq((await h.balance(user, USDT, 'lever')).available, '10');
  });

  it('announces a decision only after it committed', async () => {
    const user = await s.signUp();
    const voucher = (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
    const deposit = (
      await s.call('/wallet/charge_req', { currency: String(USDT), type: 'TRC20', amount: '30', voucher }, { token: user.token })
    ).body.message as DepositItem;
    const hub = s.app.hub;
    const publish = hub.publishToUser.bind(hub);
    const checks: Promise<number>[] = [];
    hub.publishToUser = ((userId, kind, data) => {
      // A separate connection (on PostgreSQL) sees only committed rows.
      if (kind === 'notifications' && typeof data !== 'function') {
        const [item] = (data as NotificationsChange).changed;
        checks.push(s.db.query('SELECT 1 FROM notifications WHERE id = $1', [item!.id]).then((r) => r.length));
      } else if (kind === 'notifications') {
        checks.push(
          (data as () => Promise<NotificationsChange>)().then((change) =>
            s.db.query('SELECT 1 FROM notifications WHERE id = $1', [change.changed[0]!.id]).then((r) => r.length),
          ),
        );
      }
      return publish(userId, kind, data);
    }) as typeof hub.publishToUser;
    try {
      expect((await s.ops('/deposits/:id/approve', { id: deposit.id })).body.type).toBe('ok');
    } finally {
      hub.publishToUser = publish;
    }
    expect(await Promise.all(checks)).toEqual([1]);
  });

  it('counts an invitee as traded once they exchange', async () => {
    const inviter = await s.signUp();
    const code = ((await s.call('/user/info', {}, { ...get, token: inviter.token })).body.message as { invite_code: string }).invite_code;
    const email = `invitee${Date.now()}@example.com`;
    clock.advance(61_000);
    await s.call('/sms_mail', { user_string: email, scene: 'register' });
    const reg = {
      type: 'email',
      user_string: email,
      code: await s.lastCode(email),
      password: 'secret123',
      re_password: 'secret123',
      extension_code: code,
    };
    expect((await s.call('/user/register', reg)).body.type).toBe('ok');
    const invitee = (await s.call('/user/login', { user_string: email, password: 'secret123' })).body.message as string;
    const stats = async () => (await s.call('/user/info', {}, { ...get, token: inviter.token })).body.message;
    expect(await stats()).toMatchObject({ invite_count: 1, traded_invite_count: 0 });
    await s.ops('/credit', { user: email, account: 'change', currency: 'USDT', amount: '50', reason: 'test' });
    expect(
      (await s.call('/user/Transfer', { number: '20', from_currency_id: String(USDT), to_currency_id: String(ETH) }, { token: invitee }))
        .body.type,
    ).toBe('ok');
    expect(await stats()).toMatchObject({ invite_count: 1, traded_invite_count: 1 });
  });

  it('lists the coins a user can hold with what each supports', async () => {
    const user = await s.signUp();
    const list = (await s.call('/currency/user_currency_list', {}, { ...get, token: user.token })).body.message as {
      currency: string;
      can_deposit: boolean;
      can_withdraw: boolean;
    }[];
    expect(list.find((c) => c.currency === 'USDT')).toMatchObject({ can_deposit: true, can_withdraw: true });
    expect(list.find((c) => c.currency === 'SOL')).toMatchObject({ can_deposit: false, can_withdraw: false });
    expect(list.some((c) => c.currency === 'AAPL')).toBe(false);
  });

  it('keeps the journal immutable', async () => {
    await expect(s.db.query('UPDATE journal SET delta_available = 0')).rejects.toThrow(/immutable/);
    await expect(s.db.query('DELETE FROM journal')).rejects.toThrow(/immutable/);
  });

  it('caps every amount at its currency’s per-request maximum on every endpoint, and reads ".5" and "1." alike', async () => {
    const user = await s.signUp();
    await h.verify(user);
    await h.setPayPassword(user);
    await h.credit(user, 'change', 'USDT', '1000');
    const opts = { token: user.token };
    const voucher = (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
    const deposit = (amount: string, lang?: string) =>
      s.call('/wallet/charge_req', { currency: String(USDT), type: 'TRC20', amount, voucher }, { ...opts, lang });
    const over = { type: 'error', code: 0, message: 'At most 10000000 USDT per request' };

    // A deposit request the rules refuse: refused, in the user's language, and nothing recorded.
    expect((await deposit('99999999999999999999')).body).toEqual(over);
    expect((await deposit('10000000.000001')).body).toEqual(over);
    expect((await deposit('10000001', 'vi')).body).toEqual({ ...over, message: 'Tối đa 10000000 USDT mỗi lần' });
    expect((await deposit('99999999999999999999999999')).body).toMatchObject({ type: 'error', code: 0 });
    expect((await s.call('/recharge/log', {}, { ...get, ...opts })).body.message).toMatchObject({ total: 0 });

    const transfer = (number: string) =>
      s.call('/wallet/change', { currency_id: String(USDT), number, from_field: 'change', to_field: 'legal' }, opts);
    expect((await transfer('10000001')).body).toEqual(over);
    expect(
      (await s.call('/user/Transfer', { number: '10000001', from_currency_id: String(USDT), to_currency_id: String(BTC) }, opts)).body,
    ).toEqual(over);
    expect(
      (await s.call('/wallet/out', { currency: String(BTC), amount: '1000.1', target: 'bank', pay_password: '246810' }, opts)).body,
    ).toEqual({
      ...over,
      message: 'At most 1000 BTC per request',
    });
    const credit = (amount: string) => s.ops('/credit', { user: user.email, account: 'change', currency: 'BTC', amount, reason: 'x' });
    expect((await credit('1000.00000001')).body).toEqual({ ...over, message: 'At most 1000 BTC per request' });
    expect((await credit('9'.repeat(40))).body).toEqual({ ...over, message: 'At most 1000 BTC per request' });
    expect((await credit('1000')).body.type).toBe('ok');

    // ".5" is 0.5 and "1." is 1 on every endpoint, stored in the normalised form.
    expect((await transfer('.5')).body.type).toBe('ok');
    expect((await transfer('1.')).body.type).toBe('ok');
    eq((await h.balance(user, USDT, 'legal')).available, '1.5');
    const pending = (await deposit('12.')).body.message as DepositItem;
    expect(pending).toMatchObject({ status: 'pending' });
    eq(pending.amount, '12');
    const exchanged = (await s.call('/user/Transfer', { number: '.5', from_currency_id: String(USDT), to_currency_id: String(BTC) }, opts))
      .body.message as ExchangeItem;
    eq(exchanged.from_amount, '0.5');
  });

  it('credits by hand from the operator console, by email, phone or id', async () => {
    const user = await s.signUp();
    const phone = await s.bindMobile(user.token, user.ip);
    const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    for (const who of [user.email, `+${phone.area_code}${phone.mobile}`, String(row!.id)]) {
      const res = await s.ops('/credit', { user: who, account: 'legal', currency: 'usdt', amount: '1.5', reason: 'goodwill' });
      expect(res.body.type, who).toBe('ok');
    }
    eq((await h.balance(user, USDT, 'legal')).available, '4.5');
    expect(
      (await s.ops('/credit', { user: 'nobody@example.com', account: 'legal', currency: 'USDT', amount: '1', reason: 'x' })).body.message,
    ).toBe('No such user');
    expect((await s.ops('/credit', { user: user.email, account: 'legal', currency: 'USDT', amount: '-1', reason: 'x' })).body.message).toBe(
      'Please enter a correct amount',
    );
  });
});

describe('the treasury float', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  let h: ReturnType<typeof accountHelpers>;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
  });
  afterAll(async () => {
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('pays an exchange from the user’s treasury shard, refilled from the main row to its share and swept back above twice it; refuses more than the treasury holds', async () => {
    const user = await s.signUp();
    const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    const shard = shardOf(row!.id);
    const treasury = async (currencyId: number, which: number) => {
      const [b] = await s.db.query<{ available: string }>(
        `SELECT available::text AS available FROM balances WHERE platform = 'treasury' AND shard = $1 AND currency_id = $2`,
        [which, currencyId],
      );
      return new Decimal(b?.available ?? 0);
    };
    await h.credit(user, 'change', 'USDT', '100000');
    await h.credit(user, 'change', 'BTC', '5');
    const exchange = (number: string, from: number, to: number, lang?: string) =>
      s.call(
        '/user/Transfer',
        { number, from_currency_id: String(from), to_currency_id: String(to), ...(lang ? { lang } : {}) },
        { token: user.token },
      );
    // A new server's treasury is all on its main rows (the seed's liquidity and what its history moved).
    const btc0 = await treasury(BTC, 0);
    const usdt0 = await treasury(USDT, 0);
    eq(await platformBalance(s, 'treasury', BTC), btc0.toFixed());
    eq(await platformBalance(s, 'treasury', USDT), usdt0.toFixed());
    const btcShare = btc0.div(64).toDecimalPlaces(8, Decimal.ROUND_DOWN);

    // USDT → BTC: the empty BTC shard is refilled to its share of the treasury and pays from it;
    // the USDT the treasury takes stays on the shard (under twice its share).
    const first = (await exchange('1000', USDT, BTC)).body.message as ExchangeItem;
    const paid = new Decimal(first.to_amount).plus(first.fee);
    eq((await treasury(BTC, shard)).toFixed(), btcShare.toFixed());
    eq((await treasury(BTC, 0)).toFixed(), btc0.minus(btcShare).minus(paid).toFixed());
    eq((await treasury(USDT, shard)).toFixed(), '1000');
    eq((await treasury(USDT, 0)).toFixed(), usdt0.toFixed());
    eq(await platformBalance(s, 'treasury', BTC), btc0.minus(paid).toFixed());

    // A second one the shard can pay touches nothing else: the main row is not even locked.
    const second = (await exchange('1000', USDT, BTC)).body.message as ExchangeItem;
    eq((await treasury(BTC, shard)).toFixed(), btcShare.minus(second.to_amount).minus(second.fee).toFixed());
    eq((await treasury(BTC, 0)).toFixed(), btc0.minus(btcShare).minus(paid).toFixed());

    // 2 BTC → USDT: the BTC shard would hold more than twice its share, so the surplus goes back
    // to the main row and the shard keeps its share of the treasury as it stood.
    const totalBtc = new Decimal(await platformBalance(s, 'treasury', BTC));
    expect((await treasury(BTC, shard)).plus(2).gt(totalBtc.div(32))).toBe(true);
    expect((await exchange('2', BTC, USDT)).body.type).toBe('ok');
    eq((await treasury(BTC, shard)).toFixed(), totalBtc.div(64).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
    eq(await platformBalance(s, 'treasury', BTC), totalBtc.plus(2).toFixed());

    // More BTC than the whole treasury holds: refused in the caller's language, nothing moved.
    const price = new Decimal(s.app.market.ticker('BTC/USDT')!.price);
    const tooMuch = price.mul(totalBtc.plus(10)).ceil().toFixed();
    await h.credit(user, 'change', 'USDT', tooMuch);
    const before = await h.balance(user, USDT);
    expect((await exchange(tooMuch, USDT, BTC)).body).toEqual({
      type: 'error',
      code: 0,
      message: 'The platform cannot exchange this amount right now, please try a smaller amount',
    });
    expect((await exchange(tooMuch, USDT, BTC, 'jp')).body.message).toBe('現在この数量は両替できません。数量を減らしてお試しください');
    expect(await h.balance(user, USDT)).toEqual(before);
    eq(await platformBalance(s, 'treasury', BTC), totalBtc.plus(2).toFixed());
  });
});

/** A platform account's money in one currency, over its main row and its shards. */
async function platformBalance(s: TestServer, platform: string, currencyId: number): Promise<string> {
  const [row] = await s.db.query<{ available: string | null }>(
    'SELECT SUM(available)::text AS available FROM balances WHERE platform = $1 AND currency_id = $2',
    [platform, currencyId],
  );
  return row?.available ?? '0';
}
