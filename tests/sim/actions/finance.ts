/**
 * Finance (docs/FINANCE.md): lockming purchases and early redemptions, IEO projects created by
 * the operator on the simulation's clock with users subscribing to them, and dual-investment
 * shares of the products the server issues each UTC day. Amounts are shares of what the user
 * holds in the coin account, within the product's limits; some are deliberately outside them
 * (below a minimum, above a maximum or the balance, not a whole number) and must be refused.
 * The engines pay yields, allocate, release and settle as the clock moves; the due checks say
 * what should have been done by now and was not.
 */
import { Decimal } from '../../../domain/decimal';
import type { IeoProject } from '../../../domain/ieo/types';
import type { DualProduct } from '../../../domain/invest/types';
import type { LockmingProduct } from '../../../domain/lockming/types';
import { drawFault, shareOf } from '../faults';
import { isOk, type Answer } from '../http';
import type { Rng } from '../rng';
import type { Ctx, SimUser } from '../types';
import type { AreaModule, Query } from './area';

const BTC = 1;
const ETH = 2;
const MINUTE_MS = 60_000;

const count = (ctx: Ctx, table: string, user: SimUser) => async () =>
  Number((await ctx.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table} WHERE user_id = $1`, [user.id]))[0]!.n);

/** What the user has available of `currency` in the coin account (where every finance product is paid from); null if unreadable. */
async function coinAvailable(ctx: Ctx, user: SimUser, currency: number): Promise<string | null> {
  const detail = await ctx.call<{ available: string }>(user, '/wallet/detail', { currency: String(currency), type: 'change' }, 'GET');
  return isOk(detail) ? detail.body.message.available : null;
}

/** One step of `decimals` (0.01 for 2). */
const unit = (decimals: number) => new Decimal(1).div(new Decimal(10).pow(decimals));

/** Amounts no amount field accepts (a sign, an exponent, a word, nothing, zero). */
const MALFORMED = ['0', '-5', '1e3', 'abc', ''] as const;

/**
 * Answers a call that had to be refused: a violation if it was accepted. `what` says why it had to be.
 */
function mustRefuse(ctx: Ctx, answer: Answer, what: string): 'refused' {
  if (isOk(answer)) ctx.violation(`${what} was accepted: ${JSON.stringify(answer.body?.message)}`);
  return 'refused';
}

/** A token symbol of the seed's letters: Z and five more (never a catalogue coin's). */
function tokenName(rng: Rng): string {
  let name = 'Z';
  for (let i = 0; i < 5; i++) name += String.fromCharCode(65 + rng.int(0, 25));
  return name;
}

export const finance: AreaModule = {
  actions: [
    // ---- lockming ------------------------------------------------------------------------------
    {
      kind: 'lockmingBuy',
      area: 'lockming',
      weight: 4,
      byUser: true,
      gen: (rng) => ({
        pick: rng.int(0, 1_000_000),
        share: rng.int(5, 60),
        // fit: within the product's limits and the balance; low: below the minimum; high: above the
        // balance or what the user may still buy; malformed: an amount no field accepts.
        mode: rng.weighted([
          ['fit', 12],
          ['low', 1],
          ['high', 1],
          ['malformed', 1],
        ] as const),
        bad: rng.int(0, MALFORMED.length - 1),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const config = await ctx.call<LockmingProduct[]>(u, '/lh/deposit/config', {}, 'GET');
        if (!isOk(config)) return 'refused';
        const open = config.body.message.filter((p) => p.status === 'open');
        if (!open.length) return 'skipped';
        const mode = String(a.mode);
        // The products the user could buy: enough of the coin for the minimum, and room under the limit.
        const pool: { p: LockmingProduct; available: string | null }[] = [];
        const balances = new Map<number, string | null>();
        for (const p of open) {
          if (mode !== 'fit') {
            pool.push({ p, available: null });
            continue;
          }
          if (!balances.has(p.currency_id)) balances.set(p.currency_id, await coinAvailable(ctx, u, p.currency_id));
          const available = balances.get(p.currency_id);
          if (available === null || available === undefined) return 'refused';
          if (new Decimal(available).gte(p.min_amount) && new Decimal(p.user_remaining ?? 0).gte(p.min_amount)) pool.push({ p, available });
        }
        if (!pool.length) return 'skipped';
        const { p, available: known } = pool[Number(a.pick) % pool.length]!;
        const buy = (amount: string) =>
          ctx.money<unknown>(u, {
            path: '/lh/deposit',
            params: { config_id: String(p.id), amount },
            fault: a.fault as never,
            effects: count(ctx, 'lockming_orders', u),
          });
        if (mode === 'fit') {
          // A share of the balance, at least the minimum, at most the room left and the balance.
          let amount = new Decimal(shareOf(known!, Number(a.share), p.decimals));
          amount = Decimal.max(amount, p.min_amount);
          amount = Decimal.min(amount, p.user_remaining ?? 0, known!);
          return isOk(await buy(amount.toFixed())) ? 'ok' : 'refused';
        }
        if (mode === 'low') {
          const amount = new Decimal(p.min_amount).div(2).toDecimalPlaces(p.decimals, Decimal.ROUND_DOWN);
          if (amount.lte(0)) return 'skipped';
          return mustRefuse(
            ctx,
            await buy(amount.toFixed()),
            `lockming: ${amount.toFixed()} of product ${p.id}, below its minimum ${p.min_amount},`,
          );
        }
        if (mode === 'high') {
          const available = await coinAvailable(ctx, u, p.currency_id);
          if (available === null) return 'refused';
          // One unit more than both the balance and what the user may still buy (and never below the minimum).
          const amount = Decimal.max(available, p.user_remaining ?? 0, p.min_amount).plus(unit(p.decimals));
          return mustRefuse(
            ctx,
            await buy(amount.toFixed()),
            `lockming: ${amount.toFixed()} of product ${p.id}, above the balance ${available} and the room ${p.user_remaining},`,
          );
        }
        const amount = MALFORMED[Number(a.bad) % MALFORMED.length]!;
        return mustRefuse(ctx, await buy(amount), `lockming: the amount "${amount}"`);
      },
    },
    {
      kind: 'lockmingRedeem',
      area: 'lockming',
      weight: 4,
      byUser: true,
      // Mostly an order in progress; now and then one already redeemed (at expiry or early), which must be refused.
      gen: (rng) => ({ redeemed: rng.chance(0.12), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        const rows = await ctx.query<{ id: string }>(
          `SELECT id::text FROM lockming_orders WHERE user_id = $1 AND status = $2 ORDER BY id`,
          [u.id, a.redeemed ? 'redeemed' : 'holding'],
        );
        if (!rows.length) return 'skipped';
        const id = ctx.rng.pick(rows).id;
        const answer = await ctx.money(u, { path: '/lh/deposit/order/cancel', params: { id }, fault: a.fault as never });
        if (a.redeemed) return mustRefuse(ctx, answer, `lockming: redeeming order ${id} again`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },

    // ---- IEO -----------------------------------------------------------------------------------
    {
      kind: 'ieoCreate',
      area: 'ieo',
      weight: 1.5,
      byUser: false,
      gen: (rng) => {
        const decimals = rng.pick([0, 2, 4]);
        const min = rng.pick(['1', '5', '10', '50']);
        return {
          token: tokenName(rng),
          decimals,
          price: rng.pick(['0.01', '0.05', '0.12', '0.5', '1', '2.5']),
          // Small issues are oversubscribed by a few users (a pro-rata allocation); large ones are not.
          total: rng.weighted([
            [String(rng.int(1, 20) * 50), 5],
            [String(rng.int(1, 50) * 1000), 3],
            [String(rng.int(1, 10) * 100_000), 2],
          ] as const),
          min,
          max: String(Number(min) * rng.pick([100, 500, 2000, 10_000])),
          // Starts a few minutes to a few hours ahead; runs for minutes to a day; unlocks the same day or days later.
          startMin: rng.weighted([
            [rng.int(1, 20), 5],
            [rng.int(20, 180), 3],
            [rng.int(180, 600), 1],
          ] as const),
          durationMin: rng.weighted([
            [rng.int(10, 60), 2],
            [rng.int(60, 360), 4],
            [rng.int(360, 1440), 3],
          ] as const),
          lockDays: rng.pick([0, 0, 1, 2, 3]),
          // A field the operator got wrong, now and then: the server must refuse it with the reason.
          wrong: rng.weighted([
            ['none', 14],
            ['endBeforeStart', 1],
            ['maxBelowMin', 1],
            ['priceDecimals', 1],
          ] as const),
        };
      },
      async run(ctx, _user, a) {
        const now = ctx.world.clock.now();
        const decimals = Number(a.decimals);
        const starts = now + Number(a.startMin) * MINUTE_MS;
        let ends = starts + Number(a.durationMin) * MINUTE_MS;
        let min = String(a.min);
        let price = String(a.price);
        if (a.wrong === 'endBeforeStart') ends = starts - MINUTE_MS;
        if (a.wrong === 'maxBelowMin') min = new Decimal(String(a.max)).plus(1).toFixed();
        if (a.wrong === 'priceDecimals') price = '0.0000001';
        const token = String(a.token);
        const taken = (await ctx.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM currencies WHERE name = $1', [token]))[0]!.n > 0;
        const refusalExpected = a.wrong !== 'none' || taken;
        const answer = await ctx.ops<IeoProject>(
          '/ieo/projects/create',
          {
            name: `Sim ${token}`,
            token,
            token_decimals: decimals,
            pay_currency: 'USDT',
            price,
            total: String(a.total),
            min_amount: min,
            max_amount: String(a.max),
            starts_at: starts,
            ends_at: ends,
            lock_days: Number(a.lockDays),
            whitepaper: `https://${token.toLowerCase()}.example/whitepaper.pdf`,
            website: `https://${token.toLowerCase()}.example`,
            description: `A project the simulation created at step ${ctx.step}.`,
          },
          refusalExpected,
        );
        if (refusalExpected) return mustRefuse(ctx, answer, `ops: a project with ${taken ? `the taken token ${token}` : String(a.wrong)}`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'ieoSubscribe',
      area: 'ieo',
      weight: 3,
      byUser: true,
      gen: (rng) => ({
        pick: rng.int(0, 1_000_000),
        // Half the time the project ending soonest (the list's first): mostly one the operator created, not the long seeded one.
        soonest: rng.chance(0.5),
        share: rng.int(3, 50),
        // fit: within the user's minimum and remaining maximum; low/high: outside them; early: a project not started.
        mode: rng.weighted([
          ['fit', 12],
          ['low', 1],
          ['high', 1],
          ['early', 1],
        ] as const),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const mode = String(a.mode);
        const list = await ctx.call<IeoProject[]>(u, '/project', { phase: mode === 'early' ? 'preheating' : 'in_progress' }, 'GET');
        if (!isOk(list)) return 'refused';
        const projects = list.body.message;
        if (!projects.length) return 'skipped';
        const p = projects[a.soonest ? 0 : Number(a.pick) % projects.length]!;
        const subscribe = (amount: string) =>
          ctx.money<unknown>(u, {
            path: '/project/order',
            params: { project_id: String(p.id), amount, pay_currency: String(p.pay_currency_id) },
            fault: a.fault as never,
            effects: count(ctx, 'ieo_orders', u),
          });
        const remaining = new Decimal(p.user_remaining ?? 0);
        if (mode === 'early') return mustRefuse(ctx, await subscribe(p.min_amount), `ieo: subscribing to project ${p.id} before its start`);
        if (mode === 'low') {
          const amount = new Decimal(p.min_amount).div(2).toDecimalPlaces(p.token_decimals, Decimal.ROUND_DOWN);
          if (amount.lte(0)) return 'skipped';
          return mustRefuse(
            ctx,
            await subscribe(amount.toFixed()),
            `ieo: ${amount.toFixed()} tokens of project ${p.id}, below its minimum ${p.min_amount},`,
          );
        }
        if (mode === 'high') {
          const amount = Decimal.max(remaining, p.min_amount).plus(unit(p.token_decimals));
          return mustRefuse(
            ctx,
            await subscribe(amount.toFixed()),
            `ieo: ${amount.toFixed()} tokens of project ${p.id}, above the user's remaining ${p.user_remaining},`,
          );
        }
        if (remaining.lt(p.min_amount)) return 'skipped';
        const available = await coinAvailable(ctx, u, p.pay_currency_id);
        if (available === null) return 'refused';
        if (new Decimal(available).lte(0)) return 'skipped';
        // The tokens a share of the pay coin buys, within the minimum and what the user may still ask for.
        let amount = new Decimal(available)
          .mul(Number(a.share))
          .div(100)
          .div(p.price)
          .toDecimalPlaces(p.token_decimals, Decimal.ROUND_DOWN);
        amount = Decimal.min(Decimal.max(amount, p.min_amount), remaining);
        return isOk(await subscribe(amount.toFixed())) ? 'ok' : 'refused';
      },
    },

    // ---- dual investment -------------------------------------------------------------------------
    {
      kind: 'dualBuy',
      area: 'dual',
      weight: 4,
      byUser: true,
      gen: (rng) => ({
        coin: rng.pick([BTC, ETH]),
        // A put is paid in USDT (what most users hold); a call in the coin.
        type: rng.weighted([
          ['put', 3],
          ['call', 2],
        ] as const),
        pick: rng.int(0, 1_000_000),
        share: rng.int(5, 60),
        // fit: whole shares the balance pays for, within those left; many: one more than the balance pays for
        // or than are left; malformed: not a whole number of shares.
        mode: rng.weighted([
          ['fit', 12],
          ['many', 1],
          ['malformed', 1],
        ] as const),
        bad: rng.pick(['1.5', '0', '-1', '1e3', 'two']),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const list = await ctx.call<DualProduct[]>(u, '/dual/index', { currency_id: String(a.coin), type: String(a.type) }, 'GET');
        if (!isOk(list)) return 'refused';
        const open = list.body.message.filter((p) => p.status === 'open');
        if (!open.length) return 'skipped';
        const p = open[Number(a.pick) % open.length]!;
        const buy = (num: string) =>
          ctx.money<unknown>(u, {
            path: '/dual/buyDual',
            params: { id: String(p.id), num },
            fault: a.fault as never,
            effects: count(ctx, 'dual_orders', u),
          });
        if (a.mode === 'malformed') return mustRefuse(ctx, await buy(String(a.bad)), `dual: "${String(a.bad)}" shares`);
        const available = await coinAvailable(ctx, u, p.invest_currency_id);
        if (available === null) return 'refused';
        const affordable = new Decimal(available).div(p.share_price).toDecimalPlaces(0, Decimal.ROUND_DOWN);
        if (a.mode === 'many') {
          const num = Decimal.min(affordable, p.remaining_shares).plus(1);
          return mustRefuse(
            ctx,
            await buy(num.toFixed()),
            `dual: ${num.toFixed()} shares of product ${p.id} (${p.remaining_shares} left, ${affordable.toFixed()} affordable)`,
          );
        }
        // A share of what the balance pays for, at least one, within the shares left.
        const num = Decimal.min(
          Decimal.max(affordable.mul(Number(a.share)).div(100).toDecimalPlaces(0, Decimal.ROUND_DOWN), 1),
          affordable,
          p.remaining_shares,
        );
        if (num.lt(1)) return 'skipped';
        return isOk(await buy(num.toFixed())) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'dualMaturity',
      area: 'dual',
      weight: 1,
      byUser: false,
      // Time passes to a moment inside the minute of the next maturity (08:00 UTC), so the market trades in it
      // and the position settles from that record; the plain clock seldom lands a trade in that one minute,
      // and a position with no record there fails (its principal refunded) instead.
      gen: (rng) => ({ second: rng.int(0, 55) }),
      async run(ctx, _user, a) {
        const now = ctx.world.clock.now();
        const [next] = await ctx.query<{ at: string | null }>(
          `SELECT MIN(maturity_at)::text AS at FROM dual_orders WHERE status = 'purchased' AND maturity_at > $1`,
          [now],
        );
        if (!next?.at) return 'skipped';
        const to = Number(next.at) + Number(a.second) * 1000;
        // At most about a day ahead, as the plain clock moves.
        if (to - now > 26 * 3_600_000) return 'skipped';
        await ctx.advance(to - now);
        return 'ok';
      },
    },
  ],
  due: [
    // Lockming: yield n is due at the n-th UTC midnight after the purchase day (the last one returns the
    // principal); the engine sweeps at each midnight and every 5 minutes.
    async (query: Query, now: number) =>
      (
        await query<{ id: string; due_at: string; days_paid: number; cycle_days: number }>(
          `SELECT id::text, (start_day + (days_paid + 1) * 86400000::bigint)::text AS due_at, days_paid, cycle_days
           FROM lockming_orders WHERE status = 'holding' AND start_day + (days_paid + 1) * 86400000::bigint <= $1 ORDER BY id LIMIT 5`,
          [now - 10 * MINUTE_MS],
        )
      ).map((r) =>
        Number(r.days_paid) + 1 >= Number(r.cycle_days)
          ? `lockming order ${r.id} expired at ${new Date(Number(r.due_at)).toISOString()} and is still holding`
          : `lockming order ${r.id} has not been paid its yield of day ${Number(r.days_paid) + 1}, due at ${new Date(Number(r.due_at)).toISOString()}`,
      ),
    // IEO: a project is allocated at its end (the engine's timer is armed for it, and it sweeps every 5 minutes).
    async (query: Query, now: number) =>
      (
        await query<{ id: string; ends_at: string }>(
          `SELECT id::text, ends_at::text FROM ieo_projects WHERE allocated_at IS NULL AND ends_at <= $1 ORDER BY id LIMIT 5`,
          [now - 10 * MINUTE_MS],
        )
      ).map((r) => `IEO project ${r.id} ended at ${new Date(Number(r.ends_at)).toISOString()} and is not allocated`),
    // IEO: an allocated order's tokens are released at its project's unlock (end + lock days).
    async (query: Query, now: number) =>
      (
        await query<{ id: string; project_id: string; unlock_at: string }>(
          `SELECT o.id::text, o.project_id::text, p.unlock_at::text FROM ieo_orders o JOIN ieo_projects p ON p.id = o.project_id
           WHERE o.status = 'allocated' AND p.unlock_at <= $1 ORDER BY o.id LIMIT 5`,
          [now - 10 * MINUTE_MS],
        )
      ).map(
        (r) =>
          `IEO order ${r.id} (project ${r.project_id}) unlocked at ${new Date(Number(r.unlock_at)).toISOString()} and its tokens are still frozen`,
      ),
    // Dual: a position settles at maturity from the recorded price, or fails 30 minutes after it with no
    // record; the engine retries every minute.
    async (query: Query, now: number) =>
      (
        await query<{ id: string; maturity_at: string; status: string }>(
          `SELECT id::text, maturity_at::text, status FROM dual_orders WHERE status IN ('purchased', 'settling') AND maturity_at <= $1 ORDER BY id LIMIT 5`,
          [now - 35 * MINUTE_MS],
        )
      ).map((r) => `dual position ${r.id} matured at ${new Date(Number(r.maturity_at)).toISOString()} and is still ${r.status}`),
  ],
};
