/**
 * The NFT forms' previews: a bid checked against the auction's least next bid
 * (domain/nft/formulas.ts `minimumBid`, the server's rule), with what it would freeze beyond the
 * margin until outbid (`amountDue`), and a resale's split of the price into
 * the platform's fee and what the seller receives (`saleSplit` with the currency's `fee_rate`).
 * A blind-box purchase costs price × quantity against the coin account. A typed price obeys the shared amount rule at the coin's decimals (domain/funds/amounts).
 * Display strings in the interface language; the server decides.
 */
import { Decimal } from '../../domain/decimal';
import { formatAmount } from '../../domain/format';
import { parseAmount, type AmountIssue } from '../../domain/funds/amounts';
import type { Lang } from '../../domain/i18n';
import { amountDue, minimumBid, saleSplit } from '../../domain/nft/formulas';
import { NFT_BOX_MAX_QUANTITY } from '../../domain/nft/types';

export interface BidPreviewInput {
  /** The bid as typed. */
  price: string;
  currency: string;
  decimals: number;
  /** The auction's starting price, current bid (null before the first) and increment. */
  start: string;
  bid: string | null;
  increment: string;
  /** The auction's margin (already in escrow): a bid freezes what it exceeds it by. */
  margin?: string;
}

export type BidProblem = AmountIssue | 'bidTooLow';

export interface BidPreview {
  problem: BidProblem | null;
  params: Record<string, string | number>;
  /** The least acceptable bid, as a plain decimal and as shown. */
  min: string;
  minText: string;
  /** What the typed bid would freeze beyond the margin until outbid, as shown (null while it is not an amount). */
  frozenText: string | null;
}

/**
 * The parameters of the shared amount messages (`validation.amountMax` is "At most {{max}}
 * {{currency}} per request"): the ceiling as a figure and the coin apart, so the coin shows once
 * and no placeholder is left raw.
 */
function refusalParams(params: { decimals: number; max: string; currency: string }, decimals: number, lang: Lang) {
  return { decimals: params.decimals, max: formatAmount(params.max, decimals, lang), currency: params.currency };
}

export function previewBid(input: BidPreviewInput, lang: Lang): BidPreview {
  const fmt = (v: string) => `${formatAmount(v, input.decimals, lang)} ${input.currency}`;
  const min = minimumBid(input.start, input.bid, input.increment).toFixed();
  const parsed = parseAmount(input.price, { name: input.currency, decimals: input.decimals });
  const frozenText = parsed.ok ? fmt(amountDue(parsed.amount, input.margin ?? '0').toFixed()) : null;
  const out = (problem: BidProblem | null, params: Record<string, string | number> = {}): BidPreview => ({
    problem,
    params,
    min,
    minText: fmt(min),
    frozenText,
  });
  if (!parsed.ok) return out(parsed.issue, refusalParams(parsed.params, input.decimals, lang));
  if (parsed.amount.lt(min)) return out('bidTooLow', { min: fmt(min) });
  return out(null);
}

export interface ResalePreviewInput {
  price: string;
  currency: string;
  decimals: number;
  /** The platform's share (getNftCurrency `fee_rate`, "0.025" is 2.5 %). */
  fee_rate: string;
}

export interface ResalePreview {
  problem: AmountIssue | null;
  params: Record<string, string | number>;
  /** The platform's fee and the seller's proceeds ('--' while the price is not an amount). */
  feeText: string;
  proceedsText: string;
}

export function previewResale(input: ResalePreviewInput, lang: Lang): ResalePreview {
  const fmt = (v: string) => `${formatAmount(v, input.decimals, lang)} ${input.currency}`;
  const parsed = parseAmount(input.price, { name: input.currency, decimals: input.decimals });
  if (!parsed.ok)
    return {
      problem: parsed.issue,
      params: refusalParams(parsed.params, input.decimals, lang),
      feeText: '--',
      proceedsText: '--',
    };
  const { fee, proceeds } = saleSplit(parsed.amount, input.fee_rate, input.decimals);
  return { problem: null, params: {}, feeText: fmt(fee.toFixed()), proceedsText: fmt(proceeds.toFixed()) };
}

export interface BoxPreviewInput {
  price: string;
  quantity: number;
  currency: string;
  decimals: number;
  /** Boxes left, and the buyer's coin-account balance of the coin (null signed out or before it arrives). */
  remaining: number;
  available: string | null;
}

export interface BoxPreview {
  problem: 'quantity' | 'soldOut' | 'insufficient' | null;
  /** price × quantity, as a plain decimal and as shown. */
  total: string;
  totalText: string;
}

/** A blind-box purchase: what `quantity` boxes cost, and why the server would refuse it. */
export function previewBox(input: BoxPreviewInput, lang: Lang): BoxPreview {
  const total = new Decimal(input.price).mul(input.quantity);
  const out = (problem: BoxPreview['problem']): BoxPreview => ({
    problem,
    total: total.toFixed(),
    totalText: `${formatAmount(total, input.decimals, lang)} ${input.currency}`,
  });
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > NFT_BOX_MAX_QUANTITY) return out('quantity');
  if (input.quantity > input.remaining) return out('soldOut');
  if (input.available !== null && total.gt(input.available)) return out('insufficient');
  return out(null);
}
