/**
 * A price an order is decided at is in the stored record before the order commits. The market
 * writes its bars every few seconds; an option opened, a futures position opened or closed, a
 * spot order filled at a price of the last seconds would otherwise be committed while the record
 * the audit checks it against lacked that price, and a crash before the next write would leave it
 * so. Here the market is stepped by hand and never writes on its own: only the orders' own
 * `market.record()` can put the prices in the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { FuturesTrade } from '../../domain/futures/types';
import type { OptionOrder } from '../../domain/options/types';
import type { SpotOrder } from '../../domain/spot/types';
import type { App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/futures/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';

const BTC = 1;
const USDT = 3;

describe('prices of orders in the record', () => {
  let s: TestServer;
  let app: App;
  // After the template's generated history (made at the real time), in a minute of its own.
  const clock = new ManualClock(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 7_200_000 + 30_000);
  let h: ReturnType<typeof accountHelpers>;

  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  /** The stored one-minute bar of BTC/USDT holding `ts`, or undefined. */
  const stored = async (ts: number) => {
    const [row] = await s.db.query<{ low: string; high: string }>(
      `SELECT low::text AS low, high::text AS high FROM klines WHERE pair_id = $1 AND period = '1min' AND t = $2`,
      [BTC, Math.floor(ts / 60_000) * 60_000],
    );
    return row;
  };
  const expectRecorded = async (price: string, ts: number) => {
    const bar = await stored(ts);
    expect(bar, `a stored bar at ${new Date(ts).toISOString()}`).toBeDefined();
    expect(new Decimal(price).gte(bar!.low) && new Decimal(price).lte(bar!.high), `${price} within ${bar!.low}–${bar!.high}`).toBe(true);
  };
  /**
   * A new minute and a price of its own that no stored bar holds yet. (Nothing else writes here:
   * the option, whose settlement would, comes last.)
   */
  const move = async (price: string) => {
    clock.advance(60_000);
    app.market.tradeAt('BTC/USDT', price);
    expect(await stored(clock.now())).toBeUndefined();
    return clock.now();
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
  });
  afterAll(async () => {
    await app.close();
    await s.close();
  });

  it('a futures position opens and closes at prices stored before each answer', async () => {
    const user = await s.signUp();
    await h.credit(user, 'lever', 'USDT', '5000');
    const opened = await move('59876.54');
    const trade = ok<FuturesTrade>(
      await s.call('/lever/submit', { match_id: String(BTC), type: '1', share: '1', multiple: '10' }, { token: user.token }),
    );
    await expectRecorded('59876.54', opened);
    const closed = await move('60111.22');
    ok(await s.call('/lever/close', { id: String(trade.id) }, { token: user.token }));
    await expectRecorded('60111.22', closed);
  });

  it('a spot market order fills at a price stored before it is answered', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '5000');
    const at = await move('60555.55');
    const order = ok<SpotOrder>(
      await s.call('/coin/trade', { currency_id: String(BTC), legal_id: String(USDT), type: 'buy', amount: '0.01' }, { token: user.token }),
    );
    expect(order.status).toBe('filled');
    await expectRecorded('60555.55', at);
  });

  it('an option opens at a price that is stored before it is answered', async () => {
    const user = await s.signUp();
    await h.credit(user, 'micro', 'USDT', '500');
    const at = await move('61234.56');
    const order = ok<OptionOrder>(
      await s.call(
        '/microtrade/submit',
        { match_id: String(BTC), currency_id: String(USDT), type: 'up', seconds: '30', number: '100' },
        { token: user.token },
      ),
    );
    expect(order.open_price).toBe('61234.56');
    await expectRecorded('61234.56', at);
  });
});
