/**
 * Becoming a user and becoming able to withdraw: registration by email code, identity level 1
 * (a phone bound, the basic form, the operator's approval) and the payment password with a saved
 * USDT address. Each goes through the same endpoints as the app.
 */
import { LANGS } from '../../../domain/i18n';
import { JPEG_1PX } from '../../server/images';
import { isOk } from '../http';
import type { Ctx, SimUser } from '../types';
import type { AreaModule } from './area';

export const PAY_PASSWORD = '135790';
export const PASSWORD = 'sim-Secret-1';

/** The newest code the dev outbox holds for `to`. */
export async function lastCode(ctx: Ctx, to: string): Promise<string | null> {
  const answer = await ctx.http.call('/dev/outbox', { to }, { method: 'GET' });
  const list = answer.body as unknown as { code: string }[] | null;
  return Array.isArray(list) && list[0] ? list[0].code : null;
}

/** A voucher image uploaded by `user` (deposits, OTC payments). */
export async function voucher(ctx: Ctx, user: SimUser): Promise<string | null> {
  const up = await ctx.http.upload(user.token, JPEG_1PX, 'voucher', user.ip);
  if (up.status >= 500 || up.status === 0) ctx.violation(`/upload: HTTP ${up.status}`);
  return isOk(up) ? up.body.message : null;
}

export const accounts: AreaModule = {
  actions: [
    {
      kind: 'register',
      area: 'accounts',
      weight: 12,
      byUser: false,
      gen: (rng) => ({ lang: rng.weighted(LANGS.map((l) => [l, l === 'en' ? 4 : 1] as const)) }),
      async run(ctx, _user, a) {
        if (ctx.users.length >= 400) return 'skipped';
        const index = ctx.users.length;
        const email = `sim${index}.${ctx.step}@kestrel.test`;
        const ip = `10.77.${index >> 8}.${(index & 255) + 1}`;
        const lang = String(a.lang);
        const sent = await ctx.http.call('/sms_mail', { user_string: email, scene: 'register' }, { ip, lang });
        if (!isOk(sent)) return (ctx.violation(`/sms_mail refused a new address: ${String(sent.body?.message)}`), 'refused');
        const code = await lastCode(ctx, email);
        if (!code) return (ctx.violation(`no code was sent to ${email}`), 'refused');
        const reg = await ctx.http.call<string>(
          '/user/register',
          { type: 'email', user_string: email, code, password: PASSWORD, re_password: PASSWORD },
          { ip, lang },
        );
        if (!isOk(reg)) return (ctx.violation(`/user/register: ${String(reg.body?.message)}`), 'refused');
        const [row] = await ctx.query<{ id: string }>('SELECT id::text FROM users WHERE email = $1', [email]);
        ctx.users.push({
          index,
          id: Number(row!.id),
          email,
          password: PASSWORD,
          token: reg.body.message,
          signedInAt: ctx.world.clock.now(),
          seenAt: ctx.world.clock.now(),
          signIns: 0,
          ip,
          lang,
          verified: false,
          payPassword: false,
          addressId: null,
        });
        return 'ok';
      },
    },
    {
      kind: 'verify',
      area: 'accounts',
      weight: 1.5,
      byUser: true,
      gen: (rng) => ({ reject: rng.chance(0.1) }),
      async run(ctx, user, a) {
        const u = user!;
        if (u.verified) return 'skipped';
        const [has] = await ctx.query<{ mobile: string | null }>('SELECT mobile FROM users WHERE id = $1', [u.id]);
        if (!has?.mobile) {
          const mobile = `7${String(100000 + u.index).padStart(9, '0')}`;
          const sent = await ctx.call(u, '/sms_send', { area_code: '44', mobile, scene: 'bind' });
          if (!isOk(sent)) return 'refused';
          const code = await lastCode(ctx, `+44${mobile}`);
          const bound = await ctx.call(u, '/safe/mobile', { area_code: '44', mobile, code: code ?? '000000' });
          if (!isOk(bound)) return 'refused';
        }
        const real = await ctx.call(u, '/user/real', {
          real_type: '1',
          id_type: 'passport',
          // Letters only, as a document's name is: the user's number spelt in letters.
          name: `Sim ${[...String(u.index)].map((d) => 'ABCDEFGHIJ'[Number(d)]).join('')}`,
          card_id: `P${String(u.index).padStart(7, '0')}`,
          country: 'GB',
        });
        if (!isOk(real)) return 'refused';
        const list = await ctx.ops<{ id: number; email: string; status?: string }[]>('/identities');
        const mine = isOk(list) ? list.body.message.filter((i) => i.email === u.email).at(-1) : undefined;
        if (!mine) return (ctx.violation(`the operator does not see ${u.email}'s identity`), 'refused');
        if (a.reject) {
          await ctx.ops('/identities/:id/reject', { id: mine.id, reason: 'The photo is unreadable' });
          return 'refused';
        }
        await ctx.ops('/identities/:id/approve', { id: mine.id });
        u.verified = true;
        return 'ok';
      },
    },
    {
      kind: 'secure',
      area: 'accounts',
      weight: 1.5,
      byUser: true,
      gen: () => ({}),
      async run(ctx, user) {
        const u = user!;
        if (!u.payPassword) {
          const sent = await ctx.call(u, '/safe/send_code', { channel: 'email' });
          // One code a minute: a refusal here is the throttle, and the user tries again later.
          if (!isOk(sent)) return 'refused';
          const code = await lastCode(ctx, u.email);
          const set = await ctx.call(u, '/safe/pay_password', {
            pay_password: PAY_PASSWORD,
            re_pay_password: PAY_PASSWORD,
            code: code ?? '',
          });
          if (!isOk(set)) return 'refused';
          u.payPassword = true;
        }
        if (u.addressId === null) {
          const saved = await ctx.call(u, '/user/wallet/save', {
            currency: 'USDT',
            name: 'Main',
            address: `TQn9Y2khEsLJW1ChVWFMSMeRDow5K${String(u.index).padStart(5, '0')}`,
            pay_password: PAY_PASSWORD,
          });
          if (!isOk(saved)) return 'refused';
          const [row] = await ctx.query<{ id: string }>(
            'SELECT id::text FROM wallet_addresses WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
            [u.id],
          );
          u.addressId = Number(row!.id);
        }
        return 'ok';
      },
    },
  ],
};
