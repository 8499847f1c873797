/**
 * The ledger: the one writer of `balances`, `journal` and `ledger_ops` (`fastify.ledger`), the
 * balance reads every other area goes through (`fastify.balances`), and the fee roll-up job.
 */
import fp from 'fastify-plugin';
import { Balances } from './Balances';
import { scheduleFeeRollup } from './FeeRollup';
import { Ledger } from './Ledger';
import { TradingFees } from './TradingFees';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
    balances: Balances;
    /** Trading fees as they are charged (futures, spot), for listeners like rebates and vouchers. */
    tradingFees: TradingFees;
  }
}

export const ledgerPlugin = fp(
  async (fastify) => {
    const { db, clock } = fastify;
    const ledger = new Ledger(clock);
    fastify.decorate('ledger', ledger);
    fastify.decorate('balances', new Balances(db));
    fastify.decorate('tradingFees', new TradingFees());
    const feeRollup = scheduleFeeRollup(clock, db, ledger, (error) => fastify.log.error(error, 'fee roll-up failed'));
    fastify.addHook('onClose', async () => feeRollup.stop());
  },
  { name: 'ledger', dependencies: ['platform'] },
);
