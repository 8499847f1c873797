/**
 * What a user reads of futures: a pair's deal sheet, the account's totals at the current marks
 * with a page of trades, the history, and the live positions and orders the private channel's
 * snapshots carry.
 */
import type { Page } from '../../../domain/api/envelope';
import { Decimal } from '../../../domain/decimal';
import { profit, riskRate } from '../../../domain/futures/formulas';
import type { FuturesAccount, FuturesTrade, LeverDeal, LeverDealAll } from '../../../domain/futures/types';
import { toTrade, type FuturesRepository, type TradeRow } from '../FuturesRepository';
import type { FuturesCore } from './FuturesCore';
import { fixed, type QuoteRate } from './terms';

export class FuturesReads {
  constructor(private readonly deps: { repo: FuturesRepository; quoteUsdt: QuoteRate; core: FuturesCore }) {}

  async deal(userId: number, matchId: number): Promise<LeverDeal> {
    const { pair, settings } = this.deps.core.pair(matchId);
    const [{ available }, positions, orders, quote] = await Promise.all([
      this.deps.core.available(userId),
      this.deps.repo.live(userId, 'open', matchId),
      this.deps.repo.live(userId, 'entrusted', matchId),
      this.deps.quoteUsdt(pair),
    ]);
    return {
      ...settings,
      available: fixed(available),
      quote_usdt: quote ? fixed(quote) : null,
      positions: positions.map(toTrade),
      orders: orders.map(toTrade),
    };
  }

  /** The account's totals at the current marks: Σ margin, Σ P&L and the risk rate, by the domain formulas. */
  accountOf(available: Decimal, frozen: Decimal, open: readonly TradeRow[]): FuturesAccount {
    let margin = new Decimal(0);
    let pnl = new Decimal(0);
    for (const t of open) {
      margin = margin.plus(t.margin);
      pnl = pnl.plus(profit(t.side, t.open_price!, this.deps.core.mark(t.symbol).price, t.number, t.quote_usdt));
    }
    const risk = riskRate(available, margin, pnl);
    return {
      available: fixed(available),
      frozen: fixed(frozen),
      margin: fixed(margin),
      profit: fixed(pnl),
      risk_rate: risk ? risk.toFixed(2) : null,
    };
  }

  async dealAll(userId: number, status: 'open' | 'entrusted' | 'closed', page: { page: number; limit: number }): Promise<LeverDealAll> {
    const [{ available, frozen }, open, trades] = await Promise.all([
      this.deps.core.available(userId),
      this.deps.repo.live(userId, 'open'),
      this.deps.repo.page(userId, status, undefined, page),
    ]);
    return { ...this.accountOf(available, frozen, open), trades: { ...trades, data: trades.data.map(toTrade) } };
  }

  async history(userId: number, matchId: number | undefined, page: { page: number; limit: number }): Promise<Page<FuturesTrade>> {
    if (matchId !== undefined) this.deps.core.pair(matchId);
    const trades = await this.deps.repo.page(userId, 'history', matchId, page);
    return { ...trades, data: trades.data.map(toTrade) };
  }

  /** Open positions (`positions` snapshot) or entrusted orders (`orders` snapshot) of a user. */
  async live(userId: number, status: 'open' | 'entrusted'): Promise<FuturesTrade[]> {
    return (await this.deps.repo.live(userId, status)).map(toTrade);
  }
}
