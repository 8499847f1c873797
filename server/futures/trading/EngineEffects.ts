/**
 * The engine's effects on trades: a resting limit order's fill, a take-profit or stop-loss, the
 * liquidation of an account (a loss beyond what it holds taken by the insurance fund), and the
 * overnight fee. Money moves only through the ledger, in the lever account's USDT, each effect in
 * one transaction with its settlement row, whose unique key is also the ledger operation's key.
 */
import { Decimal } from '../../../domain/decimal';
import {
  limitFills,
  mustLiquidate,
  overnightFee,
  profit,
  restingFill,
  riskRate,
  stillOwed,
  stopTriggered,
} from '../../../domain/futures/formulas';
import type { Queryable } from '../../db/db';
import { feesFor } from '../../ledger/Ledger';
import { txRunner, type AfterCommit, type TxRunner } from '../../ledger/tx';
import type { TradeRow } from '../FuturesRepository';
import type { ClosingDeps } from './PositionClosing';
import { LEVER, USDT_ID, fixed, type Mark } from './terms';

// Each effect runs in its own transaction, re-checks under the locks what made the engine call it,
// and does nothing when the effect no longer applies or already happened.
export class EngineEffects {
  private readonly tx: TxRunner;

  constructor(private readonly deps: ClosingDeps) {
    this.tx = txRunner(deps.db);
  }

  /**
   * Fills an entrusted limit order the mark has crossed, at the better of its limit and the
   * execution price at that mark (`restingFill`): the fee goes to the fee account, the margin stays
   * frozen, and what was frozen beyond the fill's margin and fee returns to available.
   */
  async fill(tradeId: number, mark: Mark): Promise<boolean> {
    return this.engineTx(tradeId, async (q, afterCommit, row) => {
      if (row.status !== 'entrusted' || !limitFills(row.side, mark.price, row.target_price!)) return false;
      const now = this.deps.clock.now();
      const key = `futures:${row.id}:fill`;
      const f = restingFill({
        side: row.side,
        limit: row.target_price!,
        mark: mark.price,
        number: row.number,
        multiple: row.multiple,
        quoteUsdt: row.quote_usdt,
        frozenMargin: row.margin,
        frozenFee: row.fee,
        settings: this.deps.core.settingsOf(row),
      });
      const fresh = await this.deps.repo.settle(q, {
        tradeId: row.id,
        userId: row.user_id,
        kind: 'fill',
        key,
        price: mark.price,
        tickTs: mark.ts,
        margin: fixed(f.margin),
        fee: fixed(f.fee),
        now,
      });
      if (!fresh) return false;
      await this.deps.core.post(q, key, 'futures_open', row.id, [
        { holder: { userId: row.user_id, account: LEVER }, currencyId: USDT_ID, frozen: f.fee.plus(f.release).neg(), available: f.release },
        { holder: feesFor(row.user_id), currencyId: USDT_ID, available: f.fee },
      ]);
      await this.deps.core.feeCharged(q, row.user_id, fixed(f.fee), key);
      const opened = await this.deps.repo.update(
        q,
        row.id,
        { status: 'open', open_price: fixed(f.price), margin: fixed(f.margin), fee: fixed(f.fee), opened_at: now },
        now,
      );
      this.deps.core.announce(afterCommit, opened, row.status);
      return true;
    });
  }

  /** Closes a position whose take-profit or stop-loss the mark has reached, at that mark. */
  async stop(tradeId: number, mark: Mark): Promise<boolean> {
    return this.engineTx(tradeId, async (q, afterCommit, row) => {
      if (row.status !== 'open') return false;
      const reason = stopTriggered(row.side, mark.price, row.target_profit_price, row.stop_loss_price);
      if (!reason) return false;
      const wallet = await this.deps.core.available(row.user_id, q);
      const closed = await this.deps.closing.closeIn(q, row, mark, reason, wallet);
      this.deps.core.announce(afterCommit, closed, row.status);
      return true;
    });
  }

