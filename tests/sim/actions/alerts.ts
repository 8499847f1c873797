/**
 * Price alerts (docs/ALERTS.md): users set "above" and "below" alerts a few percent from the
 * price and 24 h move alerts, now and then with a threshold the server must refuse; they re-arm
 * and delete them. The leader's engine fires each on the first recorded tick past its threshold,
 * once. The checks hold it to that: a fired alert's recorded price (or move) meets its threshold
 * and came after it was set; an armed price alert is not past its threshold at the pair's last
 * recorded price when that price came after the alert was set; a fired alert notified exactly
 * once and an armed one never. (The simulation edits only armed alerts, so an alert is fired at
 * most once in its life and its notifications can be counted whole.)
 */
import { shouldFire } from '../../../domain/alerts/rules';
import type { AlertKind } from '../../../domain/alerts/types';
import { Decimal } from '../../../domain/decimal';
import { isOk } from '../http';
import { SIM_SYMBOLS } from '../prices';
import type { Ctx } from '../types';
import type { AreaModule, DueCheck } from './area';

const KINDS = ['above', 'below', 'change'] as const;

interface AlertRow {
  id: string;
  user_id: string;
  match_id: number;
  kind: AlertKind;
  threshold: string;
  state: 'active' | 'triggered';
  updated_at: string;
  fired_at: string | null;
  fired_price: string | null;
  fired_change: string | null;
}

const ALERT_COLUMNS = `id::text, user_id::text, match_id, kind, threshold::text, state, updated_at::text, fired_at::text,
  fired_price::text, fired_change::text`;

