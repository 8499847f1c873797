/**
 * The mini game's engine (leader only, docs/community/GAME.md): each open round settles exactly
 * once at the first recorded price at or after its close — the tick that reaches it within 5 s
 * ('tick'), or, for a close no tick reached in time or that passed while no engine ran, the price
 * record ('record'). The rules are
 * `TickDeadlineEngine`'s (server/platform), shared with the seconds options; each settlement
 * re-checks under locks (GameService.settle).
 */
import type { PriceRecord } from '../audit/PriceRecord';
import type { Clock } from '../clock';
import type { ClusterBus } from '../platform/cluster/ClusterBus';
import type { MarketSource } from '../market/MarketSource';
import { TickDeadlineEngine } from '../platform/TickDeadlineEngine';
import type { GameRepository, GameRoundRow } from './GameRepository';
import type { GameService } from './GameService';

/** How late after a round's close a tick may still decide it; later, the price record decides (as for options). */
const TICK_GRACE_MS = 5_000;

export class GameEngine extends TickDeadlineEngine<GameRoundRow> {
  constructor(deps: {
    clock: Clock;
    bus: ClusterBus;
    market: MarketSource;
    repo: GameRepository;
    service: GameService;
    prices: PriceRecord;
    log: { error(obj: unknown, msg: string): void };
  }) {
    super(
      {
        name: 'game engine',
        deadline: (r) => r.closes_at,
        tickGraceMs: TICK_GRACE_MS,
        isOpen: (r) => r.status === 'open',
        loadOpen: () => deps.repo.allOpen(),
        settle: (id, decider) => deps.service.settle(id, decider),
        onChange: (listener) => deps.service.onChange(listener),
      },
      deps,
    );
  }
}
