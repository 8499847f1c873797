/**
 * The demo traders: a few seeded trader accounts that really trade on the simulated market, so
 * the copy-trading screens show real positions, never invented ones. On a fresh database: three accounts, verified, approved as traders,
 * credited futures funds once (a journaled credit from `grants`). On the leader: every few
 * minutes of the clock each may open a market position through the futures service — a real
 * position at the simulated market's price, with its margin and fee — and closes each after its
 * holding time; their statistics, history and the copies their followers get all come from these
 * trades. The choices are drawn from a seeded random source; nothing is invented after the fact.
 */
import { randomBytes } from 'node:crypto';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS } from '../../domain/funds/formulas';
import { hashPassword } from '../auth/passwords';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { Credits } from '../funds/Credits';
import type { FuturesRepository } from '../futures/FuturesRepository';
import type { FuturesService } from '../futures/FuturesService';
import type { MarketSource } from '../market/MarketSource';
import { createRandom, type Random } from '../market/random';
import type { UserRepository } from '../users/UserRepository';
import type { CopyRepository } from './CopyRepository';

/** The accounts: email (not a mailbox anyone reads), nickname, style. */
export const DEMO_TRADERS = [
  { email: 'trader.aurora@kestrel.local', nickname: 'Aurora', symbols: ['BTC/USDT', 'ETH/USDT'], lots: ['0.1', '0.2', '0.3'] },
  { email: 'trader.basalt@kestrel.local', nickname: 'Basalt', symbols: ['ETH/USDT', 'SOL/USDT', 'BNB/USDT'], lots: ['0.5', '1'] },
  { email: 'trader.cirrus@kestrel.local', nickname: 'Cirrus', symbols: ['BTC/USDT', 'XRP/USDT', 'DOGE/USDT'], lots: ['0.2', '0.5', '1'] },
] as const;

const FUNDS = '20000';
const REASON = 'seed: demo trader funds';
const TICK_MS = 5 * 60_000;
const MAX_OPEN = 2;

export class DemoTraders {
  private stop: (() => void) | null = null;
  private random: Random;
  private ids: number[] = [];
  private busy = false;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      users: UserRepository;
      credits: Credits;
      market: MarketSource;
      repo: CopyRepository;
      futures: { service: FuturesService; repo: FuturesRepository };
      seed: string;
      scryptLogN?: number;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    this.random = createRandom(`${deps.seed}:demo-traders`);
  }

  /** First start: the accounts, verified, approved, funded once. */
  async seed(): Promise<void> {
    const usdt = this.deps.market.currencies.find((c) => c.name === 'USDT')!;
    for (const demo of DEMO_TRADERS) {
      let user = await this.deps.users.byEmail(demo.email);
      if (!user) {
        user = await this.deps.users.create({
          email: demo.email,
          areaCode: null,
          mobile: null,
          // Nobody signs in as a demo trader: an unguessable password.
          passwordHash: await hashPassword(randomBytes(24).toString('base64'), this.deps.scryptLogN),
          invitedBy: null,
          nickname: demo.nickname,
          createdAt: this.deps.clock.now(),
        });
        await this.deps.users.raiseIdentityLevel(user.id, 1);
      }
      const id = user.id;
      this.ids.push(id);
      if (!(await this.deps.repo.trader(id))) {
        await this.deps.db.tx(async (q) => {
          await this.deps.repo.apply(q, id, this.deps.clock.now());
          await this.deps.repo.decide(q, id, 'approved', null, this.deps.clock.now());
        });
      }
      const reason = `${REASON}: ${demo.nickname}`;
      if (!(await this.deps.credits.anyWithReason(reason)))
        await this.deps.credits.credit({ userId: id, account: ACCOUNTS.lever }, usdt, new Decimal(FUNDS), reason);
    }
  }

  start(): void {
    this.stop = this.deps.clock.every(TICK_MS, () => void this.tick());
  }

  halt(): void {
    this.stop?.();
    this.stop = null;
  }

  /** One round: each trader closes what it has held long enough, and may open one position. */
  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = this.deps.clock.now();
      for (const [i, demo] of DEMO_TRADERS.entries()) {
        const id = this.ids[i];
        if (id === undefined) continue;
        const open = await this.deps.futures.repo.live(id, 'open');
        for (const t of open) {
          // Held 30 minutes to about 3 hours, fixed per position.
          const hold = 30 * 60_000 + (t.id % 6) * 30 * 60_000;
          if ((t.opened_at ?? now) + hold <= now) await this.deps.futures.service.close(id, t.id).catch(() => undefined);
        }
        if (open.length >= MAX_OPEN || this.random.next() < 0.5) continue;
        const symbol = demo.symbols[this.random.int(0, demo.symbols.length - 1)]!;
        const pair = this.deps.market.pairBySymbol(symbol);
        if (!pair) continue;
        const { settings } = this.deps.futures.service.pair(pair.id);
        const multiple = settings.multiples[this.random.int(0, Math.min(2, settings.multiples.length - 1))]!;
        await this.deps.futures.service
          .submit(id, {
            match_id: pair.id,
            type: this.random.next() < 0.5 ? 'long' : 'short',
            share: demo.lots[this.random.int(0, demo.lots.length - 1)]!,
            multiple,
          })
          .catch(() => undefined);
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'demo traders: round failed');
    } finally {
      this.busy = false;
    }
  }
}
