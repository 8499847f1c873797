/**
 * Trading: leveraged futures (market and limit opens with take-profit and stop-loss, closes,
 * cancels, moved stops, batch closes), spot limit and market orders with cancels, and seconds
 * options. Prices the user types are near the market's (the simulation's own price), so limits
 * fill and stops trigger as the walk and the flash moves pass them.
 */
import { Decimal } from '../../../domain/decimal';
import { limitFillPrice, openPrice } from '../../../domain/futures/formulas';
import type { FuturesTrade } from '../../../domain/futures/types';
import { priceBand } from '../../../domain/market/priceBand';
import { futuresSettings } from '../../../server/futures/settings';
import { drawFault, shareOf } from '../faults';
import { isOk } from '../http';
import { SIM_SYMBOLS } from '../prices';
import type { Ctx, SimUser } from '../types';
import type { AreaModule, Query } from './area';

const USDT = 3;
const FUTURES = ['BTC/USDT', 'ETH/USDT'] as const;

const count = (ctx: Ctx, table: string, user: SimUser) => async () =>
  Number((await ctx.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table} WHERE user_id = $1`, [user.id]))[0]!.n);

/** `percent` away from the simulation's price of `symbol`, in the pair's decimals. */
function near(ctx: Ctx, symbol: string, percent: number): string {
  const price = new Decimal(ctx.prices.text(symbol));
  return price
    .mul(1 + percent / 100)
    .toDecimalPlaces(ctx.prices.pair(symbol).price_decimals)
    .toFixed();
}

/** One of the user's rows of `table` in `statuses`, picked by the action's own chance; null when none. */
async function pickRow(ctx: Ctx, user: SimUser, table: string, statuses: string[]): Promise<{ id: string; match_id: number } | null> {
  const rows = await ctx.query<{ id: string; match_id: number }>(
    `SELECT id::text, match_id FROM ${table} WHERE user_id = $1 AND status = ANY($2::text[]) ORDER BY id`,
    [user.id, `{${statuses.join(',')}}`],
  );
  return rows.length ? ctx.rng.pick(rows) : null;
}

export const trading: AreaModule = {
  actions: [
    {
      kind: 'futuresOpen',
      area: 'futures',
      weight: 8,
      byUser: true,
      gen: (rng) => ({
        symbol: rng.pick(FUTURES),
        side: rng.pick(['1', '2']),
        lots: rng.weighted([
          [String(rng.int(1, 3)), 7],
          [String(rng.int(3, 20)), 2],
          [String(rng.int(20, 200)), 1],
        ] as const),
        multiple: rng.pick([2, 5, 10, 20, 50, 100]),
        // A limit 0.1–2 % inside the market (or a market order); TP and SL 0.5–8 % away, each half the time.
        limit: rng.chance(0.3) ? Math.round((0.1 + rng.next() * 1.9) * 100) / 100 : 0,
        tp: rng.chance(0.5) ? Math.round((0.5 + rng.next() * 7.5) * 100) / 100 : 0,
        sl: rng.chance(0.5) ? Math.round((0.5 + rng.next() * 7.5) * 100) / 100 : 0,
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const symbol = String(a.symbol);
        const long = a.side === '1';
        const dir = long ? 1 : -1;
        const params: Record<string, string> = {
          match_id: String(ctx.prices.pair(symbol).id),
          type: String(a.side),
          share: String(a.lots),
          multiple: String(a.multiple),
        };
        if (Number(a.limit)) params.target_price = near(ctx, symbol, -dir * Number(a.limit));
        if (Number(a.tp)) params.target_profit_price = near(ctx, symbol, dir * Number(a.tp));
        if (Number(a.sl)) params.stop_loss_price = near(ctx, symbol, -dir * Number(a.sl));
        const answer = await ctx.money(u, {
          path: '/lever/submit',
          params,
          fault: a.fault as never,
          effects: count(ctx, 'futures_trades', u),
        });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      // The price band and price improvement: a limit at 3× or ⅓ of the mark must be
      // refused by the band (naming its bounds), and a marketable limit inside the band must fill
      // at once at no worse than the execution price (the mark ± spread) nor its limit.
      kind: 'futuresOffMarket',
      area: 'futures',
      weight: 2,
      byUser: true,
      gen: (rng) => ({
        symbol: rng.pick(FUTURES),
        side: rng.pick(['1', '2']),
        lots: rng.int(1, 3),
        multiple: rng.pick([5, 10, 20, 50]),
        where: rng.weighted([
          ['triple', 1],
          ['third', 1],
          ['inside', 2],
        ] as const),
        // How far a marketable limit crosses the mark: 0.01–15 % (the band is 20 %).
        cross: Math.round((0.01 + rng.next() * 14.99) * 100) / 100,
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const symbol = String(a.symbol);
        const pair = ctx.prices.pair(symbol);
        const settings = futuresSettings(pair);
        const pd = pair.price_decimals;
        const mark = ctx.world.app.market.ticker(symbol)!.price;
        const long = a.side === '1';
        const side = long ? 'long' : 'short';
        const factor = a.where === 'triple' ? 3 : a.where === 'third' ? 1 / 3 : 1 + ((long ? 1 : -1) * Number(a.cross)) / 100;
        const limit = new Decimal(mark).mul(factor).toDecimalPlaces(pd).toFixed();
        const answer = await ctx.money<FuturesTrade>(u, {
          path: '/lever/submit',
          params: {
            match_id: String(pair.id),
            type: String(a.side),
            share: String(a.lots),
            multiple: String(a.multiple),
            target_price: limit,
          },
          fault: a.fault as never,
          effects: count(ctx, 'futures_trades', u),
        });
        if (a.where !== 'inside') {
          const band = priceBand(mark, settings.price_band, pd);
          if (isOk(answer))
            ctx.violation(`a futures limit at ${limit} (mark ${mark}, band ${band.min.toFixed()}–${band.max.toFixed()}) was accepted`);
          else if (
            !String(answer.body?.message).includes(band.max.toFixed(pd)) ||
            !String(answer.body?.message).includes(band.min.toFixed(pd))
          )
            ctx.violation(
              `a futures limit at ${limit} (mark ${mark}) was refused without naming the band: ${String(answer.body?.message)}`,
            );
          return isOk(answer) ? 'ok' : 'refused';
        }
        if (!isOk(answer)) return 'refused';
        const trade = answer.body.message;
        const exec = openPrice(side, mark, settings.spread, pd);
        const best = limitFillPrice(side, limit, mark, settings.spread, pd);
        const filled = trade.open_price ? new Decimal(trade.open_price) : null;
        if (!filled) ctx.violation(`a marketable futures limit at ${limit} (mark ${mark}) did not fill at once`);
        else if (long ? filled.gt(exec) || filled.gt(limit) : filled.lt(exec) || filled.lt(limit))
          ctx.violation(
            `a marketable ${side} limit at ${limit} (mark ${mark}, execution ${exec.toFixed()}) filled at ${trade.open_price}, worse than either`,
          );
        else if (!filled.eq(best))
          ctx.violation(
            `a marketable ${side} limit at ${limit} (mark ${mark}) filled at ${trade.open_price}, not the better of limit and execution (${best.toFixed()})`,
          );
        return 'ok';
      },
    },
    {
      kind: 'futuresClose',
      area: 'futures',
      weight: 4,
      byUser: true,
      gen: (rng) => ({ batch: rng.chance(0.1), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        if (a.batch) {
          const answer = await ctx.money(u, { path: '/lever/batch_close', params: { type: '0' }, fault: a.fault as never });
          return isOk(answer) ? 'ok' : 'refused';
        }
        const row = await pickRow(ctx, u, 'futures_trades', ['open']);
        if (!row) return 'skipped';
        const answer = await ctx.money(u, { path: '/lever/close', params: { id: row.id }, fault: a.fault as never });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'futuresCancel',
      area: 'futures',
      weight: 2,
      byUser: true,
      gen: (rng) => ({ fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        const row = await pickRow(ctx, u, 'futures_trades', ['entrusted']);
        if (!row) return 'skipped';
        const answer = await ctx.money(u, { path: '/lever/cancel', params: { id: row.id }, fault: a.fault as never });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'futuresStops',
      area: 'futures',
      weight: 2,
      byUser: true,
      gen: (rng) => ({
        tp: Math.round((0.3 + rng.next() * 5) * 100) / 100,
        sl: Math.round((0.3 + rng.next() * 5) * 100) / 100,
        wrong: rng.chance(0.15),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const rows = await ctx.query<{ id: string; match_id: number; side: string }>(
          `SELECT id::text, match_id, side FROM futures_trades WHERE user_id = $1 AND status = 'open' ORDER BY id`,
          [u.id],
        );
        if (!rows.length) return 'skipped';
        const row = ctx.rng.pick(rows);
        const symbol = FUTURES.find((s) => ctx.prices.pair(s).id === row.match_id) ?? FUTURES[0];
        // `wrong`: the stops on the wrong side of the price, which the server must refuse.
        const dir = (row.side === 'long' ? 1 : -1) * (a.wrong ? -1 : 1);
        const answer = await ctx.money(u, {
          path: '/lever/setstop',
          params: {
            id: row.id,
            target_profit_price: near(ctx, symbol, dir * Number(a.tp)),
            stop_loss_price: near(ctx, symbol, -dir * Number(a.sl)),
          },
          fault: 'none',
        });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'spotOrder',
      area: 'spot',
      weight: 6,
      byUser: true,
      gen: (rng) => ({
        symbol: rng.pick(SIM_SYMBOLS),
        side: rng.pick(['buy', 'sell']),
        share: rng.int(1, 40),
        limit: rng.chance(0.6) ? Math.round((rng.next() * 2 - 0.3) * 100) / 100 : 0,
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const symbol = String(a.symbol);
        const pair = ctx.prices.pair(symbol);
        const buy = a.side === 'buy';
        const pay = buy ? pair.legal_id : pair.currency_id;
        const detail = await ctx.call<{ available: string }>(u, '/wallet/detail', { currency: String(pay), type: 'change' }, 'GET');
        if (!isOk(detail)) return 'refused';
        const spend = shareOf(detail.body.message.available, Number(a.share), buy ? 2 : 6);
        if (Number(spend) <= 0) return 'skipped';
        const params: Record<string, string> = {
          currency_id: String(pair.currency_id),
          legal_id: String(pair.legal_id),
          type: String(a.side),
        };
        if (Number(a.limit)) params.target_price = near(ctx, symbol, (buy ? -1 : 1) * Number(a.limit));
        // A buy's amount is in the base coin: what the share of USDT buys at the price typed (or the market's).
        const price = new Decimal(params.target_price ?? ctx.prices.text(symbol));
        params.amount = buy ? new Decimal(spend).div(price).toDecimalPlaces(pair.qty_decimals, Decimal.ROUND_DOWN).toFixed() : spend;
        if (Number(params.amount) <= 0) return 'skipped';
        const answer = await ctx.money(u, { path: '/coin/trade', params, fault: a.fault as never, effects: count(ctx, 'spot_orders', u) });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'spotCancel',
      area: 'spot',
      weight: 2,
      byUser: true,
      gen: (rng) => ({ fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        const row = await pickRow(ctx, u, 'spot_orders', ['open']);
        if (!row) return 'skipped';
        const answer = await ctx.money(u, { path: '/coin/cancel', params: { id: row.id }, fault: a.fault as never });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'option',
      area: 'options',
      weight: 7,
      byUser: true,
      gen: (rng) => ({
        symbol: rng.pick(FUTURES),
        direction: rng.pick(['up', 'down']),
        seconds: rng.pick([30, 60, 120, 300]),
        stake: rng.weighted([
          [String(rng.int(10, 60)), 8],
          [String(rng.int(60, 1000)), 2],
          [String(rng.int(1, 9)), 1],
        ] as const),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const u = user!;
        const answer = await ctx.money(u, {
          path: '/microtrade/submit',
          params: {
            match_id: String(ctx.prices.pair(String(a.symbol)).id),
            currency_id: String(USDT),
            type: String(a.direction),
            seconds: String(a.seconds),
            number: String(a.stake),
          },
          fault: a.fault as never,
          effects: count(ctx, 'options_orders', u),
        });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
  ],
  due: [
    // An option settles at the first recorded price at or after its expiry; the simulation trades every few seconds of clock.
    async (query: Query, now: number) =>
      (
        await query<{ id: string; expires_at: string }>(
          `SELECT id::text, expires_at::text FROM options_orders WHERE status = 'pending' AND expires_at < $1 ORDER BY id LIMIT 5`,
          [now - 60_000],
        )
      ).map((r) => `option ${r.id} expired at ${new Date(Number(r.expires_at)).toISOString()} and is still pending`),
  ],
};
