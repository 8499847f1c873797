import { toMillis } from '../../domain/time';
import { AppError } from '../http/AppError';
import type { HandlerMap } from '../http/context';
import type { Clock } from '../clock';
import type { MarketSource } from './MarketSource';

/** Quotes, klines and the catalogue ("Index", "Market and trading"); topic snapshots are the realtime area's. */
export function createMarketHandlers(deps: { market: MarketSource; clock: Clock }): HandlerMap {
  const { market, clock } = deps;
  return {
    '/currency/quotation_new': async () => market.tickers(),

    '/currency/new_timeshar': async (input) => {
      if (!market.pairBySymbol(input.symbol)) throw new AppError('errors.symbolUnknown');
      const to = input.to === undefined ? clock.now() : toMillis(input.to);
      const from = input.from === undefined ? 0 : toMillis(input.from);
      if (from > to) throw new AppError('errors.rangeInvalid');
      return market.klines(input.symbol, input.period, from, to);
    },

    '/currency/list': async () => ({ currencies: [...market.currencies], pairs: [...market.pairs] }),
  };
}
