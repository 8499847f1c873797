import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../domain/api/envelope';
import type { BankCard, WalletAddress } from '../../domain/targets/types';
import type { FiatRateInfo } from '../../domain/rates/types';
import type { UserInfo } from '../../domain/profile/types';
import { ManualClock } from '../../server/clock';
import { startServer, type TestServer } from './harness';
import { JPEG_1PX } from './images';

const get = { method: 'GET' as const };

describe('profile', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
  });
  afterAll(() => s.close());
  const info = async (token: string) => (await s.call('/user/info', {}, { ...get, token })).body.message as UserInfo;

  it.each([
    ['a', 'The nickname needs 2 to 10 characters'],
    ['abcdefghijk', 'This text is too long'],
    ['ab!', 'Use only letters, digits, spaces, hyphens or apostrophes'],
    ['Bob 😀', 'Use only letters, digits, spaces, hyphens or apostrophes'],
    ['a\u200bb', 'Use only letters, digits, spaces, hyphens or apostrophes'],
    ['', 'Please enter a nickname'],
  ])('refuses the nickname %j', async (nickname, message) => {
    const user = await s.signUp();
    expect((await s.call('/user/editNickname', { nickname }, { token: user.token })).body).toEqual({ type: 'error', code: 0, message });
  });

  it('takes nicknames and signatures in Chinese, English and digits, counting characters not bytes', async () => {
    const user = await s.signUp();
    expect((await s.call('/user/editNickname', { nickname: '交易员小王2026' }, { token: user.token })).body.type).toBe('ok');
    expect((await s.call('/user/editSignature', { signature: 'Hodl' + '稳'.repeat(26) }, { token: user.token })).body.type).toBe('ok');
    expect((await s.call('/user/editSignature', { signature: 'x' }, { token: user.token })).body.message).toBe(
      'The signature needs 2 to 30 characters',
    );
    expect((await s.call('/user/editSignature', { signature: 'x'.repeat(31) }, { token: user.token })).body.message).toBe(
      'This text is too long',
    );
    expect(await info(user.token)).toMatchObject({ nickname: '交易员小王2026', signature: 'Hodl' + '稳'.repeat(26) });
  });

  it.each(['Nguyễn', 'José', 'Thảo 9', '王小明', 'Zoë-Anne', "O'Brien", 'Иван', 'สมชาย'])(
    'takes the nickname %j, as stored and shown',
    async (nickname) => {
      const user = await s.signUp();
      expect((await s.call('/user/editNickname', { nickname }, { token: user.token })).body.type).toBe('ok');
      expect((await info(user.token)).nickname).toBe(nickname);
    },
  );

  it('takes a signature with spaces and punctuation, refuses emoji, and says so in the request language', async () => {
    const user = await s.signUp();
    const signature = 'Tôi yêu Bitcoin, mãi mãi!';
    expect((await s.call('/user/editSignature', { signature }, { token: user.token })).body.type).toBe('ok');
    expect((await info(user.token)).signature).toBe(signature);
    expect((await s.call('/user/editSignature', { signature: 'To the moon 🚀' }, { token: user.token, lang: 'vi' })).body).toEqual({
      type: 'error',
      code: 0,
      message: 'Chỉ dùng chữ cái, chữ số, khoảng trắng và dấu câu (không dùng emoji hay ký hiệu)',
    });
  });

  it('sets the avatar from the user’s own avatar upload only', async () => {
    const user = await s.signUp();
    const other = await s.signUp();
    const mine = (await s.upload(user.token, JPEG_1PX, { scene: 'avatar' })).body.message as string;
    const theirs = (await s.upload(other.token, JPEG_1PX, { scene: 'avatar' })).body.message as string;
    const privateOne = (await s.upload(user.token, JPEG_1PX, { scene: 'identity' })).body.message as string;
    expect((await s.call('/user/uploadHeadPortrait', { head_portrait: theirs }, { token: user.token })).body.message).toBe(
      'Please upload an avatar image',
    );
    expect((await s.call('/user/uploadHeadPortrait', { head_portrait: privateOne }, { token: user.token })).body.message).toBe(
      'Please upload an avatar image',
    );
    expect(
      (await s.call('/user/uploadHeadPortrait', { head_portrait: 'https://evil.example/x.jpg' }, { token: user.token })).body.type,
    ).toBe('error');
    expect((await s.call('/user/uploadHeadPortrait', { head_portrait: mine }, { token: user.token })).body.message).toBe(mine);
    expect((await info(user.token)).avatar).toBe(mine);
  });

  it('remembers the display currency and the language', async () => {
    const user = await s.signUp();
    expect((await s.call('/user/setFiat', { fiat: 'CNY' }, { token: user.token })).body.type).toBe('ok');
    expect((await s.call('/user/setFiat', { fiat: 'XXX' }, { token: user.token })).body.message).toBe('Unknown currency');
    expect((await s.call('/user/setLanguage', { language: 'jp' }, { token: user.token })).body.type).toBe('ok');
    expect((await s.call('/user/setLanguage', { language: 'klingon' }, { token: user.token })).body.message).toBe('Unknown language');
    expect(await info(user.token)).toMatchObject({ fiat: 'CNY', lang: 'jp' });
  });

  it('serves display rates for every fiat currency, with the time they were fetched', async () => {
    const all = (await s.call('/wallet/getRateCurrency', {}, get)).body.message as FiatRateInfo[];
    expect(all.map((r) => r.currency_code)).toEqual(['USDT', 'USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND']);
    expect(all.every((r) => /^\d+(\.\d+)?$/.test(r.rate) && r.saveTime > 0)).toBe(true);
    expect((await s.call('/wallet/getRateCurrency', { id: 'cny' }, get)).body.message).toEqual([
      all.find((r) => r.currency_code === 'CNY'),
    ]);
  });
});

