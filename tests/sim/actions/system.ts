/**
 * Actions of the world rather than of a user: time passing (the market trading as it passes),
 * flash moves, a node crash under load (run by the runner itself: it restarts the world) and a
 * dropped socket.
 */
import { SIM_SYMBOLS } from '../prices';
import type { AreaModule } from './area';

export const system: AreaModule = {
  actions: [
    {
      kind: 'clock',
      area: 'market',
      weight: 30,
      byUser: false,
      gen: (rng) => ({
        // Mostly seconds to minutes; sometimes an hour; now and then most of a day (settlements, accruals, expiries).
        ms: rng.weighted([
          [rng.int(1, 90) * 1000, 70],
          [rng.int(2, 30) * 60_000, 22],
          [rng.int(1, 6) * 3_600_000, 6],
          [rng.int(6, 26) * 3_600_000, 2],
        ] as const),
      }),
      async run(ctx, _user, a) {
        await ctx.advance(Number(a.ms));
        return 'ok';
      },
    },
    {
      kind: 'flash',
      area: 'market',
      weight: 2,
      byUser: false,
      gen: (rng) => ({
        symbol: rng.int(0, SIM_SYMBOLS.length - 1),
        // A gap of 3–35 % either way; half of them snap back a moment later (a wick), half stay (a gap).
        percent: Math.round((rng.chance(0.5) ? -1 : 1) * (3 + rng.next() * 32) * 100) / 100,
        back: rng.chance(0.5),
      }),
      async run(ctx, _user, a) {
        const symbol = SIM_SYMBOLS[Number(a.symbol)]!;
        ctx.prices.flash(symbol, Number(a.percent));
        await ctx.settle();
        if (a.back) {
          await ctx.advance(1000);
          ctx.prices.flash(symbol, (100 / (1 + Number(a.percent) / 100) - 100) as number);
          await ctx.settle();
        }
        return 'ok';
      },
    },
    {
      // A gap: a futures pair jumps 10–30 % in one tick and stays, past many positions'
      // bankruptcy prices at once: their liquidations must complete, the fund and bad debt taking
      // the rest (checked by tests/sim/futuresChecks.ts and the ledger's reconciliation).
      kind: 'gap',
      area: 'market',
      weight: 1,
      byUser: false,
      gen: (rng) => ({
        symbol: rng.pick(['BTC/USDT', 'ETH/USDT']),
        percent: Math.round((rng.chance(0.5) ? -1 : 1) * (10 + rng.next() * 20) * 100) / 100,
      }),
      async run(ctx, _user, a) {
        ctx.prices.flash(String(a.symbol), Number(a.percent));
        await ctx.settle();
        return 'ok';
      },
    },
    {
      kind: 'crash',
      area: 'faults',
      weight: 0.3,
      byUser: false,
      gen: (rng) => ({ pick: rng.int(0, 1_000_000), amount: String(rng.int(1, 50)), delayMs: rng.int(0, 25) }),
      // The runner runs it (it restarts the world and reconnects every watcher).
      run: () => Promise.resolve('ok'),
    },
    {
      kind: 'dropSocket',
      area: 'faults',
      weight: 1.5,
      byUser: false,
      gen: (rng) => ({ pick: rng.int(0, 1_000_000) }),
      async run(ctx, _user, a) {
        await ctx.dropChannel(Number(a.pick));
        return 'ok';
      },
    },
  ],
};
