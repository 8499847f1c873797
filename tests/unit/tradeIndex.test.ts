/**
 * The futures engine's index (server/futures/TradeIndex.ts), by property: a mark inside a pair's
 * quiet band triggers nothing the per-trade check would, and the P&L bound is never above the sum
 * the per-position check makes, so skipping on either loses no fill, stop or liquidation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { limitFills, profit, stopTriggered } from '../../domain/futures/formulas';
import type { TradeRow } from '../../server/futures/FuturesTrades';
import { TradeIndex } from '../../server/futures/TradeIndex';

/** A price of 2 decimals near 100 (so marks land on and around the triggers). */
const price = fc.integer({ min: 9_000, max: 11_000 }).map((n) => new Decimal(n).div(100).toFixed());
const maybePrice = fc.option(price, { nil: null });

const trade = fc.record({
  side: fc.constantFrom('long' as const, 'short' as const),
  status: fc.constantFrom('open' as const, 'entrusted' as const),
  user: fc.integer({ min: 1, max: 3 }),
  pair: fc.integer({ min: 1, max: 2 }),
  target: price,
  open: price,
  takeProfit: maybePrice,
  stopLoss: maybePrice,
  number: fc.integer({ min: 1, max: 100_000 }).map((n) => new Decimal(n).div(1000).toFixed()),
  quote: fc.constantFrom('1', '0.5', '1.000001'),
  margin: fc.integer({ min: 1, max: 1_000_000 }).map((n) => new Decimal(n).div(100).toFixed()),
});
type Arb = typeof trade extends fc.Arbitrary<infer T> ? T : never;

function rowOf(t: Arb, id: number): TradeRow {
  const open = t.status === 'open';
  return {
    id,
    user_id: t.user,
    match_id: t.pair,
    symbol: `P${t.pair}/USDT`,
    side: t.side,
    kind: open ? 'market' : 'limit',
    status: t.status,
    share: '1',
    number: t.number,
    multiple: 10,
    target_price: open ? null : t.target,
    open_price: open ? t.open : null,
    quote_usdt: t.quote,
    margin: t.margin,
    fee: '0',
    overnight_fee: '0',
    target_profit_price: open ? t.takeProfit : null,
    stop_loss_price: open ? t.stopLoss : null,
    profit: null,
    close_price: null,
    close_reason: null,
    created_at: 0,
    opened_at: open ? 0 : null,
    closed_at: null,
    updated_at: 0,
    open_ts: null,
    close_ts: null,
  };
}

function fires(t: TradeRow, mark: string): boolean {
  return t.status === 'entrusted'
    ? limitFills(t.side, mark, t.target_price!)
    : stopTriggered(t.side, mark, t.target_profit_price, t.stop_loss_price) !== null;
}

