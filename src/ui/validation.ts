import type { TFunction } from 'i18next';
import { config, type z } from 'zod';
import type { AmountProblem } from '../../worker/funds/previews';
import { maxAmount, type AmountCurrency } from '../../domain/funds/amounts';
import { isTranslationKey, type TranslationKey } from '../i18n';

// The content security policy refuses eval; zod would otherwise probe for it once with
// `new Function` on the first parse. The app parses only here (forms check the server's rules).
config({ jitless: true });

/** A rule `input` breaks in `schema` (the server's own rules): its i18n key and the field it is about. */
export interface Issue {
  /** The rule's message key; a message the locales lack reads as "invalid". */
  key: TranslationKey;
  /** The top-level input field of the issue's path; null for a rule about the whole input. */
  field: string | null;
}

function toIssue(issue: z.ZodError['issues'][number]): Issue {
  const message = issue.message;
  return {
    key: isTranslationKey(message) ? message : 'validation.invalid',
    field: issue.path[0] !== undefined ? String(issue.path[0]) : null,
  };
}

/**
 * Every rule `input` breaks in `schema`, the first one per field (a field shows one message at
 * a time), in the order the schema reports them; empty when the input is valid.
 */
export function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  const seen = new Set<string | null>();
  const issues: Issue[] = [];
  for (const raw of result.error.issues) {
    const issue = toIssue(raw);
    if (seen.has(issue.field)) continue;
    seen.add(issue.field);
    issues.push(issue);
  }
  return issues;
}

/** The first rule `input` breaks in `schema`, or null. */
export function firstIssue(schema: z.ZodType, input: unknown): Issue | null {
  return issuesOf(schema, input)[0] ?? null;
}

/** The i18n key of the first rule `input` breaks in `schema`, or null. */
export function firstIssueKey(schema: z.ZodType, input: unknown): TranslationKey | null {
  return firstIssue(schema, input)?.key ?? null;
}

/** Scrolls the control named `field` of `form` into view, so its message is seen. */
export function revealField(form: HTMLFormElement, field: string | null): void {
  if (!field) return;
  const control = form.elements.namedItem(field);
  if (control instanceof HTMLElement) control.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/**
 * The message of an amount rule the worker's `checkAmount` found broken; `belowMin` is the
 * endpoint's own wording of its minimum (a deposit's, a withdrawal's).
 */
export function amountProblemText(t: TFunction, problem: AmountProblem, currency: AmountCurrency, belowMin: string): string {
  switch (problem) {
    case 'belowMin':
      return belowMin;
    case 'amountDecimals':
      return t('validation.amountDecimals', { decimals: currency.decimals });
    case 'amountMax':
      return t('validation.amountMax', { max: maxAmount(currency.name).toFixed(), currency: currency.name });
    default:
      return t(`validation.${problem}`);
  }
}