/** A fired alert's record meets its own rule, after the alert was (re)armed. */
const firedRight: DueCheck = async (query) => {
  const rows = await query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM price_alerts WHERE state = 'triggered' ORDER BY id`);
  const out: string[] = [];
  for (const a of rows) {
    if (Number(a.fired_at) < Number(a.updated_at)) out.push(`alert ${a.id} fired at ${a.fired_at}, before it was set at ${a.updated_at}`);
    const met =
      a.kind === 'change'
        ? new Decimal(a.fired_change ?? '0').abs().gte(a.threshold)
        : shouldFire(a, { price: a.fired_price ?? '0', open: a.fired_price ?? '0' });
    if (!met)
      out.push(
        `alert ${a.id} (${a.kind} ${a.threshold}) fired at price ${a.fired_price}, change ${a.fired_change}: short of its threshold`,
      );
  }
  return out;
};

/**
 * No armed price alert is past its threshold at its pair's last recorded price, once that price
 * came after the alert was set (the latest minute bar began after it: every tick in it was judged).
 */
const armedRight: DueCheck = async (query) => {
  // Each pair's newest minute, one index probe a pair (a MAX over every minute bar grew with the run).
  const last = await query<{ pair_id: number; t: string; close: string }>(
    `SELECT p.id AS pair_id, k.t::text, k.close::text FROM pairs p
       CROSS JOIN LATERAL (SELECT t, close FROM klines WHERE pair_id = p.id AND period = '1min' ORDER BY t DESC LIMIT 1) k`,
  );
  const byPair = new Map(last.map((b) => [b.pair_id, b]));
  const rows = await query<AlertRow>(
    `SELECT ${ALERT_COLUMNS} FROM price_alerts WHERE state = 'active' AND kind IN ('above', 'below') ORDER BY id`,
  );
  const out: string[] = [];
  for (const a of rows) {
    const bar = byPair.get(a.match_id);
    if (!bar || Number(bar.t) <= Number(a.updated_at)) continue;
    if (shouldFire(a, { price: bar.close, open: bar.close }))
      out.push(`alert ${a.id} (${a.kind} ${a.threshold}) is still armed at the recorded price ${bar.close} (bar ${bar.t})`);
  }
  return out;
};

/** A fired alert notified its owner exactly once; an armed one never. */
const firedOnce: DueCheck = async (query) => {
  const notes = await query<{ params: string; user_id: string }>(
    `SELECT params, user_id::text FROM notifications WHERE kind IN ('alertAbove', 'alertBelow', 'alertChange')`,
  );
  const count = new Map<string, number>();
  for (const n of notes) {
    const key = `${n.user_id}:${String((JSON.parse(n.params) as { id?: string }).id)}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  const rows = await query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM price_alerts ORDER BY id`);
  const out: string[] = [];
  for (const a of rows) {
    const sent = count.get(`${a.user_id}:${a.id}`) ?? 0;
    const expected = a.state === 'triggered' ? 1 : 0;
    if (sent !== expected) out.push(`alert ${a.id} (${a.state}) notified its owner ${sent} times, expected ${expected}`);
  }
  return out;
};

/** A threshold `percent` above or below the price (as the pair writes prices), or a move of `percent` %. */
function thresholdFor(ctx: Ctx, symbol: string, kind: AlertKind, percent: number): string {
  if (kind === 'change') return percent.toFixed(2);
  return ctx.prices.text(symbol, ctx.prices.price(symbol) * (1 + ((kind === 'above' ? 1 : -1) * percent) / 100));
}

export const alerts: AreaModule = {
  actions: [
    {
      kind: 'alertSet',
      area: 'alerts',
      weight: 2,
      byUser: true,
      gen: (rng) => ({
        symbol: rng.int(0, SIM_SYMBOLS.length - 1),
        kind: rng.weighted([
          ['above', 4],
          ['below', 4],
          ['change', 2],
        ] as const),
        // Percent from the price (above/below), or the 24 h move (change).
        percent: Math.round((0.2 + rng.next() * 12) * 100) / 100,
        // A threshold the server must refuse: more decimals than the pair's prices have.
        bad: rng.chance(0.05),
      }),
      async run(ctx, user, a) {
        const symbol = SIM_SYMBOLS[Number(a.symbol)]!;
        const pair = ctx.prices.pair(symbol);
        const kind = String(a.kind) as AlertKind;
        let threshold = thresholdFor(ctx, symbol, kind, Number(a.percent));
        if (a.bad) threshold = `${threshold}${threshold.includes('.') ? '' : '.'}00001`;
        const answer = await ctx.call(user!, '/alerts/create', { match_id: String(pair.id), kind, threshold });
        if (a.bad && isOk(answer)) ctx.violation(`/alerts/create took the threshold ${threshold} on ${symbol}`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'alertEdit',
      area: 'alerts',
      weight: 0.8,
      byUser: true,
      gen: (rng) => ({
        pick: rng.int(0, 1_000_000),
        kind: rng.int(0, KINDS.length - 1),
        percent: Math.round((0.2 + rng.next() * 8) * 100) / 100,
      }),
      async run(ctx, user, a) {
        // Armed ones only (a fired one would be re-armed: see the header).
        const rows = await ctx.query<{ id: string; match_id: number }>(
          `SELECT id::text, match_id FROM price_alerts WHERE user_id = $1 AND state = 'active' ORDER BY id`,
          [user!.id],
        );
        if (!rows.length) return 'skipped';
        const row = rows[Number(a.pick) % rows.length]!;
        const symbol = SIM_SYMBOLS.find((s) => ctx.prices.pair(s).id === row.match_id);
        if (!symbol) return 'skipped';
        const kind = KINDS[Number(a.kind)]!;
        const threshold = thresholdFor(ctx, symbol, kind, Number(a.percent));
        const answer = await ctx.call(user!, '/alerts/update', { id: row.id, kind, threshold });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'alertDelete',
      area: 'alerts',
      weight: 0.6,
      byUser: true,
      gen: (rng) => ({ pick: rng.int(0, 1_000_000) }),
      async run(ctx, user, a) {
        const rows = await ctx.query<{ id: string }>('SELECT id::text FROM price_alerts WHERE user_id = $1 ORDER BY id', [user!.id]);
        if (!rows.length) return 'skipped';
        const answer = await ctx.call(user!, '/alerts/delete', { id: rows[Number(a.pick) % rows.length]!.id });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
  ],
  due: [firedRight, armedRight, firedOnce],
};
