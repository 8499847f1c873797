import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '../../domain/funds/ledgerKinds';

const kinds = (lang: string) =>
  (JSON.parse(readFileSync(path.resolve(__dirname, '../../locales', lang, 'funds.json'), 'utf8')) as { kinds: Record<string, string> })
    .kinds;

// Every language holds the same keys as English (locales.test.ts), so English stands for all nine.
describe('journal kinds in the bills', () => {
  it('labels every kind the ledger can post, and nothing else', () => {
    expect(Object.keys(kinds('en')).sort()).toEqual([...LEDGER_KINDS].sort());
  });

  it('lists each kind once', () => {
    expect(new Set(LEDGER_KINDS).size).toBe(LEDGER_KINDS.length);
  });
});
