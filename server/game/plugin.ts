/**
 * The mini game (docs/community/GAME.md): the `/game/*` endpoints and the engine
 * (leader only) that settles each round once at the recorded price of its close. Points only:
 * owns `game_points`, `game_grants`, `game_rounds` (GameRepository); never the ledger.
 */
import fp from 'fastify-plugin';
import type { HandlerMap } from '../http/context';
import { GameEngine } from './GameEngine';
import { GameRepository } from './GameRepository';
import { GameService } from './GameService';

declare module 'fastify' {
  interface FastifyInstance {
    game: { service: GameService; engine: GameEngine; repo: GameRepository };
  }
}

/** Tests and e2e may shorten a round (GAME_ROUND_SECONDS); 60 s otherwise. */
function roundMsFromEnv(): number | undefined {
  const seconds = Number(process.env.GAME_ROUND_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

export const gamePlugin = fp(
  async (fastify) => {
    const { db, clock, market, users, audit } = fastify;
    const repo = new GameRepository(db);
    const service = new GameService({ db, clock, market, users, repo, roundMs: roundMsFromEnv() });
    const engine = new GameEngine({ clock, bus: fastify.bus, market, repo, service, prices: audit.prices, log: fastify.log });
    fastify.decorate('game', { service, engine, repo });
    const handlers: HandlerMap = {
      '/game/home': async (_input, ctx) => service.home(ctx.user.id),
      '/game/play': async (input, ctx) => service.play(ctx.user.id, input, ctx.tx),
      '/game/rounds': async (input, ctx) => service.rounds(ctx.user.id, { page: input.page, limit: input.limit }),
      '/game/round': async (input, ctx) => service.round(ctx.user.id, input.id),
      '/game/leaderboard': async (input, ctx) => service.leaderboard(ctx.user.id, input.period),
    };
    fastify.api.handle(handlers);
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'game', dependencies: ['platform', 'http', 'market', 'users', 'audit'] },
);
