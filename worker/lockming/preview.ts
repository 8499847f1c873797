/**
 * The lockming purchase preview: a day's yield, the cycle's yield and the expiry of an
 * amount as typed, with the domain formulas the server pays with (domain/lockming/formulas.ts),
 * and why the server would refuse it. Display strings in the interface language; the server decides.
 */
import { Decimal } from '../../domain/decimal';
import { formatAmount } from '../../domain/format';
import { normaliseAmount } from '../../domain/funds/amounts';
import type { Lang } from '../../domain/i18n';
import { cycleYield, dailyYield, startDay, yieldDueAt } from '../../domain/lockming/formulas';

export interface LockmingPreviewInput {
  amount: string;
  daily_rate: string;
  cycle_days: number;
  decimals: number;
  min_amount: string;
  /** The most the user may buy now: min(available, user_remaining). */
  max_amount: string;
  now: number;
}

export type LockmingProblem = 'amountRequired' | 'amountInvalid' | 'amountDecimals' | 'amountMin' | 'amountMax';

export interface LockmingPreview {
  problem: LockmingProblem | null;
  params: Record<string, string | number>;
  dailyYieldText: string;
  totalYieldText: string;
  /** When the principal returns (epoch ms): the cycle's last day boundary. */
  expiresAt: number;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;

export function previewLockming(input: LockmingPreviewInput, lang: Lang): LockmingPreview {
  const expiresAt = yieldDueAt(startDay(input.now), input.cycle_days);
  const empty = formatAmount('0', input.decimals, lang);
  const out = (problem: LockmingProblem | null, params: Record<string, string | number> = {}, d = empty, tot = empty): LockmingPreview => ({
    problem,
    params,
    dailyYieldText: d,
    totalYieldText: tot,
    expiresAt,
  });
  if (!input.amount.trim()) return out('amountRequired');
  const value = normaliseAmount(input.amount);
  if (value === null || value.length > 40 || new Decimal(value).lte(0)) return out('amountInvalid');
  if (decimalsOf(value) > input.decimals) return out('amountDecimals', { decimals: input.decimals });
  const daily = formatAmount(dailyYield(value, input.daily_rate, input.decimals), input.decimals, lang);
  const total = formatAmount(cycleYield(value, input.daily_rate, input.cycle_days, input.decimals), input.decimals, lang);
  if (new Decimal(value).lt(input.min_amount))
    return out('amountMin', { min: formatAmount(input.min_amount, input.decimals, lang) }, daily, total);
  if (new Decimal(value).gt(input.max_amount))
    return out('amountMax', { max: formatAmount(input.max_amount, input.decimals, lang) }, daily, total);
  return out(null, {}, daily, total);
}

/** "Max": the smaller of the available balance and what the user may still buy, never below 0. */
export function maxAmount(available: string, remaining: string | null): string {
  const a = new Decimal(available);
  const m = remaining === null ? a : Decimal.min(a, new Decimal(remaining));
  return Decimal.max(m, 0).toFixed();
}
