import type { z } from 'zod';
import { isTranslationKey, type TranslationKey } from '../i18n';

/** The first rule `input` breaks in `schema` (the server's own rules): its i18n key and the field it is about. */
export interface Issue {
  /** The rule's message key; a message the locales lack reads as "invalid". */
  key: TranslationKey;
  field: string | null;
}

export function firstIssue(schema: z.ZodType, input: unknown): Issue | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const message = issue?.message ?? '';
  return {
    key: isTranslationKey(message) ? message : 'validation.invalid',
    field: issue?.path[0] !== undefined ? String(issue.path[0]) : null,
  };
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
