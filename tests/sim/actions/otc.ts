/**
 * OTC (docs/OTC.md): users buy and sell USDT on the seeded adverts, within the advert's fiat
 * bounds, their per-trade limit, the merchant's capacity and their own balance (and sometimes
 * outside them, which the server must refuse). A buyer marks the order paid at once, cancels it,
 * or leaves it; the later steps (marking paid or cancelling within the 15-minute window,
 * appealing) pick an order when they run and act as its owner, since the window is too short for
 * the drawn user to be the buyer. The operator, acting for the merchants, releases paid buy
 * orders, confirms sell orders and cancels some; unpaid buy orders expire by the engine as the
 * clock moves.
 */
import { Decimal } from '../../../domain/decimal';
import type { OtcAdvert, OtcLimits } from '../../../domain/otc/types';
import { drawFault } from '../faults';
import { isOk } from '../http';
import type { Action, Ctx, Outcome, SimUser } from '../types';
import type { AreaModule, Query } from './area';
import { accounts } from './accounts';

const USDT = 3;
/** The engine's periodic sweep (`OtcEngine` retryEveryMs): an expiry is late only past this. */
const EXPIRY_GRACE_MS = 60_000;

/** What an unverified user does at an action that needs identity level 1: verify first (as the app leads them to on 998), try anyway (998), or leave it. */
export const IDENTITY_CHOICE = [
  ['verify', 6],
  ['anyway', 1],
  ['leave', 3],
] as const;

/**
 * Before an action that needs identity level 1: a verified user goes on; an unverified one, as
 * `choice` says, goes through identity verification first (the accounts module's own `verify`),
 * tries anyway (the server answers 998), or leaves. Answers the outcome to stop with, or null to go on.
 */
export async function identityFirst(ctx: Ctx, user: SimUser, choice: unknown): Promise<'skipped' | 'refused' | null> {
  if (user.verified || choice === 'anyway') return null;
  if (choice !== 'verify') return 'skipped';
  const verify = accounts.actions.find((s) => s.kind === 'verify')!;
  return (await verify.run(ctx, user, { reject: false })) === 'ok' && user.verified ? null : 'refused';
}

