/**
 * Money in, around and out: a deposit request with its voucher decided by the operator, a
 * transfer between the user's accounts, an exchange at the market rate, a withdrawal behind the
 * payment password decided by the operator. Every money call carries an `Idempotency-Key` and
 * may be retried or cut off (`fault`).
 */
import type { DepositItem, WithdrawalItem } from '../../../domain/funds/types';
import { isOk } from '../http';
import { drawFault, shareOf } from '../faults';
import type { Ctx, SimUser } from '../types';
import type { AreaModule } from './area';
import { PAY_PASSWORD, voucher } from './accounts';

const ACCOUNTS = ['legal', 'change', 'lever', 'micro'] as const;
const USDT = 3;

const count = (ctx: Ctx, table: string, user: SimUser) => async () =>
  Number((await ctx.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table} WHERE user_id = $1`, [user.id]))[0]!.n);

export const funds: AreaModule = {
  actions: [
    {
      kind: 'deposit',
      area: 'funds',
      weight: 6,
      byUser: true,
      gen: (rng) => ({
        coin: rng.weighted([
          ['USDT', 8],
          ['BTC', 1],
          ['ETH', 1],
        ] as const),
        // Whole units keep amounts readable; BTC and ETH deposits are small.
        amount: rng.weighted([
          [String(rng.int(50, 5_000)), 7],
          [String(rng.int(5_000, 60_000)), 2],
          [String(rng.int(1, 9)), 1],
        ] as const),
        reject: rng.chance(0.1),
        // Most users who deposit USDT move some of it on to trade futures and options.
        spread: rng.chance(0.6),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const currency = a.coin === 'BTC' ? 1 : a.coin === 'ETH' ? 2 : USDT;
        const amount = currency === USDT ? String(a.amount) : `0.${String(a.amount).padStart(2, '0')}`;
        const info = await ctx.call<{ networks: { type: string }[] }>(u, '/wallet/get_in_address', { currency: String(currency) }, 'GET');
        if (!isOk(info) || !info.body.message.networks[0]) return 'refused';
        const image = await voucher(ctx, u);
        if (!image) return 'refused';
        const asked = await ctx.money<DepositItem>(u, {
          path: '/wallet/charge_req',
          params: { currency: String(currency), type: info.body.message.networks[0].type, amount, voucher: image },
          fault: a.fault as never,
          effects: count(ctx, 'deposits', u),
        });
        if (!isOk(asked)) return 'refused';
        const id = asked.body.message.id;
        if (a.reject) {
          await ctx.ops('/deposits/:id/reject', { id, reason: 'The voucher does not match the amount' });
          return 'ok';
        }
        await ctx.ops('/deposits/:id/approve', { id });
        if (a.spread && currency === USDT)
          for (const [to, percent] of [
            ['lever', 30],
            ['micro', 20],
          ] as const)
            await ctx.money(u, {
              path: '/wallet/change',
              params: { currency_id: String(USDT), number: shareOf(amount, percent, 2), from_field: 'change', to_field: to },
              fault: 'none',
            });
        return 'ok';
      },
    },
    {
      kind: 'transfer',
      area: 'funds',
      weight: 6,
      byUser: true,
      gen: (rng) => {
        // Mostly from the coin account (where deposits arrive) to the futures and options accounts.
        const from = rng.weighted([
          ['change', 7],
          ['lever', 1],
          ['micro', 1],
          ['legal', 1],
        ] as const);
        const to =
          from === 'change'
            ? rng.weighted([
                ['lever', 5],
                ['micro', 4],
                ['legal', 1],
              ] as const)
            : rng.pick(ACCOUNTS.filter((x) => x !== from));
        return { from, to, share: rng.int(5, 100), coin: rng.chance(0.85) ? USDT : rng.pick([1, 2]), fault: drawFault(rng) };
      },
      async run(ctx, user, a) {
        const u = user!;
        const detail = await ctx.call<{ available: string }>(
          u,
          '/wallet/detail',
          { currency: String(a.coin), type: String(a.from) },
          'GET',
        );
        if (!isOk(detail)) return 'refused';
        const decimals = a.coin === USDT ? 2 : 6;
        // Sometimes more than the user has, to see the refusal; mostly a share of it.
        const amount =
          Number(a.share) === 100
            ? shareOf(detail.body.message.available, 150, decimals)
            : shareOf(detail.body.message.available, Number(a.share), decimals);
        if (Number(amount) <= 0) return 'skipped';
        const answer = await ctx.money(u, {
          path: '/wallet/change',
          params: { currency_id: String(a.coin), number: amount, from_field: String(a.from), to_field: String(a.to) },
          fault: a.fault as never,
          effects: count(ctx, 'transfers', u),
        });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'exchange',
      area: 'funds',
      weight: 2,
      byUser: true,
      gen: (rng) => ({ to: rng.pick([1, 2, 4, 5, 6]), back: rng.chance(0.4), share: rng.int(1, 40), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        const [from, to] = a.back ? [Number(a.to), USDT] : [USDT, Number(a.to)];
        const detail = await ctx.call<{ available: string }>(u, '/wallet/detail', { currency: String(from), type: 'change' }, 'GET');
        if (!isOk(detail)) return 'refused';
        const amount = shareOf(detail.body.message.available, Number(a.share), from === USDT ? 2 : 6);
        if (Number(amount) <= 0) return 'skipped';
        const answer = await ctx.money(u, {
          path: '/user/Transfer',
          params: { number: amount, from_currency_id: String(from), to_currency_id: String(to) },
          fault: a.fault as never,
          effects: count(ctx, 'exchanges', u),
        });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'withdraw',
      area: 'funds',
      weight: 2,
      byUser: true,
      gen: (rng) => ({ share: rng.int(5, 60), reject: rng.chance(0.2), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        if (!u.verified || !u.payPassword || u.addressId === null) return 'skipped';
        const detail = await ctx.call<{ available: string }>(u, '/wallet/detail', { currency: String(USDT), type: 'change' }, 'GET');
        if (!isOk(detail)) return 'refused';
        const amount = shareOf(detail.body.message.available, Number(a.share), 0);
        if (Number(amount) < 1) return 'skipped';
        const out = await ctx.money<WithdrawalItem>(u, {
          path: '/wallet/out',
          params: { currency: String(USDT), amount, target: `address:${u.addressId}`, pay_password: PAY_PASSWORD },
          fault: a.fault as never,
          effects: count(ctx, 'withdrawals', u),
        });
        if (!isOk(out)) return 'refused';
        const id = out.body.message.id;
        if (a.reject) await ctx.ops('/withdrawals/:id/reject', { id, reason: 'The address failed screening' });
        else await ctx.ops('/withdrawals/:id/approve', { id });
        return 'ok';
      },
    },
  ],
};
