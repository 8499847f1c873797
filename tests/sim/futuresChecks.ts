/**
 * The futures trading rules (docs/FUTURES.md "Trading rules") as simulation invariants,
 * reckoned with the server's own domain formulas at the marks the server recorded (the market's
 * `ticker`, which the engine and the settlements read):
 *
 * - after every step, for every user with open positions whose account has not changed since
 *   the last tick of one of their pairs (so the engine, idle by then, has seen this very account
 *   at these very marks): the equity at the marks is ≥ 0 (no position past its bankruptcy price)
 *   and the risk rate is above the liquidation threshold (every liquidation completed). An
 *   account changed at or after the last tick (an open, an overnight fee, a transfer) waits for
 *   the next tick: the engine decides on ticks, and one comes at least every ten minutes of clock;
 * - at each checkpoint: the insurance fund's journal of futures closes equals the liquidation
 *   fees in minus the shortfalls it covered, as the settlement rows record them (bad debt is
 *   reconciled with the rows by `ledgerChecks.ts`, and every balance with its journal).
 */
import { Decimal } from '../../domain/decimal';
import { mustLiquidate, profit, riskRate } from '../../domain/futures/formulas';
import { LEVER, USDT_ID } from '../../server/futures/trading/terms';
import { futuresSettings } from '../../server/futures/settings';
import type { Found } from './checks';
import type { World } from './world';

interface OpenRow {
  user_id: string;
  id: string;
  symbol: string;
  side: 'long' | 'short';
  open_price: string;
  number: string;
  quote_usdt: string;
  margin: string;
}

/** What the last futures step check saw: the node and every pair's last tick, or null before the first. */
export interface FuturesCheckState {
  marks: string | null;
}

/** The node and the time of every pair's last tick: while these stand still, no verdict can change. */
function marksNow(world: World): string {
  return `${world.generation} ${world.app.market
    .tickers()
    .map((t) => `${t.symbol}:${t.ts}`)
    .join(' ')}`;
}

export async function futuresStepViolations(world: World, state: FuturesCheckState): Promise<Found[]> {
  // No tick since the last check: every account then was judged at these marks or waited for
  // a tick, and an account changed since waits for the next one too. Nothing to judge anew.
  const marks = marksNow(world);
  if (marks === state.marks) return [];
  state.marks = marks;
  const db = world.currentDb;
  const open = await db.query<OpenRow>(
    `SELECT user_id::text, id::text, symbol, side, open_price::text, number::text, quote_usdt::text, margin::text
     FROM futures_trades WHERE status = 'open' ORDER BY user_id, id`,
  );
  if (!open.length) return [];
  const byUser = new Map<string, OpenRow[]>();
  for (const r of open) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  const ids = `{${[...byUser.keys()].join(',')}}`;
  // The account's last change: its trades' last update, or the last journal row of its
  // futures balance (by the journal's balance index, not a scan of the user's history).
  const accounts = await db.query<{ user_id: string; available: string; changed: string }>(
    `SELECT u.id::text AS user_id, COALESCE(b.available, 0)::text AS available,
       GREATEST(
         COALESCE((SELECT MAX(updated_at) FROM futures_trades t WHERE t.user_id = u.id), 0),
         COALESCE((SELECT created_at FROM journal j WHERE j.balance_id = b.id ORDER BY j.id DESC LIMIT 1), 0)
       )::text AS changed
     FROM users u LEFT JOIN balances b ON b.user_id = u.id AND b.account = $2 AND b.currency_id = $3
     WHERE u.id = ANY($1::bigint[])`,
    [ids, LEVER, USDT_ID],
  );
  const found: Found[] = [];
  for (const a of accounts) {
    const rows = byUser.get(a.user_id) ?? [];
    let margin = new Decimal(0);
    let pnl = new Decimal(0);
    let threshold = new Decimal(0);
    let lastTick = 0;
    const marks: string[] = [];
    for (const t of rows) {
      const ticker = world.app.market.ticker(t.symbol);
      const pair = world.app.market.pairBySymbol(t.symbol);
      if (!ticker || !pair) return [{ kind: 'futures', message: `no mark for ${t.symbol}` }];
      lastTick = Math.max(lastTick, ticker.ts);
      margin = margin.plus(t.margin);
      pnl = pnl.plus(profit(t.side, t.open_price, ticker.price, t.number, t.quote_usdt));
      threshold = Decimal.max(threshold, futuresSettings(pair).liquidation_risk);
      marks.push(`${t.symbol} ${ticker.price}`);
    }
    // Changed at or after the last tick: the engine has not decided on this account yet.
    if (Number(a.changed) >= lastTick) continue;
    const equity = new Decimal(a.available).plus(margin).plus(pnl);
    const rate = riskRate(a.available, margin, pnl);
    const where = `user ${a.user_id} (positions ${rows.map((r) => r.id).join(', ')}; marks ${marks.join(', ')}; available ${a.available}, margin ${margin.toFixed()}, P&L ${pnl.toFixed()})`;
    if (equity.lt(0))
      found.push({ kind: 'futures', message: `${where}: open past bankruptcy after the tick was processed (equity ${equity.toFixed()})` });
    else if (mustLiquidate(rate, threshold))
      found.push({
        kind: 'futures',
        message: `${where}: risk rate ${rate!.toFixed(2)} % at or below the ${threshold.toFixed()} % threshold after the tick was processed, not liquidated`,
      });
  }
  return found;
}

export async function futuresFullViolations(world: World): Promise<Found[]> {
  const [row] = await world.currentDb.query<{ journal: string; settled: string }>(
    `SELECT
       COALESCE((SELECT SUM(j.delta_available) FROM journal j JOIN balances b ON b.id = j.balance_id
                 WHERE b.platform = 'insurance' AND j.currency_id = $1 AND j.kind = 'futures_close'), 0)::text AS journal,
       COALESCE((SELECT SUM(fee - insurance) FROM futures_settlements
                 WHERE kind IN ('close', 'batch', 'take_profit', 'stop_loss', 'liquidation')), 0)::text AS settled`,
    [USDT_ID],
  );
  if (!new Decimal(row!.journal).eq(row!.settled))
    return [
      {
        kind: 'futures',
        message: `the insurance fund's futures closes in the journal (${row!.journal}) ≠ Σ liquidation fees − Σ covered shortfalls of the settlements (${row!.settled})`,
      },
    ];
  return [];
}
