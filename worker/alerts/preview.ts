/**
 * The alert sheet's preview (docs/ALERTS.md "Rules"): the threshold as typed
 * checked with the server's rule, the live price, and how far the alert is from firing, all with
 * domain/alerts/rules.ts at the worker's own last price of the pair. Display strings in the
 * interface language; the server decides at its own recorded price.
 */
import { alertDistance, changePercent, checkThreshold, type ThresholdProblem } from '../../domain/alerts/rules';
import type { AlertKind } from '../../domain/alerts/types';
import { Decimal } from '../../domain/decimal';
import { formatPercent, formatPrice, selectTone, type Tone } from '../../domain/format';
import type { Lang } from '../../domain/i18n';
import type { Ticker } from '../../domain/market/types';

const DASH = '--';
/** The move a new 24 h move alert suggests, in percent. */
export const CHANGE_SUGGESTED = '5';

export interface AlertPreviewInput {
  symbol: string;
  price_decimals: number;
  kind: AlertKind;
  threshold: string;
}

export interface AlertPreview {
  /** Why the server would refuse the threshold (`validation.alertThreshold<problem>`), with its parameters. */
  problem: ThresholdProblem | null;
  params: Record<string, string | number>;
  /** The live price and 24 h change as shown. */
  priceText: string;
  changeText: string;
  changeTone: Tone;
  /** Price alerts: the move from the price to the threshold (`+1.25%`); 24 h move alerts: the points still lacking. */
  distanceText: string;
  distanceTone: Tone;
  /** The rule already holds at the live price: the alert would fire at the pair's next tick. */
  firesNow: boolean;
}

/** The preview of `input` at `ticker` (the worker's last one of the pair; undefined before it arrived). */
export function previewAlert(input: AlertPreviewInput, ticker: Ticker | undefined, lang: Lang): AlertPreview {
  const check = checkThreshold(input.kind, input.threshold, input.price_decimals);
  const change = ticker ? changePercent(ticker) : null;
  const out: AlertPreview = {
    problem: check.ok ? null : check.problem,
    params: check.ok ? {} : check.params,
    priceText: ticker ? formatPrice(ticker.price, input.price_decimals, lang) : DASH,
    changeText: change ? formatPercent(change, lang) : DASH,
    changeTone: change ? selectTone(change.toDecimalPlaces(2)) : 'flat',
    distanceText: DASH,
    distanceTone: 'flat',
    firesNow: false,
  };
  if (!check.ok || !ticker) return out;
  const alert = { kind: input.kind, threshold: check.value };
  const distance = alertDistance(alert, ticker);
  if (!distance) return out;
  out.firesNow = input.kind === 'below' ? distance.gte(0) : distance.lte(0);
  out.distanceText =
    input.kind === 'change' ? formatPercent(Decimal.max(distance, 0), lang).replace(/^\+/, '') : formatPercent(distance, lang);
  out.distanceTone = input.kind === 'change' ? 'flat' : selectTone(distance.toDecimalPlaces(2));
  return out;
}

/** The threshold a new alert of `kind` starts from: the live price (price alerts) or 5 % (24 h move); empty before a price. */
export function suggestThreshold(kind: AlertKind, ticker: Ticker | undefined): string {
  if (kind === 'change') return CHANGE_SUGGESTED;
  return ticker?.price ?? '';
}
