/**
 * A node taking the market over from a leader that died keeps every price the leader showed.
 * The leader writes its bars every 5 s; the trades of its last seconds reached the followers (and
 * their clients, who may have placed an order at one of those prices) but not the store. The node
 * that takes over folds the bars it heard into the store, so the record, which the audit checks
 * every settlement against, still holds them. (The two-node cluster test found an option opened
 * at such a price and flagged by the audit as outside the recorded bar.)
 */
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { calculatePeriodStart } from '../../domain/market/periods';
import { ManualClock } from '../../server/clock';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { MarketSimulator } from '../../server/market/MarketSimulator';

const SYMBOL = 'BTC/USDT';
const log = pino({ level: 'silent' });

describe('a market takeover after the leader died between writes', () => {
  let db: Db;
  afterAll(() => db?.close());

  it('keeps in the record the prices the old leader relayed but never wrote', async () => {
    db = await openPglite(null);
    await migrate(db);
    const clock = new ManualClock(Date.UTC(2026, 0, 5, 12, 0, 20));
    const options = { db, clock, log, seed: 'takeover', hz: 4, historyDays: 1 };
    const leader = await MarketSimulator.open(options);
    const follower = await MarketSimulator.open(options);
    leader.onTick((tick) => follower.applyRemote(tick));
    const pairId = leader.pairBySymbol(SYMBOL)!.id;
    const start = new Decimal(leader.ticker(SYMBOL)!.price);

    // The leader's last seconds: a drop of 10 % in one minute, a jump of 10 % in the next. Neither
    // is written: the leader dies before its next write (it never flushes here).
    const low = start.mul(0.9).toFixed(2);
    const high = start.mul(1.1).toFixed(2);
    const firstMinute = calculatePeriodStart('1min', clock.now());
    leader.tradeAt(SYMBOL, low);
    clock.advance(60_000);
    const secondMinute = calculatePeriodStart('1min', clock.now());
    leader.tradeAt(SYMBOL, high);
    expect(follower.ticker(SYMBOL)!.price).toBe(high);

    await follower.start();
    await follower.stop();

    const bar = async (t: number) => {
      const [row] = await db.query<{ low: string; high: string; close: string }>(
        `SELECT low::text AS low, high::text AS high, close::text AS close FROM klines WHERE pair_id = $1 AND period = '1min' AND t = $2`,
        [pairId, t],
      );
      return row;
    };
    // The minute that closed on the leader (written by neither node before the takeover) holds its low.
    const closed = await bar(firstMinute);
    expect(closed, 'the closed minute is recorded').toBeDefined();
    expect(new Decimal(closed!.low).lte(low), `recorded low ${closed!.low} ≤ ${low}`).toBe(true);
    // The minute in progress holds its high, and it is the close the new leader continued from.
    const current = await bar(secondMinute);
    expect(current, 'the minute in progress is recorded').toBeDefined();
    expect(new Decimal(current!.high).gte(high), `recorded high ${current!.high} ≥ ${high}`).toBe(true);
    // The hour bar widened too.
    const [hour] = await db.query<{ low: string; high: string }>(
      `SELECT low::text AS low, high::text AS high FROM klines WHERE pair_id = $1 AND period = '60min' AND t = $2`,
      [pairId, calculatePeriodStart('60min', firstMinute)],
    );
    expect(new Decimal(hour!.low).lte(low) && new Decimal(hour!.high).gte(high)).toBe(true);
    // The new leader continues from the last relayed price: its clients see no jump.
    expect(follower.ticker(SYMBOL)!.price).toBe(high);
  });
});
