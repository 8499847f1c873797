/** The trade tape: recent public trades written for display, once per snapshot in the worker. */
import dayjs from 'dayjs';
import { localizeDecimal } from '../../domain/format';
import type { Lang } from '../../domain/i18n';
import type { Trade, TradeSide } from '../../domain/market/types';

/** How many trades the tape shows. */
export const TAPE_ROWS = 30;

export interface TradeView {
  id: number;
  /** The taker's side: buy shows green, sell red. */
  side: TradeSide;
  priceText: string;
  qtyText: string;
  /** Local time of day, `HH:mm:ss`. */
  timeText: string;
}

/** The newest `TAPE_ROWS` trades (newest first), written in `lang`. Prices keep the pair's decimals as sent. */
export function buildTradeViews(trades: readonly Trade[], lang: Lang): TradeView[] {
  return trades.slice(0, TAPE_ROWS).map((t) => ({
    id: t.id,
    side: t.side,
    priceText: localizeDecimal(t.price, lang),
    qtyText: localizeDecimal(t.qty, lang),
    timeText: dayjs(t.ts).format('HH:mm:ss'),
  }));
}
