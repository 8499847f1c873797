/**
 * Copy trading (docs/COPYTRADE.md): a verified user with at least 100 USDT in the futures account
 * applies to become a trader (moving USDT there first when short), the operator approves most
 * pending applications and rejects some, users follow approved traders (a fixed multiple or fixed
 * lots, with risk limits, funding their futures account for the copies), cancel follows and take
 * copies into their own hands. The traders' opens are the trading module's `futuresOpen` (its own
 * draws, and `copyLead` when the drawn user is an approved trader); closes are its
 * `futuresClose` and the positions' stops. The mirror copies both to the followers.
 */
import { Decimal } from '../../../domain/decimal';
import type { TraderApplication } from '../../../domain/copytrade/types';
import type { OpsTrader } from '../../../domain/copytrade/ops';
import { drawFault, shareOf } from '../faults';
import { isOk } from '../http';
import type { Ctx, Fault, SimUser } from '../types';
import type { AreaModule, Query } from './area';
import { IDENTITY_CHOICE, identityFirst } from './otc';
import { trading } from './trading';

const USDT = 3;
/** What a trader keeps in the futures account to apply (CopyService TRADER_MIN_BALANCE). */
const TRADER_MIN = '100';
/** The mirror's sweep runs every minute: a copy (or its close) is late only past this. */
const MIRROR_GRACE_MS = 2 * 60_000;

/** The trading module's own futures open: a trader's position is an ordinary one, which the mirror copies. */
const futuresOpen = trading.actions.find((s) => s.kind === 'futuresOpen')!;

