import type { z } from 'zod';
import { firstIssueKey } from '../../ui/validation';

export interface FormIssue<F extends string> {
  /** The i18n key of the message (`validation.*`). */
  key: string;
  /** The field it is about, to show it there; null when no single field gives it. */
  field: F | null;
}

/** `firstIssueKey` of a form's object schema, plus the field the issue belongs to. */
export function formIssue<F extends string>(schema: z.ZodObject, input: Partial<Record<F, unknown>>): FormIssue<F> | null {
  const key = firstIssueKey(schema, input);
  if (!key) return null;
  const shape: Record<string, z.ZodType> = schema.shape;
  const values: Record<string, unknown> = input;
  const found = Object.entries(shape).find(([name, rule]) => firstIssueKey(rule, values[name]) === key);
  return { key, field: found ? (found[0] as F) : null };
}

/** Scrolls the control named `field` of `form` into view, so its message is seen. */
export function revealField(form: HTMLFormElement, field: string | null): void {
  if (!field) return;
  const control = form.elements.namedItem(field);
  if (control instanceof HTMLElement) control.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
