/**
 * Following a trader: a follow's terms (a multiple of the trader's lots or a fixed number of lots,
 * with optional limits), editing and cancelling it, and taking a copied position out of copying.
 */
import { readFollowNumber } from '../../../domain/copytrade/formulas';
import { FOLLOW_MAX_MULTIPLE, type CopyItem, type FollowItem, type FollowType } from '../../../domain/copytrade/types';
import type { Decimal } from '../../../domain/decimal';
import { LOT_RULES } from '../../../domain/futures/types';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { FuturesRepository } from '../../futures/FuturesRepository';
import { AppError } from '../../http/AppError';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { UserRepository } from '../../users/UserRepository';
import type { CopyRepository } from '../CopyRepository';
import type { TraderReads } from '../traders/TraderReads';
import type { FollowViews } from './FollowViews';

/** What happened to a follow (`FollowService`'s `changed`). */
export type FollowChange = 'made' | 'edited' | 'cancelled';

/** The largest multiple a follower may choose. */
export const MAX_MULTIPLE = FOLLOW_MAX_MULTIPLE;

const fixed = (d: Decimal) => d.toFixed();

export class FollowService {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      users: UserRepository;
      repo: CopyRepository;
      futures: { repo: FuturesRepository };
      traders: TraderReads;
      views: FollowViews;
      /** A follow was made, edited or cancelled, told after its commit. */
      changed: (change: FollowChange) => void;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /** The follow's number as kept: a multiple (≤ MAX_MULTIPLE, two decimals) or lots within the futures rules. */
  private readNumber(type: FollowType, text: string): Decimal {
    const rules = LOT_RULES;
    const value = readFollowNumber(text, type, rules.lot_decimals);
    if (type === 1) {
      if (!value) throw new AppError('errors.copyMultipleInvalid');
      if (value.gt(MAX_MULTIPLE)) throw new AppError('errors.copyMultipleMax', { max: MAX_MULTIPLE });
      return value;
    }
    const decimals = (text.trim().split('.')[1] ?? '').replace(/0+$/, '').length;
    if (!value || decimals > rules.lot_decimals || value.lt(rules.min_lots) || value.gt(rules.max_lots))
      throw new AppError('errors.copyLotsInvalid', { min: rules.min_lots, max: rules.max_lots, decimals: rules.lot_decimals });
    return value;
  }

  async follow(
    userId: number,
    input: { trader_user_id: number; type: FollowType; number: string; max_margin?: string; stop_loss?: string; daily_limit?: number },
    run: TxRunner = this.tx,
  ): Promise<FollowItem> {
    if (input.trader_user_id === userId) throw new AppError('errors.copySelf');
    const trader = await this.deps.traders.approved(input.trader_user_id);
    const number = this.readNumber(input.type, input.number);
    const terms = {
      type: input.type,
      number: fixed(number),
      max_margin: input.max_margin ?? null,
      stop_loss: input.stop_loss ?? null,
      daily_limit: input.daily_limit ?? null,
    };
    const row = await run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const existing = await this.deps.repo.lockActive(q, userId, trader.user_id);
      afterCommit(() => this.deps.changed(existing ? 'edited' : 'made'));
      if (existing) return this.deps.repo.editFollow(q, existing.id, terms, this.deps.clock.now());
      const locked = await this.deps.repo.lockTrader(q, trader.user_id);
      if (!locked?.accepting) throw new AppError('errors.copyNotAccepting');
      return this.deps.repo.insertFollow(q, {
        follower_id: userId,
        trader_id: trader.user_id,
        ...terms,
        created_at: this.deps.clock.now(),
      });
    });
    return this.deps.views.toFollow(row);
  }

  async cancel(userId: number, id: number, run: TxRunner = this.tx): Promise<FollowItem> {
    const row = await run(async (q, afterCommit) => {
      afterCommit(() => this.deps.changed('cancelled'));
      const follow = await this.deps.repo.lockFollow(q, id);
      if (!follow || follow.follower_id !== userId) throw new AppError('errors.copyFollowNotFound');
      if (follow.status !== 'following') throw new AppError('errors.copyCancelled');
      return (await this.deps.repo.cancelFollow(q, id, 'user', this.deps.clock.now()))!;
    });
    return this.deps.views.toFollow(row);
  }

  /** Takes a copied position out of copying: the trader's close no longer touches it (the follower keeps it as their own). */
  async selfHold(userId: number, tradeId: number, run: TxRunner = this.tx): Promise<CopyItem> {
    const row = await run(async (q) => {
      const copy = await this.deps.repo.lockCopyByTrade(q, tradeId);
      if (!copy || copy.follower_id !== userId) throw new AppError('errors.copyPositionNotFound');
      if (copy.self_held) throw new AppError('errors.copySelfHeld');
      const trade = await this.deps.futures.repo.byId(tradeId, q);
      if (trade?.status !== 'open') throw new AppError('errors.copyPositionClosed');
      return this.deps.repo.setSelfHeld(q, copy.id);
    });
    return (await this.deps.views.toCopies([row]))[0]!;
  }
}
