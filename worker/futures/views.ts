/**
 * The positions module's display rows: an open position, an entrusted order and the account's
 * totals as the UI shows them, written in the slice's language with the pairs' decimals. Pure:
 * the slice (`FuturesSlice.ts`) hands in the figures it keeps (marks, P&L, liquidation prices).
 */
import { Decimal } from '../../domain/decimal';
import { formatAmount, formatNumber, formatPercent, formatPrice, numberSymbols, selectTone } from '../../domain/format';
import { liquidationDistance, MONEY_DECIMALS, returnOnMargin, riskRate } from '../../domain/futures/formulas';
import type { FuturesTrade } from '../../domain/futures/types';
import type { Lang } from '../../domain/i18n';
import type { FuturesAccountView, FuturesOrderView, FuturesPositionView, RiskLevel } from './FuturesSlice';

/** Money figures on screen: USDT with 2 decimals (valuations), the ledger keeps 6. */
const MONEY_SHOWN = 2;
const DASH = '--';

/** Σ margin and Σ P&L of the open positions. */
export interface FuturesTotals {
  margin: Decimal;
  profit: Decimal;
}

/** What the rows are written with: the language, the account's threshold and the pairs' decimals. */
export interface ViewContext {
  readonly lang: Lang;
  /** The liquidation threshold (percent), once any pair's settings arrived. */
  readonly threshold: string | null;
  /** A pair's price decimals. */
  decimalsOf(item: { match_id: number; symbol: string }): number;
  /** A pair's lot decimals, when its settings are known. */
  lotDecimals(matchId: number): number | undefined;
}

/** A position's live figures at the worker's prices. */
export interface PositionFigures {
  /** The worker's last price of the symbol; null until one arrived. */
  mark: string | null;
  /** Unrealised P&L at `mark`; null without a price. */
  pnl: Decimal | null;
  /** The estimated liquidation price; null without a threshold or a price. */
  liquidation: Decimal | null;
}

function money(ctx: ViewContext, value: Decimal | string, signed = false): string {
  const text = formatNumber(value, ctx.lang, { maxDecimals: MONEY_SHOWN });
  return signed && new Decimal(value).gt(0) && !text.startsWith('+') ? `+${text}` : text;
}

/** An unsigned percentage with 2 decimals in the language's form (`57.47%`, `57,47 %`). */
function percent(ctx: ViewContext, value: Decimal | string): string {
  const s = numberSymbols(ctx.lang);
  return `${s.percentBefore}${formatNumber(value, ctx.lang, { maxDecimals: 2 })}${s.percentAfter}`;
}

function lots(ctx: ViewContext, share: string, matchId: number): string {
  return formatAmount(share, ctx.lotDecimals(matchId) ?? MONEY_DECIMALS, ctx.lang);
}

function optionalPrice(ctx: ViewContext, value: string | null, decimals: number): string {
  return value === null ? DASH : formatPrice(value, decimals, ctx.lang);
}

/** Whether `b` has the same fields as `a`, the view sent last (none yet: not the same). */
export function sameView(a: object | undefined, b: object): boolean {
  if (!a) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k of Object.keys(y)) if (x[k] !== y[k]) return false;
  return true;
}

/** An open position's row (its `open_price` is set: the slice keeps only opened positions). */
export function positionRow(ctx: ViewContext, pos: FuturesTrade, { mark, pnl, liquidation }: PositionFigures): FuturesPositionView {
  const decimals = ctx.decimalsOf(pos);
  const open = pos.open_price!;
  let liquidationText = DASH;
  let distanceText = DASH;
  if (ctx.threshold !== null) {
    if (liquidation) liquidationText = formatPrice(liquidation, decimals, ctx.lang);
    const distance = mark === null ? null : liquidationDistance(mark, liquidation);
    if (distance) distanceText = percent(ctx, distance);
  }
  return {
    id: pos.id,
    match_id: pos.match_id,
    symbol: pos.symbol,
    side: pos.side,
    multiple: pos.multiple,
    share: pos.share,
    open_price: open,
    mark,
    target_profit_price: pos.target_profit_price,
    stop_loss_price: pos.stop_loss_price,
    price_decimals: decimals,
    opened_at: pos.opened_at,
    tone: pnl === null ? 'flat' : selectTone(pnl),
    lotsText: lots(ctx, pos.share, pos.match_id),
    openText: formatPrice(open, decimals, ctx.lang),
    markText: mark === null ? DASH : formatPrice(mark, decimals, ctx.lang),
    pnlText: pnl === null ? DASH : money(ctx, pnl, true),
    romText: pnl === null ? DASH : formatPercent(returnOnMargin(pnl, pos.margin), ctx.lang),
    marginText: money(ctx, pos.margin),
    liquidationText,
    distanceText,
    takeProfitText: optionalPrice(ctx, pos.target_profit_price, decimals),
    stopLossText: optionalPrice(ctx, pos.stop_loss_price, decimals),
    feeText: money(ctx, pos.fee),
    overnightText: money(ctx, pos.overnight_fee),
  };
}

/** The account's totals and risk: danger within 1.5× the threshold, a warning within 3×. */
export function accountView(ctx: ViewContext, available: Decimal, totals: FuturesTotals): FuturesAccountView {
  const rate = riskRate(available, totals.margin, totals.profit);
  let risk: RiskLevel | null = null;
  if (rate) {
    const t = new Decimal(ctx.threshold ?? 0);
    risk = rate.lte(t.mul(1.5)) ? 'danger' : rate.lte(t.mul(3)) ? 'warn' : 'safe';
  }
  return {
    available: available.toFixed(),
    availableText: money(ctx, available),
    marginText: money(ctx, totals.margin),
    pnlText: money(ctx, totals.profit, true),
    pnlTone: selectTone(totals.profit),
    equityText: money(ctx, available.plus(totals.margin).plus(totals.profit)),
    riskText: rate ? percent(ctx, rate) : null,
    risk,
    thresholdText: ctx.threshold === null ? null : percent(ctx, ctx.threshold),
  };
}

/** The entrusted orders among `orders`, newest first. */
export function orderRows(ctx: ViewContext, orders: readonly FuturesTrade[]): FuturesOrderView[] {
  return orders
    .filter((o) => o.status === 'entrusted')
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
    .map((o) => {
      const decimals = ctx.decimalsOf(o);
      return {
        id: o.id,
        match_id: o.match_id,
        symbol: o.symbol,
        side: o.side,
        multiple: o.multiple,
        share: o.share,
        target_price: o.target_price,
        created_at: o.created_at,
        lotsText: lots(ctx, o.share, o.match_id),
        priceText: optionalPrice(ctx, o.target_price, decimals),
        marginText: money(ctx, o.margin),
        feeText: money(ctx, o.fee),
        takeProfitText: optionalPrice(ctx, o.target_profit_price, decimals),
        stopLossText: optionalPrice(ctx, o.stop_loss_price, decimals),
      };
    });
}
