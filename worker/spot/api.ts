/**
 * The spot namespace of the worker's comlink API (`api.spot…`): the page hands over the pairs'
 * settings (`/coin/deal`) and asks for previews; the book and the balances are the worker's own.
 */
import type { Lang } from '../../domain/i18n';
import { ACCOUNTS } from '../../domain/funds/formulas';
import type { SpotSettings } from '../../domain/spot/types';
import type { AccountSlice } from '../account/AccountSlice';
import type { MarketSlice } from '../market/MarketSlice';
import { amountForFraction, previewSpot, type SpotContext, type SpotPreviewInput } from './preview';

export function spotApi(market: MarketSlice, account: AccountSlice, lang: () => Lang) {
  const settings = new Map<number, SpotSettings>();
  const context = (matchId: number): SpotContext => {
    const s = settings.get(matchId);
    return {
      settings: s,
      book: s ? market.bookOf(s.symbol) : undefined,
      mark: s ? market.tickerOf(s.symbol)?.price : undefined,
      baseAvailable: s ? (account.balance(ACCOUNTS.change, s.base)?.available ?? '0') : '0',
      quoteAvailable: s ? (account.balance(ACCOUNTS.change, s.quote)?.available ?? '0') : '0',
    };
  };
  return {
    /** Hands over a pair's spot settings (`/coin/deal`). */
    setSettings(list: SpotSettings[]): void {
      for (const s of list) settings.set(s.match_id, s);
    },
    /**
     * Average price (market, or a limit the last price crosses: from the worker's book), total,
     * fee and what arrives; or why the server would refuse it (a limit outside the price band).
     */
    preview(input: SpotPreviewInput) {
      return previewSpot(context(input.match_id), input, lang());
    },
    /** The amount for a percentage button (0–1 of the available balance); null below the least amount. */
    amountFor(input: Omit<SpotPreviewInput, 'amount'>, fraction: number): string | null {
      return amountForFraction(context(input.match_id), input, fraction);
    },
  };
}