const count = (ctx: Ctx, table: string, column: string, user: SimUser) => async () =>
  Number((await ctx.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table} WHERE ${column} = $1`, [user.id]))[0]!.n);

async function available(ctx: Ctx, user: SimUser, account: 'change' | 'lever'): Promise<string | null> {
  const detail = await ctx.call<{ available: string }>(user, '/wallet/detail', { currency: String(USDT), type: account }, 'GET');
  return isOk(detail) ? detail.body.message.available : null;
}

/** Moves `amount` USDT from the coin account to the futures account; true when it moved. */
async function toFutures(ctx: Ctx, user: SimUser, amount: string, fault: Fault): Promise<boolean> {
  const answer = await ctx.money(user, {
    path: '/wallet/change',
    params: { currency_id: String(USDT), number: amount, from_field: 'change', to_field: 'lever' },
    fault,
    effects: count(ctx, 'transfers', 'user_id', user),
  });
  return isOk(answer);
}

export const copytrade: AreaModule = {
  actions: [
    {
      kind: 'copyApply',
      area: 'copytrade',
      weight: 3,
      byUser: true,
      gen: (rng) => ({
        // Tops up the futures account to the minimum (and this much more) when short.
        extra: rng.weighted([
          [rng.int(0, 50), 2],
          [rng.int(50, 2_000), 3],
          [-1, 1],
        ] as const),
        identity: rng.weighted(IDENTITY_CHOICE),
        // One already pending or approved tries now and then (refused).
        anyway: rng.chance(0.1),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const stop = await identityFirst(ctx, u, a.identity);
        if (stop) return stop;
        const [row] = await ctx.query<{ status: string }>('SELECT status FROM traders WHERE user_id = $1', [u.id]);
        const status = row?.status ?? 'none';
        const eligible = u.verified && status !== 'pending' && status !== 'approved';
        if (!eligible && u.verified && !a.anyway) return 'skipped';
        if (eligible && Number(a.extra) >= 0) {
          const lever = await available(ctx, u, 'lever');
          if (lever === null) return 'refused';
          if (new Decimal(lever).lt(TRADER_MIN)) {
            const change = await available(ctx, u, 'change');
            if (change === null) return 'refused';
            const need = new Decimal(TRADER_MIN).minus(lever).plus(Number(a.extra)).toDecimalPlaces(2, Decimal.ROUND_UP);
            const amount = Decimal.min(need, shareOf(change, 100, 2));
            if (amount.gt(0) && !(await toFutures(ctx, u, amount.toFixed(), a.fault as Fault))) return 'refused';
          }
        }
        const answer = await ctx.call<TraderApplication>(u, '/follow/apply', { agree: '1' });
        if (isOk(answer) && (status === 'pending' || status === 'approved')) ctx.violation(`user ${u.id} applied again while ${status}`);
        if (isOk(answer) && !u.verified) ctx.violation(`user ${u.id} applied to trade without identity level 1`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'copyDecide',
      area: 'copytrade',
      weight: 3,
      byUser: false,
      gen: (rng) => ({ reject: rng.chance(0.15), again: rng.chance(0.05) }),
      async run(ctx, _user, a) {
        if (a.again) {
          // A decision on a trader already decided: refused.
          const decided = await ctx.query<{ user_id: string }>(
            `SELECT user_id::text FROM traders WHERE status <> 'pending' ORDER BY user_id`,
          );
          if (!decided.length) return 'skipped';
          const id = ctx.rng.pick(decided).user_id;
          const answer = await ctx.ops('/copytrade/approve', { user: id }, true);
          if (isOk(answer)) ctx.violation(`trader ${id} was approved a second time`);
          return isOk(answer) ? 'ok' : 'refused';
        }
        const list = await ctx.ops<OpsTrader[]>('/copytrade/traders', { status: 'pending' });
        if (!isOk(list)) return 'refused';
        const pending = list.body.message;
        if (!pending.length) return 'skipped';
        const t = ctx.rng.pick(pending);
        const answer = a.reject
          ? await ctx.ops('/copytrade/reject', { user: String(t.user_id), reason: 'Not enough trading history' })
          : await ctx.ops('/copytrade/approve', { user: String(t.user_id) });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'copyLead',
      area: 'copytrade',
      weight: 4,
      // One of the simulation's approved traders (chosen when it runs) opens a futures position with the trading module's
      // `futuresOpen`; the mirror copies it to the followers.
      byUser: false,
      gen: (rng) => ({
        ...futuresOpen.gen(rng.fork('open')),
        // Below `low` in the futures account, the trader first moves `fund` % of the coin account's USDT there.
        low: rng.int(100, 1_000),
        fund: rng.int(20, 80),
      }),
      async run(ctx, _user, a) {
        const traders = await ctx.query<{ user_id: string }>(
          `SELECT user_id::text FROM traders WHERE status = 'approved' ORDER BY user_id`,
        );
        const ours = ctx.users.filter((x) => traders.some((t) => t.user_id === String(x.id)));
        if (!ours.length) return 'skipped';
        const u = ctx.rng.pick(ours);
        const lever = await available(ctx, u, 'lever');
        if (lever === null) return 'refused';
        if (new Decimal(lever).lt(Number(a.low))) {
          const change = await available(ctx, u, 'change');
          const amount = change === null ? '0' : shareOf(change, Number(a.fund), 2);
          if (Number(amount) > 0 && !(await toFutures(ctx, u, amount, 'none'))) return 'refused';
        }
        return futuresOpen.run(ctx, u, a);
      },
    },
    {
      kind: 'copyFollow',
      area: 'copytrade',
      weight: 3,
      byUser: true,
      gen: (rng) => {
        const type = rng.weighted([
          ['1', 3],
          ['2', 2],
        ] as const);
        const number =
          type === '1'
            ? rng.weighted([
                ['1', 5],
                ['0.5', 2],
                ['2', 2],
                [String(rng.int(3, 10)), 1],
                ['1.234', 1],
              ] as const)
            : rng.weighted([
                ['1', 3],
                [String(rng.int(2, 20)), 3],
                ['0.5', 1],
              ] as const);
        return {
          type,
          number,
          // A number the server must refuse: zero, a multiple above 100, lots with too many decimals.
          bad: rng.chance(0.06) ? rng.pick(['0', type === '1' ? '150' : '0.001']) : '',
          maxMargin: rng.chance(0.25) ? String(rng.int(5, 500)) : '',
          stopLoss: rng.chance(0.25) ? String(rng.int(10, 500)) : '',
          dailyLimit: rng.chance(0.2) ? rng.int(1, 5) : 0,
          // Below `low` in the futures account, the follower moves `fund` % of the coin account's USDT there for the copies (0: never).
          low: rng.int(100, 2_000),
          fund: rng.chance(0.8) ? rng.int(10, 60) : 0,
          self: rng.chance(0.03),
          fault: drawFault(rng),
        };
      },
      async run(ctx, user, a) {
        const u = user!;
        const traders = await ctx.query<{ user_id: string }>(
          `SELECT user_id::text FROM traders WHERE status = 'approved' AND ${a.self ? 'user_id = $1' : 'user_id <> $1'} ORDER BY user_id`,
          [u.id],
        );
        if (!traders.length) return 'skipped';
        // The simulation's own traders (the seeded demo traders do not trade here), when there are any.
        const ours = traders.filter((t) => ctx.users.some((x) => String(x.id) === t.user_id));
        const trader = ctx.rng.pick(ours.length ? ours : traders).user_id;
        const lever = Number(a.fund) > 0 ? await available(ctx, u, 'lever') : null;
        if (lever !== null && new Decimal(lever).lt(Number(a.low))) {
          const change = await available(ctx, u, 'change');
          const amount = change === null ? '0' : shareOf(change, Number(a.fund), 2);
          if (Number(amount) > 0 && !(await toFutures(ctx, u, amount, 'none'))) return 'refused';
        }
        const params: Record<string, string> = { trader_user_id: trader, type: String(a.type), number: String(a.bad || a.number) };
        if (a.maxMargin) params.max_margin = String(a.maxMargin);
        if (a.stopLoss) params.stop_loss = String(a.stopLoss);
        if (Number(a.dailyLimit)) params.daily_limit = String(a.dailyLimit);
        // A new follow is one row; following a trader already followed edits that follow in place.
        const [active] = await ctx.query<{ id: string }>(
          `SELECT id::text FROM follows WHERE follower_id = $1 AND trader_id = $2 AND status = 'following'`,
          [u.id, trader],
        );
        const answer = await ctx.money<{ id: number }>(u, {
          path: '/follow/follow',
          params,
          fault: a.fault as never,
          ...(active ? {} : { effects: count(ctx, 'follows', 'follower_id', u) }),
        });
        if (isOk(answer) && (a.self || a.bad))
          ctx.violation(`follow ${answer.body.message.id} was accepted: ${JSON.stringify(params)} by user ${u.id}`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'copyCancel',
      area: 'copytrade',
      weight: 1,
      byUser: true,
      // `wrong`: a follow already cancelled, or someone else's.
      gen: (rng) => ({ wrong: rng.chance(0.1), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        const rows = await ctx.query<{ id: string }>(
          a.wrong
            ? `SELECT id::text FROM follows WHERE status = 'cancelled' OR follower_id <> $1 ORDER BY id`
            : `SELECT id::text FROM follows WHERE status = 'following' AND follower_id = $1 ORDER BY id`,
          [u.id],
        );
        if (!rows.length) return 'skipped';
        const id = ctx.rng.pick(rows).id;
        const answer = await ctx.money(u, { path: '/follow/cancel', params: { id }, fault: a.fault as never });
        if (isOk(answer) && a.wrong) ctx.violation(`user ${u.id} cancelled follow ${id}, cancelled already or someone else's`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'copySelfHold',
      area: 'copytrade',
      weight: 1,
      // A follower takes one of their open copies into their own hands (the copy, and so the follower, is chosen when it runs).
      byUser: false,
      // `foreign`: another user tries, and must get "no such position".
      gen: (rng) => ({ foreign: rng.chance(0.05), fault: drawFault(rng) }),
      async run(ctx, _user, a) {
        const rows = await ctx.query<{ trade_id: string; follower_id: string }>(
          `SELECT c.trade_id::text, c.follower_id::text FROM copies c JOIN futures_trades t ON t.id = c.trade_id
           WHERE c.outcome = 'copied' AND NOT c.self_held AND t.status = 'open' ORDER BY c.id`,
        );
        if (!rows.length) return 'skipped';
        const copy = ctx.rng.pick(rows);
        const candidates = ctx.users.filter((x) => (String(x.id) === copy.follower_id) !== Boolean(a.foreign));
        if (!candidates.length) return 'skipped';
        const u = a.foreign ? ctx.rng.pick(candidates) : candidates[0]!;
        const answer = await ctx.money(u, {
          path: '/follow/selfHolding',
          params: { transaction_id: copy.trade_id },
          fault: a.fault as never,
        });
        if (isOk(answer) && a.foreign) ctx.violation(`user ${u.id} took copy position ${copy.trade_id} of user ${copy.follower_id}`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
  ],
  due: [
    // Each open position of an approved trader is copied (or skipped, with the reason) for every follow made before it opened
    // — unless the position is itself a copy (a trader following another): only a trader's own orders are copied.
    async (query: Query, now: number) =>
      (
        await query<{ trade: string; follow: string; follower: string }>(
          `SELECT t.id::text AS trade, f.id::text AS follow, f.follower_id::text AS follower FROM futures_trades t
           JOIN traders tr ON tr.user_id = t.user_id AND tr.status = 'approved'
           JOIN follows f ON f.trader_id = t.user_id AND f.status = 'following' AND f.created_at <= t.opened_at
           WHERE t.status = 'open' AND t.opened_at < $1
             AND NOT EXISTS (SELECT 1 FROM copies c WHERE c.follow_id = f.id AND c.trader_trade_id = t.id)
             AND NOT EXISTS (SELECT 1 FROM copies c WHERE c.trade_id = t.id)
           ORDER BY t.id, f.id LIMIT 5`,
          [now - MIRROR_GRACE_MS],
        )
      ).map((r) => `trader position ${r.trade} was neither copied nor skipped for follow ${r.follow} (user ${r.follower})`),
    // When the trader's position closes, every copy still copying (not self-held) closes.
    async (query: Query, now: number) =>
      (
        await query<{ copy: string; trade: string; trader_trade: string }>(
          `SELECT c.id::text AS copy, c.trade_id::text AS trade, c.trader_trade_id::text AS trader_trade FROM copies c
           JOIN futures_trades tt ON tt.id = c.trader_trade_id
           JOIN futures_trades ft ON ft.id = c.trade_id
           WHERE c.outcome = 'copied' AND NOT c.self_held AND tt.status = 'closed' AND tt.closed_at < $1 AND ft.status = 'open'
           ORDER BY c.id LIMIT 5`,
          [now - MIRROR_GRACE_MS],
        )
      ).map((r) => `copy ${r.copy}: the trader's position ${r.trader_trade} closed, and the follower's position ${r.trade} is still open`),
  ],
};
