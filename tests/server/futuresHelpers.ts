/**
 * Shortcuts of the futures tests over real HTTP (tests/server/tradingRules.test.ts,
 * opsRisk.test.ts): step the BTC mark and wait for the engine, read a trade and its settlements,
 * answers that must be ok or refused, a submit with defaults, a funded user, the lever balance,
 * and the platform accounts (reading them, and moving the insurance fund as a run of losses would).
 */
import { expect } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type {} from '../../server/futures/plugin';
import type { accountHelpers } from './accounts';
import type { TestServer } from './harness';

const USDT = 3;
const BTC = 1;
type User = Awaited<ReturnType<TestServer['signUp']>>;
type Answer = { body: { type: string | number; message: unknown } };

/** The helpers over `server()` (the test's server, made in its beforeAll) and its account helpers. */
export function futuresHelpers(server: () => TestServer, accounts: () => ReturnType<typeof accountHelpers>) {
  const ok = <T>(res: Answer): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const platform = async (name: string) => {
    const [row] = await server().db.query<{ total: string }>(
      `SELECT COALESCE(SUM(available), 0)::text AS total FROM balances WHERE platform = $1 AND currency_id = $2`,
      [name, USDT],
    );
    return new Decimal(row!.total);
  };
  return {
    ok,
    platform,
    refused(res: Answer): string {
      expect(res.body.type).toBe('error');
      return String(res.body.message);
    },
    /** A tick of BTC/USDT at `price`, and every engine effect it caused. */
    async mark(price: string): Promise<void> {
      server().app.market.tradeAt('BTC/USDT', price);
      await server().app.fastify.futures.engine.idle();
    },
    trade: async (id: number) => (await server().app.fastify.futures.repo.byId(id))!,
    settlements: (id: number) => server().app.fastify.futures.repo.settlements(id),
    /** `/lever/submit` on BTC: a 1-lot market long at 10× unless `params` say otherwise. */
    submit: (user: User, params: Record<string, string> = {}, lang?: string) =>
      server().call(
        '/lever/submit',
        { match_id: String(BTC), type: '1', share: '1', multiple: '10', ...params },
        { token: user.token, lang },
      ),
    /** A new user with `amount` USDT in the lever account. */
    async funded(amount: string): Promise<User> {
      const user = await server().signUp();
      await accounts().credit(user, 'lever', 'USDT', amount);
      return user;
    },
    async lever(user: User): Promise<{ available: string; frozen: string }> {
      const b = await accounts().balance(user, USDT, 'lever');
      return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
    },
    /** Moves `amount` USDT from the insurance fund to the treasury (negative: back), once per `key`. */
    shiftInsurance: (key: string, amount: Decimal) =>
      server().db.tx((q) =>
        server().app.fastify.ledger.post(q, {
          key,
          kind: 'credit',
          legs: [
            { holder: { platform: 'insurance' }, currencyId: USDT, available: amount.neg() },
            { holder: { platform: 'treasury' }, currencyId: USDT, available: amount },
          ],
        }),
      ),
  };
}
