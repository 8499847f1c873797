/**
 * Defects planted on purpose, to show the simulation finds and shrinks them (the goal: "a
 * deliberately planted double settlement is found and shrunk"). Each wraps a running app's
 * objects from the outside; nothing in the server knows about them.
 */
import { Decimal } from '../../domain/decimal';
import type { App } from '../../server/app';
import type { Operation } from '../../server/ledger/Ledger';
import type { Queryable } from '../../server/db/db';

export const PLANTS = ['double-settlement'] as const;
export type Plant = (typeof PLANTS)[number];

export function isPlant(name: string): name is Plant {
  return (PLANTS as readonly string[]).includes(name);
}

export function plantFault(plant: Plant, app: App): void {
  switch (plant) {
    case 'double-settlement': {
      // A seconds option that wins is paid again under a second key, as a settlement whose once-key
      // was built from something that changes between attempts would be.
      const ledger = app.fastify.ledger;
      const postOnce = ledger.postOnce.bind(ledger);
      ledger.postOnce = async (q: Queryable, op: Operation) => {
        await postOnce(q, op);
        if (op.kind !== 'options_settle') return;
        const paid = op.legs.find((leg) => 'userId' in leg.holder && leg.available !== undefined && !new Decimal(leg.available).isZero());
        if (!paid) return;
        const amount = new Decimal(paid.available!);
        await postOnce(q, {
          ...op,
          key: `${op.key}:again`,
          legs: [
            { holder: paid.holder, currencyId: paid.currencyId, available: amount },
            { holder: { platform: 'treasury' }, currencyId: paid.currencyId, available: amount.neg() },
          ],
        });
      };
      break;
    }
  }
}