describe('TradeIndex', () => {
  it('never hides a trade the mark triggers', () => {
    fc.assert(
      fc.property(fc.array(trade, { maxLength: 30 }), price, (trades, mark) => {
        const index = new TradeIndex();
        const rows = trades.map((t, i) => rowOf(t, i + 1));
        for (const row of rows) index.track(row);
        for (const pair of [1, 2]) {
          const shown = new Set([...index.mayTrigger(pair, new Decimal(mark))].map((t) => t.id));
          for (const row of rows) if (row.match_id === pair && fires(row, mark)) expect(shown.has(row.id)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('bounds each user’s P&L from below and sums their margin exactly', () => {
    fc.assert(
      fc.property(fc.array(trade, { maxLength: 30 }), price, price, (trades, mark1, mark2) => {
        const index = new TradeIndex();
        const rows = trades.map((t, i) => rowOf(t, i + 1));
        for (const row of rows) index.track(row);
        const marks = new Map([
          [1, mark1],
          [2, mark2],
        ]);
        for (const user of [1, 2, 3]) {
          const open = rows.filter((r) => r.user_id === user && r.status === 'open');
          const floor = index.pnlFloor(user, (pair) => new Decimal(marks.get(pair)!))!;
          const exact = open.reduce(
            (sum, t) => sum.plus(profit(t.side, t.open_price!, marks.get(t.match_id)!, t.number, t.quote_usdt)),
            new Decimal(0),
          );
          const margin = open.reduce((sum, t) => sum.plus(t.margin), new Decimal(0));
          expect(floor.pnl.lte(exact)).toBe(true);
          // A bound that is useful: within a few units of the last money decimal per position.
          expect(exact.minus(floor.pnl).lte(new Decimal('0.000001').mul(open.length + 2))).toBe(true);
          expect(floor.margin.eq(margin)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps each user’s sums through fills, changes and closes as a fresh index would make them', () => {
    // Each step re-tracks one trade: opened (filled), its margin or size changed, or closed.
    const step = fc.record({ which: fc.nat(), to: trade, close: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(trade, { minLength: 1, maxLength: 30 }),
        fc.array(step, { maxLength: 60 }),
        price,
        price,
        (trades, steps, m1, m2) => {
          const index = new TradeIndex();
          const live = new Map(trades.map((t, i) => [i + 1, rowOf(t, i + 1)]));
          for (const row of live.values()) index.track(row);
          for (const s of steps) {
            const ids = [...live.keys()];
            if (!ids.length) break;
            const id = ids[s.which % ids.length]!;
            const before = live.get(id)!;
            // A trade keeps its user and pair; the rest may change.
            const next = {
              ...rowOf({ ...s.to, user: before.user_id, pair: before.match_id }, id),
              ...(s.close ? { status: 'closed' as const } : {}),
            };
            index.track(next);
            if (s.close) live.delete(id);
            else live.set(id, next);
          }
          const fresh = new TradeIndex();
          for (const row of live.values()) fresh.track(row);
          const marks = new Map([
            [1, new Decimal(m1)],
            [2, new Decimal(m2)],
          ]);
          for (const user of [1, 2, 3]) {
            const kept = index.pnlFloor(user, (pair) => marks.get(pair))!;
            const made = fresh.pnlFloor(user, (pair) => marks.get(pair))!;
            expect(kept.pnl.eq(made.pnl)).toBe(true);
            expect(kept.margin.eq(made.margin)).toBe(true);
            expect([...index.pairsOf(user)].sort()).toEqual([...fresh.pairsOf(user)].sort());
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('follows a trade through its life: filled, stop moved, closed', () => {
    const index = new TradeIndex();
    const entrusted = rowOf(
      {
        side: 'long',
        status: 'entrusted',
        user: 1,
        pair: 1,
        target: '95',
        open: '95',
        takeProfit: null,
        stopLoss: null,
        number: '1',
        quote: '1',
        margin: '10',
      },
      7,
    );
    index.track(entrusted);
    expect([...index.mayTrigger(1, new Decimal('96'))]).toEqual([]);
    expect([...index.mayTrigger(1, new Decimal('95'))].map((t) => t.id)).toEqual([7]);
    expect([...index.holdersOf(1)]).toEqual([]);

    const open = { ...entrusted, status: 'open' as const, open_price: '95', target_price: null, stop_loss_price: '90' };
    index.track(open);
    expect([...index.holdersOf(1)]).toEqual([1]);
    expect([...index.mayTrigger(1, new Decimal('95'))]).toEqual([]);
    expect([...index.mayTrigger(1, new Decimal('90'))].map((t) => t.id)).toEqual([7]);
    expect(index.pnlFloor(1, () => new Decimal('100'))!.pnl.lte('5')).toBe(true);

    index.track({ ...open, stop_loss_price: null });
    expect([...index.mayTrigger(1, new Decimal('1'))]).toEqual([]);

    index.track({ ...open, status: 'closed' });
    expect(index.holds(1)).toBe(false);
    expect([...index.holdersOf(1)]).toEqual([]);
    expect([...index.mayTrigger(1, new Decimal('1'))]).toEqual([]);
  });
});
