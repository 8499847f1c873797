/**
 * The NFT area (docs/NFT.md): the `/bind_box/*` endpoints, the operator's `nft-*`
 * commands, the media at `/nft-media/<name>`, the engine (leader only) that closes sales, refunds
 * margins, expires unpaid orders and reveals blind-box seeds, the live `auction:<sale>` topic and
 * the auditor. Owns every `nft_*` table (NftRepository). Every effect moves a balance or writes a
 * notification, both pushed on the private channel: the app refreshes its NFT lists on those.
 */
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { createNftAuditor } from './audit';
import { NftEngine } from './NftEngine';
import { createNftHandlers, createNftOpsHandlers } from './nftHandlers';
import { NftMedia, SHIPPED_MEDIA_DIR } from './NftMedia';
import { NftOperator } from './NftOperator';
import { NftRepository } from './NftRepository';
import { NftService } from './NftService';
import { seedNftCatalogue } from './seedCatalogue';
import { DEFAULT_NFT_TERMS } from './shared/money';

declare module 'fastify' {
  interface FastifyInstance {
    nft: { service: NftService; operator: NftOperator; engine: NftEngine; repo: NftRepository };
  }
}

export const nftPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock, ledger, balances, market, users, notifications, hub, audit } = fastify;
    const terms = DEFAULT_NFT_TERMS;
    const repo = new NftRepository(db);
    const media = new NftMedia(options.dataDir);
    await media.init();
    const service = new NftService({ db, clock, ledger, balances, market, users, notifications, hub, repo, terms });
    const operator = new NftOperator({ db, clock, market, users, repo, media, service, terms });
    const engine = new NftEngine({ clock, bus: fastify.bus, repo, service, log: fastify.log });
    fastify.decorate('nft', { service, operator, engine, repo });

    await fastify.register(fastifyStatic, {
      root: [SHIPPED_MEDIA_DIR, media.uploadDir],
      prefix: '/nft-media/',
      decorateReply: false,
      index: false,
      list: false,
      setHeaders(res) {
        // A stored name never changes its bytes (an upload gets a fresh name).
        res.header('cache-control', 'public, max-age=604800');
        res.header('x-content-type-options', 'nosniff');
      },
    });

    await seedNftCatalogue({ repo, operator, clock });
    await service.live.load();
    // A sale or box created, or an end moved by a bid, on this node: re-arm at once rather than at the next sweep.
    operator.onCreate(() => engine.poke());
    service.steps.onDeadlineChange(() => engine.poke());

    audit.registry.register(createNftAuditor({ repo, ledger, db, currencies: market.currencies }));
    fastify.api.handle(createNftHandlers(service));
    fastify.ops.handle(createNftOpsHandlers(operator));
    // The assets page's "NFT bids" line: auction margins in escrow and bid covers frozen.
    fastify.holdings.register({ kind: 'nft', holdings: (userId) => service.reads.holdings(userId) });
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'nft', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'audit', 'notifications', 'realtime', 'funds'] },
);
