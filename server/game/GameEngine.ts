/**
 * The mini game's engine (leader only, docs/community/GAME.md): each open round settles exactly
 * once at the first recorded price at or after its close — the tick that reaches it ('tick'), or,
 * for a close that passed while no engine ran, the price record ('record'). The rules are
 * `TickDeadlineEngine`'s (server/platform), shared with the seconds options; each settlement
 * re-checks under locks (GameService.settle).
 */
import type { PriceRecord } from '../audit/PriceRecord';
import type { Clock } from '../clock';
import type { MarketSource } from '../market/MarketSource';
import { TickDeadlineEngine } from '../platform/TickDeadlineEngine';
import type { GameRepository, GameRoundRow } from './GameRepository';
import type { GameService } from './GameService';

export class GameEngine extends TickDeadlineEngine<GameRoundRow> {
  constructor(deps: {
    clock: Clock;
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
        isOpen: (r) => r.status === 'open',
        loadOpen: () => deps.repo.allOpen(),
        settle: (id, decider) => deps.service.settle(id, decider),
        onChange: (listener) => deps.service.onChange(listener),
      },
      deps,
    );
  }
}
