/**
 * The user's changes to what they hold: closing one position or all of them (or one side) at the
 * mark, and setting or clearing the take-profit and stop-loss of a position or an entrusted order
 * within the trading rules.
 */
import { checkStops, stopLossPastLiquidation } from '../../../domain/futures/formulas';
import type { FuturesSide, FuturesTrade } from '../../../domain/futures/types';
import { AppError } from '../../http/AppError';
import { isJoined, txRunner, type TxRunner } from '../../ledger/tx';
import { toTrade } from '../FuturesRepository';
import type { ClosingDeps } from './PositionClosing';
import { readPrice } from './terms';

export class PositionChanges {
  private readonly tx: TxRunner;

  constructor(private readonly deps: ClosingDeps) {
    this.tx = txRunner(deps.db);
  }

  /** Closes one of the user's open positions at the mark. */
  async close(userId: number, id: number, run: TxRunner = this.tx): Promise<FuturesTrade> {
    if (!isJoined(run)) await this.deps.market.record();
    return run(async (q, afterCommit) => {
      const wallet = await this.deps.core.lockAndAvailable(userId, q);
      const row = await this.deps.core.owned(q, userId, id);
      if (row.status === 'entrusted') throw new AppError('errors.closeEntrusted');
      if (row.status !== 'open') throw new AppError('errors.positionClosed');
      const closed = await this.deps.closing.closeIn(q, row, this.deps.core.tradingMark(row.symbol), 'manual', wallet);
      this.deps.core.announce(afterCommit, closed, row.status);
      return toTrade(closed);
    });
  }

  /**
   * Closes all the user's open positions, or only the longs or the shorts, at their marks; a
   * position whose pair's venue is silent stays open (docs/MARKET.md) and is not counted.
   */
  async batchClose(userId: number, which: FuturesSide | 'all', run: TxRunner = this.tx): Promise<{ closed: number }> {
    if (!isJoined(run)) await this.deps.market.record();
    return run(async (q, afterCommit) => {
      const wallet = await this.deps.core.lockAndAvailable(userId, q);
      const live = await this.deps.repo.lockLive(q, userId, 'open', which === 'all' ? undefined : which);
      const open = live.filter((row) => !this.deps.market.isStale(row.symbol));
      for (const row of this.deps.closing.winnersFirst(open)) {
        const closed = await this.deps.closing.closeIn(q, row, this.deps.core.mark(row.symbol), 'batch', wallet);
        this.deps.core.announce(afterCommit, closed, row.status);
      }
      return { closed: open.length };
    });
  }

  /**
   * Sets (or, with an empty value, clears) the take-profit and stop-loss of an open position or
   * an entrusted order, checked against its entry (the open or limit price) and the mark.
   */
  async setStop(
    userId: number,
    id: number,
    stops: { target_profit_price?: string; stop_loss_price?: string },
    run: TxRunner = this.tx,
  ): Promise<FuturesTrade> {
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const row = await this.deps.core.owned(q, userId, id);
      if (row.status !== 'open' && row.status !== 'entrusted') throw new AppError('errors.positionClosed');
      const pd = this.deps.core.settingsOf(row).price_decimals;
      const takeProfit = readPrice(stops.target_profit_price, pd);
      const stopLoss = readPrice(stops.stop_loss_price, pd);
      const entry = row.open_price ?? row.target_price!;
      const settings = this.deps.core.settingsOf(row);
      const mark = this.deps.core.tradingMark(row.symbol).price;
      this.deps.core.checkBands(settings, mark, { takeProfit, stopLoss });
      const issue = checkStops(row.side, entry, mark, takeProfit, stopLoss);
      if (issue) throw new AppError(issue);
      if (stopLoss !== null) {
        const [{ available }, open] = await Promise.all([
          this.deps.core.available(userId, q),
          this.deps.repo.live(userId, 'open', undefined, q),
        ]);
        const liq = this.deps.core.liquidationEstimate(open, available, {
          id: row.status === 'open' ? row.id : undefined,
          side: row.side,
          open: entry,
          number: row.number,
          margin: row.margin,
          quoteUsdt: row.quote_usdt,
          settings,
        });
        if (stopLossPastLiquidation(row.side, stopLoss, liq))
          throw new AppError('validation.stopLossPastLiquidation', { price: liq!.toFixed(pd) });
      }
      const changed = await this.deps.repo.update(
        q,
        row.id,
        { target_profit_price: takeProfit, stop_loss_price: stopLoss },
        this.deps.clock.now(),
      );
      this.deps.core.announce(afterCommit, changed, row.status);
      return toTrade(changed);
    });
  }
}
