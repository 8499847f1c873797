/**
 * The global utility classes (src/styles/global.css) that components write as plain strings
 * (`className="num"`): a CSS module that styles one must say `:global(.num)`, since a bare `.num`
 * in a module is renamed to the module's own hashed class and matches nothing. Five modules did
 * (the account bar's and the position cards' fixed figure boxes, the order form's available
 * amount), so the boxes the trading screen's containment relied on never applied (bench/HISTORY.md,
 * 2026-12-05).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Classes only ever written as plain strings: no module defines or exports one of these names. */
const GLOBAL_ONLY = ['num', 'sr-only'];

const modules = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.module.css'))
  .sort();

/** The selectors of a stylesheet, comments and `:global(...)` parts removed. */
function selectors(css: string): string[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/:global\([^)]*\)/g, '');
  return [...plain.matchAll(/([^{}]+)\{/g)].map((m) => m[1]!.trim()).filter((s) => !s.startsWith('@'));
}

describe('CSS modules and the global classes', () => {
  it('finds the modules', () => {
    expect(modules.length).toBeGreaterThan(50);
  });

  it('styles a global utility class only through :global(...)', () => {
    const bare = modules.flatMap((file) =>
      selectors(readFileSync(path.join(SRC, file), 'utf8'))
        .filter((s) => GLOBAL_ONLY.some((name) => new RegExp(`\\.${name}(?![\\w-])`).test(s)))
        .map((s) => `${file}: ${s}`),
    );
    expect(bare).toEqual([]);
  });

  it('sees a bare global class in a selector, and not one inside :global(...)', () => {
    expect(selectors('.totals .num, .cell .num { color: red }')).toEqual(['.totals .num, .cell .num']);
    expect(selectors('.a :global(.num) { color: red } /* .num */')).toEqual(['.a']);
  });
});