const countOrders = (ctx: Ctx, user: SimUser) => async () =>
  Number((await ctx.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM otc_orders WHERE user_id = $1', [user.id]))[0]!.n);

interface OrderPick {
  id: string;
  user_id: string;
  side: 'buy' | 'sell';
  state: string;
  appealed: boolean;
}

/** One of the user's orders (everyone's when `userId` is null) in `states` (any when null) and `extra`, picked by the action's chance; null when none. */
async function pickOrder(ctx: Ctx, userId: number | null, states: string[] | null, extra = 'TRUE'): Promise<OrderPick | null> {
  const where = [extra];
  const params: string[] = [];
  if (userId !== null) where.push(`user_id = $${params.push(String(userId))}`);
  if (states !== null) where.push(`state = ANY($${params.push(`{${states.join(',')}}`)}::text[])`);
  const rows = await ctx.query<OrderPick>(
    `SELECT id::text, user_id::text, side, state, appealed_at IS NOT NULL AS appealed FROM otc_orders WHERE ${where.join(' AND ')} ORDER BY id`,
    params,
  );
  return rows.length ? ctx.rng.pick(rows) : null;
}

/** Who acts on `o`: its owner, or (`foreign`) another simulated user, who must get "no such order"; null when there is none. */
function actor(ctx: Ctx, o: OrderPick, foreign: boolean): SimUser | null {
  const others = ctx.users.filter((x) => String(x.id) !== o.user_id);
  if (foreign) return others.length ? ctx.rng.pick(others) : null;
  return ctx.users.find((x) => String(x.id) === o.user_id) ?? null;
}

const down = (d: Decimal, places: number) => d.toDecimalPlaces(places, Decimal.ROUND_DOWN);
const up = (d: Decimal, places: number) => d.toDecimalPlaces(places, Decimal.ROUND_UP);

/** Where an order's amount lies: inside every bound, or past one of them (the server must refuse it). */
type Where = 'inside' | 'belowMin' | 'aboveMax' | 'aboveLimit' | 'aboveBalance';

/**
 * The buyer of a pending buy order acts on it (`path`: mark paid, cancel); `wrong` picks an order
 * in another state and `foreign` lets another user try, and either must be refused.
 */
async function onPendingBuy(ctx: Ctx, a: Action['a'], path: string, verb: string): Promise<Outcome> {
  const o = a.wrong
    ? await pickOrder(ctx, null, null, `NOT (side = 'buy' AND state = 'pending_payment')`)
    : await pickOrder(ctx, null, ['pending_payment']);
  const u = o && actor(ctx, o, Boolean(a.foreign));
  if (!o || !u) return 'skipped';
  const answer = await ctx.money(u, { path, params: { id: o.id }, fault: a.fault as never });
  if (isOk(answer) && (a.wrong || a.foreign))
    ctx.violation(`OTC order ${o.id} (${o.side}, ${o.state}, user ${o.user_id}) was ${verb} by user ${u.id}`);
  return isOk(answer) ? 'ok' : 'refused';
}

export const otc: AreaModule = {
  actions: [
    {
      kind: 'otcOrder',
      area: 'otc',
      weight: 4,
      byUser: true,
      gen: (rng) => ({
        side: rng.weighted([
          ['buy', 3],
          ['sell', 2],
        ] as const),
        by: rng.pick(['fiat', 'usdt']),
        // Where in the allowed range (0 the least, 1 the most); `where` sometimes puts it outside.
        pos: Math.round(rng.next() * 10_000) / 10_000,
        where: rng.weighted([
          ['inside', 85],
          ['belowMin', 4],
          ['aboveMax', 4],
          ['aboveLimit', 4],
          ['aboveBalance', 3],
        ] as const),
        identity: rng.weighted(IDENTITY_CHOICE),
        // What a buyer does next: sends the fiat at once and taps "I have paid", changes their mind and cancels, or
        // leaves it (to pay later with otcPay, or never: the order expires).
        then: rng.weighted([
          ['pay', 5],
          ['cancel', 1],
          ['leave', 4],
        ] as const),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const stop = await identityFirst(ctx, u, a.identity);
        if (stop) return stop;
        const side = String(a.side) as 'buy' | 'sell';
        const list = await ctx.call<OtcAdvert[]>(u, '/otc/adverts', { side }, 'GET');
        if (!isOk(list)) return 'refused';
        if (!list.body.message.length) return 'skipped';
        const ad = ctx.rng.pick(list.body.message);
        const limits = await ctx.call<OtcLimits>(u, '/otc/limits', {}, 'GET');
        if (!isOk(limits)) return 'refused';
        const perTrade = limits.body.message.per_trade;
        const price = new Decimal(ad.price);
        const fd = ad.fiat_decimals;
        const ud = ad.usdt_decimals;
        // The USDT the user can move: the merchant's capacity to buy, the coin account's balance to sell.
        let room = ad.available === null ? null : new Decimal(ad.available);
        if (side === 'sell') {
          const detail = await ctx.call<{ available: string }>(u, '/wallet/detail', { currency: String(USDT), type: 'change' }, 'GET');
          if (!isOk(detail)) return 'refused';
          room = new Decimal(detail.body.message.available);
        }
        const where = String(a.where) as Where;
        const pos = new Decimal(String(a.pos));
        // The allowed USDT range: the advert's fiat bounds at its price, the per-trade limit, the room.
        const lowU = up(new Decimal(ad.min_fiat).div(price), ud);
        let highU = down(new Decimal(ad.max_fiat).div(price), ud);
        if (perTrade !== null) highU = Decimal.min(highU, perTrade);
        if (room !== null) highU = Decimal.min(highU, room);
        const params: Record<string, string> = { advert_id: String(ad.id) };
        const byFiat = a.by === 'fiat';
        if (where === 'inside') {
          if (highU.lt(lowU)) return 'skipped';
          if (byFiat) {
            const lowF = up(new Decimal(ad.min_fiat), fd);
            const highF = down(highU.mul(price), fd);
            if (highF.lt(lowF)) return 'skipped';
            params.fiat_amount = down(lowF.plus(highF.minus(lowF).mul(pos)), fd).toFixed();
          } else params.usdt_amount = down(lowU.plus(highU.minus(lowU).mul(pos)), ud).toFixed();
        } else if (where === 'belowMin') {
          if (byFiat) params.fiat_amount = down(new Decimal(ad.min_fiat).mul(new Decimal(0.2).plus(pos.mul(0.7))), fd).toFixed();
          else params.usdt_amount = down(lowU.mul(new Decimal(0.2).plus(pos.mul(0.7))), ud).toFixed();
          if (Number(params.fiat_amount ?? params.usdt_amount) <= 0) return 'skipped';
        } else if (where === 'aboveMax') {
          if (byFiat) params.fiat_amount = down(new Decimal(ad.max_fiat).mul(new Decimal(1.01).plus(pos)), fd).toFixed();
          else params.usdt_amount = down(new Decimal(ad.max_fiat).div(price).mul(new Decimal(1.01).plus(pos)), ud).toFixed();
        } else if (where === 'aboveLimit') {
          if (perTrade === null) return 'skipped';
          params.usdt_amount = down(new Decimal(perTrade).mul(new Decimal(1.001).plus(pos.div(2))), ud).toFixed();
        } else {
          // More than the user holds (a sell) or the merchant still offers (a buy), within the advert otherwise.
          if (room === null) return 'skipped';
          const over = down(room.mul(new Decimal(1.01).plus(pos.div(4))).plus(1), ud);
          if (over.lt(lowU)) return 'skipped';
          params.usdt_amount = over.toFixed();
        }
        const answer = await ctx.money<{ id: number; state: string }>(u, {
          path: '/otc/order/create',
          params,
          fault: a.fault as never,
          effects: countOrders(ctx, u),
        });
        if (!isOk(answer)) return 'refused';
        if (!u.verified) ctx.violation(`OTC order ${answer.body.message.id} was accepted from user ${u.id}, who has no identity level 1`);
        if (where !== 'inside')
          ctx.violation(
            `OTC order ${answer.body.message.id} (${side} ${JSON.stringify(params)} on advert ${ad.id}: ${ad.min_fiat}–${ad.max_fiat} ${ad.fiat} at ${ad.price}, limit ${perTrade ?? 'none'} USDT, room ${room?.toFixed() ?? 'none'}) was accepted though it is ${where}`,
          );
        if (side === 'buy' && a.then !== 'leave') {
          const path = a.then === 'pay' ? '/otc/order/paid' : '/otc/order/cancel';
          const next = await ctx.money(u, { path, params: { id: String(answer.body.message.id) }, fault: a.fault as never });
          if (!isOk(next))
            ctx.violation(`${path} refused OTC order ${answer.body.message.id}, just created: ${String(next.body?.message)}`);
        }
        return 'ok';
      },
    },
    {
      kind: 'otcPay',
      area: 'otc',
      weight: 3,
      // The buyer of a pending order comes back within the window (the order, and so its owner, is chosen when it runs).
      byUser: false,
      // `wrong`: an order that cannot be marked paid (a sell order, one already paid or closed); `foreign`: another user tries.
      gen: (rng) => ({ wrong: rng.chance(0.1), foreign: rng.chance(0.05), fault: drawFault(rng) }),
      run: (ctx, _user, a) => onPendingBuy(ctx, a, '/otc/order/paid', 'marked paid'),
    },
    {
      kind: 'otcCancel',
      area: 'otc',
      weight: 1.5,
      // The buyer of a pending order comes back and cancels it before paying.
      byUser: false,
      // `wrong`: a sell order (the user must appeal), a paid or a closed one; `foreign`: another user tries.
      gen: (rng) => ({ wrong: rng.chance(0.2), foreign: rng.chance(0.05), fault: drawFault(rng) }),
      run: (ctx, _user, a) => onPendingBuy(ctx, a, '/otc/order/cancel', 'cancelled'),
    },
    {
      kind: 'otcAppeal',
      area: 'otc',
      weight: 1.5,
      // The owner of a paid buy order or a waiting sell order asks the operators to decide.
      byUser: false,
      gen: (rng) => ({
        wrong: rng.chance(0.15),
        foreign: rng.chance(0.05),
        reason: rng.pick([
          'Paid, the USDT has not arrived',
          'The merchant has not paid me',
          'Wrong amount received',
          'No answer from the merchant',
        ]),
        fault: drawFault(rng),
      }),
      async run(ctx, _user, a) {
        // An appeal is possible once, on a paid buy order or a sell order waiting for the merchant.
        const o = a.wrong
          ? await pickOrder(ctx, null, null, `(appealed_at IS NOT NULL OR state NOT IN ('paid', 'pending_release'))`)
          : await pickOrder(ctx, null, ['paid', 'pending_release'], 'appealed_at IS NULL');
        const u = o && actor(ctx, o, Boolean(a.foreign));
        if (!o || !u) return 'skipped';
        const answer = await ctx.money(u, {
          path: '/otc/order/appeal',
          params: { id: o.id, reason: String(a.reason) },
          fault: a.fault as never,
        });
        if (isOk(answer) && (a.wrong || a.foreign))
          ctx.violation(
            `OTC order ${o.id} (${o.side}, ${o.state}, appealed ${o.appealed}, user ${o.user_id}) took an appeal from user ${u.id}`,
          );
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'otcDecide',
      area: 'otc',
      weight: 3,
      byUser: false,
      gen: (rng) => ({
        // settle: release a paid buy order or confirm a sell order; cancel: any open order; wrong: a decision the state forbids.
        decision: rng.weighted([
          ['settle', 75],
          ['cancel', 18],
          ['wrong', 7],
        ] as const),
        appealedFirst: rng.chance(0.5),
      }),
      async run(ctx, _user, a) {
        if (a.decision === 'settle') {
          // Like the operator's list: appealed orders first, sometimes.
          const o =
            (a.appealedFirst ? await pickOrder(ctx, null, ['paid', 'pending_release'], 'appealed_at IS NOT NULL') : null) ??
            (await pickOrder(ctx, null, ['paid', 'pending_release']));
          if (!o) return 'skipped';
          const answer =
            o.side === 'buy'
              ? await ctx.ops('/otc/orders/:id/release', { id: o.id })
              : await ctx.ops('/otc/orders/:id/confirm-paid', { id: o.id });
          return isOk(answer) ? 'ok' : 'refused';
        }
        if (a.decision === 'cancel') {
          const o = await pickOrder(ctx, null, ['pending_payment', 'paid', 'pending_release']);
          if (!o) return 'skipped';
          const answer = await ctx.ops('/otc/orders/:id/cancel', { id: o.id });
          return isOk(answer) ? 'ok' : 'refused';
        }
        // A decision the order's state forbids: the server must refuse it and move nothing.
        const o = await pickOrder(ctx, null, null);
        if (!o) return 'skipped';
        const closed = ['completed', 'cancelled', 'expired'].includes(o.state);
        const path = closed
          ? o.state === 'completed'
            ? o.side === 'buy'
              ? ('/otc/orders/:id/release' as const)
              : ('/otc/orders/:id/confirm-paid' as const)
            : ('/otc/orders/:id/cancel' as const)
          : o.state === 'paid'
            ? ('/otc/orders/:id/confirm-paid' as const)
            : ('/otc/orders/:id/release' as const);
        const answer = await ctx.ops(path, { id: o.id }, true);
        if (isOk(answer)) ctx.violation(`ops ${path} accepted OTC order ${o.id} (${o.side}, ${o.state})`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
  ],
  due: [
    // A buy order not marked paid by its deadline expires (OtcEngine, a timer at the deadline and a sweep every minute).
    async (query: Query, now: number) =>
      (
        await query<{ id: string; pay_deadline: string }>(
          `SELECT id::text, pay_deadline::text FROM otc_orders WHERE state = 'pending_payment' AND pay_deadline < $1 ORDER BY id LIMIT 5`,
          [now - EXPIRY_GRACE_MS],
        )
      ).map(
        (r) => `OTC order ${r.id} passed its pay deadline ${new Date(Number(r.pay_deadline)).toISOString()} and is still pending payment`,
      ),
  ],
};
