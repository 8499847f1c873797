/**
 * The realtime area: socket.io on the HTTP server (`fastify.hub`), public topics and their
 * snapshots, the private channel. Every committed balance change reaches the user's open apps,
 * with the values and journal row the ledger reported for it (`changedRows`).
 */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { balanceReader, changedRows } from './balanceSnapshot';
import { createRealtimeHandlers } from './realtimeHandlers';
import { RealtimeHub } from './RealtimeHub';
import { DbUserSequences, ReservedUserSequences } from './UserSequences';

declare module 'fastify' {
  interface FastifyInstance {
    hub: RealtimeHub;
  }
}

export const realtimePlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock, ledger, balances } = fastify;
    // socket.io attaches to the HTTP server now, so services can push to users from the start.
    // A node alone numbers private messages from reserved blocks; nodes sharing users, one statement each.
    const sequences = fastify.bus.shared ? new DbUserSequences(db) : new ReservedUserSequences(db);
    const hub = new RealtimeHub(fastify.server, fastify.market, fastify.sessions, clock, sequences, {
      adapter: options.socketAdapter,
      bus: fastify.bus,
    });
    fastify.decorate('hub', hub);
    // The ledger reports each change's committed values with its journal row: sent as they are, no read.
    const rows = changedRows(fastify.market);
    ledger.onBalancesChanged((userId, changed) => void hub.publishToUser(userId, 'balances', rows(changed)));
    hub.provideSnapshot('balances', balanceReader(balances, fastify.market));
    fastify.api.handle(createRealtimeHandlers(hub));
    // Sockets close before the HTTP server does.
    fastify.addHook('preClose', async () => hub.close());
  },
  { name: 'realtime', dependencies: ['platform', 'http', 'auth', 'market', 'ledger'] },
);
