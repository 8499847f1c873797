/** What the server tests read of the contract's input schemas. */
import type { z } from 'zod';

/** Every parameter name an input schema reads, found by walking the zod schema (objects, unions, intersections, pipes, wrappers). */
export function fieldNames(schema: z.ZodType): Set<string> {
  const names = new Set<string>();
  const walk = (s: unknown): void => {
    const def = (s as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def.type === 'object') {
      for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(key);
        walk(inner);
      }
    }
    for (const k of ['left', 'right', 'in', 'out', 'innerType', 'schema']) if (def[k]) walk(def[k]);
    if (Array.isArray(def.options)) for (const o of def.options) walk(o);
  };
  walk(schema);
  return names;
}
