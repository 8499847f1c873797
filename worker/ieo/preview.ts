/**
 * The IEO subscription preview: what a subscription of an amount of tokens as
 * typed costs, with the rule the server charges by (price × amount rounded up to the pay coin's
 * decimals, domain/ieo/formulas.ts `subscriptionCost`), and why the server would refuse it: the
 * shared amount rule at the token's decimals (domain/funds/amounts `parseAmount`), the project's
 * minimum, what the user may still ask for, and the coin account's balance. Display strings in
 * the interface language; the server decides.
 */
import { Decimal, type DecimalValue } from '../../domain/decimal';
import { formatAmount } from '../../domain/format';
import { maxAmount, parseAmount } from '../../domain/funds/amounts';
import type { Lang } from '../../domain/i18n';
import { subscriptionCost } from '../../domain/ieo/formulas';

export interface IeoPreviewInput {
  /** Tokens, as typed. */
  amount: string;
  /** The project's token and its decimals. */
  token: string;
  token_decimals: number;
  /** Issuance price (pay coin per token), the pay coin and its decimals. */
  price: string;
  pay_currency: string;
  pay_decimals: number;
  /** Per-user minimum, in tokens. */
  min_amount: string;
  /** What the user may still ask for, in tokens (`user_remaining`, or the project's maximum without a session). */
  remaining: string;
  /** The pay coin's available balance in the coin account. */
  available: string;
}

export type IeoProblem =
  'amountRequired' | 'amountInvalid' | 'amountPositive' | 'amountDecimals' | 'amountMin' | 'amountMax' | 'insufficient';

export interface IeoPreview {
  problem: IeoProblem | null;
  params: Record<string, string | number>;
  /** price × amount rounded up to the pay coin's decimals, as a decimal string ('0' while not an amount). */
  cost: string;
  costText: string;
}

export function previewIeo(input: IeoPreviewInput, lang: Lang): IeoPreview {
  const fmtPay = (v: DecimalValue) => formatAmount(v, input.pay_decimals, lang);
  const fmtToken = (v: DecimalValue) => formatAmount(v, input.token_decimals, lang);
  const out = (problem: IeoProblem | null, params: Record<string, string | number> = {}, cost = new Decimal(0)): IeoPreview => ({
    problem,
    params,
    cost: cost.toFixed(),
    costText: fmtPay(cost),
  });
  const parsed = parseAmount(input.amount, { name: input.token, decimals: input.token_decimals });
  if (!parsed.ok) {
    const { decimals, max } = parsed.params;
    return out(parsed.issue, { decimals, max: `${fmtToken(max)} ${input.token}` });
  }
  const amount = parsed.amount;
  const cost = subscriptionCost(amount, input.price, input.pay_decimals);
  if (amount.lt(input.min_amount)) return out('amountMin', { min: `${fmtToken(input.min_amount)} ${input.token}` }, cost);
  const remaining = Decimal.max(new Decimal(input.remaining), 0);
  if (amount.gt(remaining)) return out('amountMax', { max: `${fmtToken(remaining)} ${input.token}` }, cost);
  if (cost.gt(input.available)) return out('insufficient', { cost: `${fmtPay(cost)} ${input.pay_currency}` }, cost);
  return out(null, {}, cost);
}

/**
 * "Max": the most tokens the user may ask for now: what they may still ask for, what one request
 * may carry (the shared amount rule's ceiling for the token), and what the available balance
 * pays for at the price (rounded down to the token's decimals, so its cost, rounded up to the pay
 * coin's decimals, never exceeds the balance); never below 0.
 */
export function maxTokens(available: string, price: string, token: string, tokenDecimals: number, remaining: string): string {
  const ceiling = Decimal.min(new Decimal(remaining), maxAmount(token));
  const affordable = new Decimal(price).gt(0)
    ? new Decimal(available).div(price).toDecimalPlaces(tokenDecimals, Decimal.ROUND_DOWN)
    : ceiling;
  return Decimal.max(Decimal.min(affordable, ceiling), 0).toFixed();
}
