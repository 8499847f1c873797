/**
 * The seconds options engine (leader only, docs/OPTIONS.md "Engine"): each pending option
 * settles exactly once at the first recorded price at or after its expiry — the tick that reaches
 * it (`decided_by` 'tick'), or, for an expiry that passed while no engine ran, the price record
 * (`decided_by` 'record'). The rules are `TickDeadlineEngine`'s (server/platform), shared with
 * the mini game; each settlement re-checks under locks (OptionsService.settle).
 */
import type { PriceRecord } from '../audit/PriceRecord';
import type { Clock } from '../clock';
import type { ClusterBus } from '../platform/cluster/ClusterBus';
import type { MarketSource } from '../market/MarketSource';
import { TickDeadlineEngine } from '../platform/TickDeadlineEngine';
import type { OptionRow, OptionsRepository } from './OptionsRepository';
import type { OptionsService } from './OptionsService';
import { TICK_GRACE_MS } from './settings';

export class OptionsEngine extends TickDeadlineEngine<OptionRow> {
  constructor(deps: {
    clock: Clock;
    bus: ClusterBus;
    market: MarketSource;
    repo: OptionsRepository;
    service: OptionsService;
    prices: PriceRecord;
    log: { error(obj: unknown, msg: string): void };
  }) {
    super(
      {
        name: 'options engine',
        deadline: (o) => o.expires_at,
        tickGraceMs: TICK_GRACE_MS,
        isOpen: (o) => o.status === 'pending',
        loadOpen: () => deps.repo.allPending(),
        settle: (id, decider) => deps.service.settle(id, decider),
        onChange: (listener) => deps.service.onChange(listener),
      },
      deps,
    );
  }
}