describe('withdrawal targets', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(() => s.close());

  async function withPayPassword() {
    const user = await s.signUp();
    clock.advance(61_000);
    expect((await s.call('/safe/send_code', { channel: 'email' }, { token: user.token, ip: user.ip })).body.type).toBe('ok');
    const code = await s.lastCode(user.email);
    const set = await s.call(
      '/safe/pay_password',
      { pay_password: '246810', re_pay_password: '246810', code },
      { token: user.token, ip: user.ip },
    );
    expect(set.body.type).toBe('ok');
    return user;
  }

  it('needs a payment password before any target is saved', async () => {
    const user = await s.signUp();
    const res = await s.call(
      '/user/wallet/save',
      { currency: 'BTC', name: 'Cold', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', pay_password: '123456' },
      { token: user.token },
    );
    expect(res.body.message).toBe('Please set a payment password first');
  });

  it('saves, pages and deletes wallet addresses, each only by its owner', async () => {
    const user = await withPayPassword();
    const other = await withPayPassword();
    const qr = (await s.upload(user.token, JPEG_1PX, { scene: 'qrcode' })).body.message as string;
    const save = (body: Record<string, string>, token = user.token) =>
      s.call('/user/wallet/save', { pay_password: '246810', ...body }, { token });
    expect((await save({ currency: 'DOGECOINZ', name: 'x', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })).body.message).toBe(
      'Please choose a currency',
    );
    expect((await save({ currency: 'USDT', name: 'x', address: 'short' })).body.message).toBe('Please enter a correct wallet address');
    expect((await save({ currency: 'USDT', name: '', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })).body.message).toBe(
      'Please give this address a name',
    );
    for (let i = 0; i < 12; i++) {
      expect(
        (
          await save({
            currency: i % 2 ? 'BTC' : '3',
            name: `Addr ${i}`,
            address: `TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbL${String(i).padStart(2, '0')}`,
            ...(i === 0 ? { qrcode: qr } : {}),
          })
        ).body.type,
      ).toBe('ok');
    }
    const first = (await s.call('/user/wallet/list', {}, { method: 'GET', token: user.token })).body.message as Page<WalletAddress>;
    expect(first).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(first.data).toHaveLength(10);
    const second = (await s.call('/user/wallet/list', { page: '2' }, { method: 'GET', token: user.token })).body
      .message as Page<WalletAddress>;
    const oldest = second.data.at(-1)!;
    expect(oldest).toMatchObject({ currency: 'USDT', name: 'Addr 0' });
    expect(oldest.qrcode).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg\?exp=/);

    const del = (id: number, token: string) => s.call('/user/wallet/delete', { id: String(id), pay_password: '246810' }, { token });
    expect((await del(oldest.id, other.token)).body.message).toBe('Not found');
    expect((await del(oldest.id, user.token)).body.type).toBe('ok');
    expect((await del(oldest.id, user.token)).body.message).toBe('Not found');
    expect(((await s.call('/user/wallet/list', {}, { method: 'GET', token: other.token })).body.message as Page<WalletAddress>).total).toBe(
      0,
    );
  });

  const domestic = {
    real_name: 'Li Lei',
    card_number: '6222 0212 3456 7890',
    bank_name: 'ICBC',
    branch: 'Shanghai Pudong',
    province_city: 'Shanghai',
    phone: '13800138000',
  };
  const international = {
    real_name: 'Jane Doe',
    card_number: '4111111111111111',
    bank_name: 'Chase',
    branch: 'Manhattan',
    swift_code: 'chasus33',
    aba_number: '021000021',
    address: '1 Main St, New York',
    phone: '+12125550100',
  };

  it.each(Object.keys(domestic))('refuses a domestic card without %s', async (field) => {
    const user = await withPayPassword();
    const res = await s.call('/user/cash_save', { ...domestic, [field]: '', pay_password: '246810' }, { token: user.token });
    expect(res.body.type).toBe('error');
    expect(String(res.body.message)).toMatch(/^Please enter/);
  });

  it('saves both cards, shows them masked to their owner only, and replaces on save', async () => {
    const user = await withPayPassword();
    const other = await withPayPassword();
    expect((await s.call('/user/cash_save', { ...domestic, pay_password: '000000' }, { token: user.token })).body.message).toBe(
      'Wrong payment password',
    );
    expect((await s.call('/user/cash_save', { ...domestic, pay_password: '246810' }, { token: user.token })).body.type).toBe('ok');
    expect(
      (
        await s.call(
          '/user/cash_save_international',
          { ...international, swift_code: 'BAD', pay_password: '246810' },
          { token: user.token },
        )
      ).body.message,
    ).toBe('The SWIFT code has 8 or 11 letters and digits');
    expect(
      (
        await s.call(
          '/user/cash_save_international',
          { ...international, aba_number: '123', pay_password: '246810' },
          { token: user.token },
        )
      ).body.message,
    ).toBe('The ABA routing number has 9 digits');
    expect(
      (await s.call('/user/cash_save_international', { ...international, pay_password: '246810' }, { token: user.token })).body.type,
    ).toBe('ok');
    const card = (await s.call('/user/cash_info', {}, { token: user.token })).body.message as BankCard;
    expect(card).toMatchObject({ kind: 'domestic', real_name: 'Li Lei', card_number: '**** **** **** 7890', province_city: 'Shanghai' });
    const intl = (await s.call('/user/cash_info_international', {}, { token: user.token })).body.message as BankCard;
    expect(intl).toMatchObject({ swift_code: 'CHASUS33', aba_number: '021000021', card_number: '**** **** **** 1111' });
    expect((await s.call('/user/cash_info', {}, { token: other.token })).body.message).toBeNull();
    await s.call('/user/cash_save', { ...domestic, bank_name: 'BOC', pay_password: '246810' }, { token: user.token });
    expect(((await s.call('/user/cash_info', {}, { token: user.token })).body.message as BankCard).bank_name).toBe('BOC');
  });
});
