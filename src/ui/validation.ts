import type { z } from 'zod';

/** The i18n key of the first rule `input` breaks in `schema` (the server's own rules), or null. */
export function firstIssueKey(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? 'validation.invalid');
}
