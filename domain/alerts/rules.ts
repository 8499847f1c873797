/**
 * The alert rules (docs/ALERTS.md "Rules"), pure and shared: the server validates and fires with
 * them, the worker previews with them. Decimal math only.
 *
 * Level semantics: an `above` alert fires on the first recorded tick whose price is at or above
 * the threshold, whatever the price was when it was set. A threshold already below the price is
 * accepted and fires at the next tick of the pair (the sheet says so before the user saves).
 */
import { Decimal } from '../decimal';
import { normaliseAmount } from '../funds/amounts';
import { ALERT_CHANGE_DECIMALS, ALERT_CHANGE_MAX, type AlertKind } from './types';

/** Why a threshold is refused; each is `validation.alertThreshold<Problem>`. */
export type ThresholdProblem = 'Required' | 'Invalid' | 'Positive' | 'Decimals' | 'Max';

export type ThresholdCheck =
  { ok: true; value: string } | { ok: false; problem: ThresholdProblem; params: Record<string, string | number> };

/** The most digits a threshold may have before its decimal point (a price of 10^15 is no price). */
const WHOLE_DIGITS_MAX = 15;

/**
 * Reads a typed threshold for `kind` on a pair with `priceDecimals`: a positive decimal with at
 * most the pair's price decimals, or for `change` a percentage in (0, 1000] with at most 2
 * decimals. Answers the normalised text, or the problem and its message's parameters.
 */
export function checkThreshold(kind: AlertKind, text: string, priceDecimals: number): ThresholdCheck {
  const isChange = kind === 'change';
  const decimals = isChange ? ALERT_CHANGE_DECIMALS : priceDecimals;
  const params = { decimals, max: ALERT_CHANGE_MAX };
  const fail = (problem: ThresholdProblem): ThresholdCheck => ({ ok: false, problem, params });
  if (!text.trim()) return fail('Required');
  const value = normaliseAmount(text);
  if (value === null) return fail('Invalid');
  const [whole = '', fraction = ''] = value.split('.');
  if (whole.length > WHOLE_DIGITS_MAX) return fail(isChange ? 'Max' : 'Invalid');
  if (fraction.replace(/0+$/, '').length > decimals) return fail('Decimals');
  const d = new Decimal(value);
  if (d.lte(0)) return fail('Positive');
  if (isChange && d.gt(ALERT_CHANGE_MAX)) return fail('Max');
  return { ok: true, value: d.toFixed() };
}

/** What the rules read of a ticker: the last price and the price 24 h ago. */
export interface AlertPrice {
  price: string;
  open: string;
}

/** The 24 h change in percent, unrounded: (price − open) ÷ open × 100; null without an opening price. */
export function changePercent(t: AlertPrice): Decimal | null {
  const open = new Decimal(t.open);
  if (open.lte(0)) return null;
  return new Decimal(t.price).minus(open).div(open).mul(100);
}

/**
 * Whether `alert` fires at this recorded tick: `above` when price ≥ threshold, `below` when
 * price ≤ threshold, `change` when |24 h change| ≥ threshold (a rise or a fall of X %).
 */
export function shouldFire(alert: { kind: AlertKind; threshold: string }, t: AlertPrice): boolean {
  const price = new Decimal(t.price);
  if (price.lte(0)) return false;
  switch (alert.kind) {
    case 'above':
      return price.gte(alert.threshold);
    case 'below':
      return price.lte(alert.threshold);
    case 'change': {
      const change = changePercent(t);
      return change !== null && change.abs().gte(alert.threshold);
    }
  }
}

/**
 * How far the alert is from firing, in percent: for a price alert the move from the price to the
 * threshold, signed ((threshold − price) ÷ price × 100: `+2.5` means the price must rise 2.5 %);
 * for a `change` alert the percentage points the 24 h move still lacks (threshold − |change|).
 * Zero or less for `above`/`change` (zero or more for `below`) means it would fire now; null
 * without a price.
 */
export function alertDistance(alert: { kind: AlertKind; threshold: string }, t: AlertPrice): Decimal | null {
  const price = new Decimal(t.price);
  if (price.lte(0)) return null;
  if (alert.kind === 'change') {
    const change = changePercent(t);
    return change === null ? null : new Decimal(alert.threshold).minus(change.abs());
  }
  return new Decimal(alert.threshold).minus(price).div(price).mul(100);
}
