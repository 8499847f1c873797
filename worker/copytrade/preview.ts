/**
 * The follow form's preview: the number as the server will keep it (a multiple rounds
 * down to two decimals: 1.234 → 1.23; lots keep the pair's lot decimals), the size a
 * copy of the trader's typical order would have (copyLots, the formula the server mirrors with),
 * and why the server would refuse the form. Display strings in the interface language; the
 * server decides.
 */
import { Decimal } from '../../domain/decimal';
import { copyLots, readFollowNumber } from '../../domain/copytrade/formulas';
import { FOLLOW_MAX_MULTIPLE, type FollowType } from '../../domain/copytrade/types';
import { LOT_RULES } from '../../domain/futures/types';
import { formatAmount, formatNumber } from '../../domain/format';
import { normaliseAmount } from '../../domain/funds/amounts';
import type { Lang } from '../../domain/i18n';

/** The futures lot rules a copy obeys (the same for every pair: `FuturesSettings`). */
export interface LotRules {
  min_lots: string;
  max_lots: string;
  lot_decimals: number;
}

/** The futures rules every pair shares (domain/futures/formulas.ts, the server's too). */
export const DEFAULT_LOT_RULES: LotRules = LOT_RULES;
/** The largest multiple the server keeps (errors.copyMultipleMax). */
export const MAX_MULTIPLE = FOLLOW_MAX_MULTIPLE;

export interface FollowPreviewInput {
  type: FollowType;
  number: string;
  /** Risk controls as typed; empty: none. */
  max_margin: string;
  stop_loss: string;
  daily_limit: string;
  /** The trader's typical order in lots (e.g. the median of the recent closed ones); null when unknown. */
  trader_lots: string | null;
  rules: LotRules;
  max_multiple: number;
}

export type FollowProblem = 'numberRequired' | 'multipleInvalid' | 'multipleMax' | 'lotsInvalid';
export type RiskProblem = 'amountInvalid' | 'dailyLimitInvalid';

export interface FollowPreview {
  problem: FollowProblem | null;
  params: Record<string, string | number>;
  /** The number as the server will keep it, in the interface language ('' when refused). */
  keptText: string;
  /** The kept number as a plain decimal to send ('' when refused). */
  kept: string;
  /** Whether the kept multiple differs from what was typed (1.234 → 1.23). */
  rounded: boolean;
  /** The lots of a copy of the trader's typical order (null when that is unknown or refused). */
  exampleLotsText: string | null;
  /** The copy of the typical order would be below the least lots a pair takes: it would be skipped. */
  exampleTooSmall: boolean;
  exampleTooLarge: boolean;
  /** Risk-control fields the server would refuse, by field. */
  risk: Partial<Record<'max_margin' | 'stop_loss' | 'daily_limit', RiskProblem>>;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;

function riskProblems(input: FollowPreviewInput): FollowPreview['risk'] {
  const risk: FollowPreview['risk'] = {};
  for (const field of ['max_margin', 'stop_loss'] as const) {
    const text = input[field].trim();
    if (!text) continue;
    const value = normaliseAmount(text);
    if (value === null || value.length > 40 || new Decimal(value).lte(0)) risk[field] = 'amountInvalid';
  }
  const daily = input.daily_limit.trim();
  if (daily && !/^[1-9]\d{0,8}$/.test(daily)) risk.daily_limit = 'dailyLimitInvalid';
  return risk;
}

export function previewFollow(input: FollowPreviewInput, lang: Lang): FollowPreview {
  const risk = riskProblems(input);
  const out = (problem: FollowProblem | null, params: Record<string, string | number> = {}): FollowPreview => ({
    problem,
    params,
    keptText: '',
    kept: '',
    rounded: false,
    exampleLotsText: null,
    exampleTooSmall: false,
    exampleTooLarge: false,
    risk,
  });
  const { rules } = input;
  const text = input.number.trim();
  if (!text) return out('numberRequired');
  const lotsRefusal = () =>
    out('lotsInvalid', {
      min: formatNumber(rules.min_lots, lang),
      max: formatNumber(rules.max_lots, lang),
      decimals: rules.lot_decimals,
    });
  const value = readFollowNumber(text, input.type, rules.lot_decimals);
  if (input.type === 1) {
    if (value === null) return out('multipleInvalid');
    if (value.gt(input.max_multiple)) return out('multipleMax', { max: input.max_multiple });
  } else if (value === null || decimalsOf(text) > rules.lot_decimals || value.lt(rules.min_lots) || value.gt(rules.max_lots)) {
    return lotsRefusal();
  }
  const kept = value.toFixed();
  const preview: FollowPreview = {
    ...out(null),
    kept,
    keptText: formatNumber(kept, lang),
    rounded: input.type === 1 && !value.eq(new Decimal(text)),
  };
  if (input.trader_lots !== null && new Decimal(input.trader_lots).gt(0)) {
    const lots = copyLots(input.trader_lots, input.type, value, rules.lot_decimals);
    preview.exampleLotsText = formatAmount(lots.toFixed(), rules.lot_decimals, lang);
    preview.exampleTooSmall = lots.lt(rules.min_lots);
    preview.exampleTooLarge = lots.gt(rules.max_lots);
  }
  return preview;
}

/**
 * A trader's typical order in lots: the median of the lots of their recent closed positions
 * (null without any), so the example does not swing with one unusual order.
 */
export function typicalLots(shares: readonly string[]): string | null {
  const sorted = shares
    .filter((s) => normaliseAmount(s) !== null)
    .map((s) => new Decimal(s))
    .sort((a, b) => a.comparedTo(b));
  if (!sorted.length) return null;
  return sorted[Math.floor((sorted.length - 1) / 2)]!.toFixed();
}