  /**
   * Liquidates the user's futures account when its risk rate at the current marks is at or below
   * the threshold: every open position closes at its mark; a loss beyond margin + available is
   * taken by the insurance account. Answers how many positions closed.
   */
  async liquidate(userId: number): Promise<number> {
    await this.deps.market.record();
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const open = await this.deps.repo.lockLive(q, userId, 'open');
      if (!open.length) return 0;
      const wallet = await this.deps.core.available(userId, q);
      const marks = new Map(open.map((t) => [t.id, this.deps.core.mark(t.symbol)]));
      let margin = new Decimal(0);
      let pnl = new Decimal(0);
      let threshold = new Decimal(0);
      for (const t of open) {
        margin = margin.plus(t.margin);
        pnl = pnl.plus(profit(t.side, t.open_price!, marks.get(t.id)!.price, t.number, t.quote_usdt));
        threshold = Decimal.max(threshold, this.deps.core.settingsOf(t).liquidation_risk);
      }
      if (!mustLiquidate(riskRate(wallet.available, margin, pnl), threshold)) return 0;
      // What returns the most closes first; each liquidation fee leaves enough for the losses still
      // to close (`stillOwed`), so a solvent account never draws on the fund.
      const queue = this.deps.closing.winnersFirst(open, marks);
      const backs = queue.map((t) => this.deps.closing.returnOf(t, marks.get(t.id)!));
      for (const [i, row] of queue.entries()) {
        const closed = await this.deps.closing.closeIn(q, row, marks.get(row.id)!, 'liquidation', wallet, stillOwed(backs, i));
        this.deps.core.announce(afterCommit, closed, row.status);
      }
      return open.length;
    });
  }

  /**
   * Charges one day's overnight fee (`day`, yyyy-mm-dd UTC) on an open position: from its margin
   * first, then from available, to the fee account. Once per trade and day: the settlement row's
   * unique key decides. Answers whether it charged now.
   */
  async chargeOvernight(tradeId: number, day: string): Promise<boolean> {
    return this.engineTx(tradeId, async (q, afterCommit, row) => {
      if (row.status !== 'open') return false;
      const settings = this.deps.core.settingsOf(row);
      const mark = this.deps.core.mark(row.symbol);
      const due = overnightFee(row.open_price!, row.number, settings.overnight_rate, row.quote_usdt);
      const wallet = await this.deps.core.available(row.user_id, q);
      const fromMargin = Decimal.min(due, row.margin);
      const fromAvailable = Decimal.min(due.minus(fromMargin), Decimal.max(wallet.available, 0));
      const charged = fromMargin.plus(fromAvailable);
      const now = this.deps.clock.now();
      const key = `futures:${row.id}:overnight:${day}`;
      const fresh = await this.deps.repo.settle(q, {
        tradeId: row.id,
        userId: row.user_id,
        kind: `overnight:${day}`,
        key,
        price: mark.price,
        tickTs: mark.ts,
        margin: fixed(fromMargin),
        fee: fixed(charged),
        now,
      });
      if (!fresh) return false;
      if (charged.gt(0)) {
        await this.deps.core.post(q, key, 'futures_overnight', row.id, [
          {
            holder: { userId: row.user_id, account: LEVER },
            currencyId: USDT_ID,
            frozen: fromMargin.neg(),
            available: fromAvailable.neg(),
          },
          { holder: feesFor(row.user_id), currencyId: USDT_ID, available: charged },
        ]);
      }
      const changed = await this.deps.repo.update(
        q,
        row.id,
        { margin: fixed(new Decimal(row.margin).minus(fromMargin)), overnight_fee: fixed(new Decimal(row.overnight_fee).plus(charged)) },
        now,
      );
      this.deps.core.announce(afterCommit, changed, row.status);
      return true;
    });
  }

  /** One engine effect on one trade: the owner's row, then the trade, locked in one transaction. */
  private async engineTx(
    tradeId: number,
    fn: (q: Queryable, afterCommit: AfterCommit, row: TradeRow) => Promise<boolean>,
  ): Promise<boolean> {
    const owner = await this.deps.repo.byId(tradeId);
    if (!owner) return false;
    await this.deps.market.record();
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const row = await this.deps.repo.lock(q, tradeId);
      return row ? fn(q, afterCommit, row) : false;
    });
  }
}
