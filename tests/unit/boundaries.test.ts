import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const RULE = '@typescript-eslint/no-restricted-imports';

describe('import boundaries of docs/ARCHITECTURE.md are enforced by lint', () => {
  it.each([
    ['domain/x.ts', "import { systemClock } from '../server/clock';\nexport const a = systemClock;\n"],
    ['domain/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['domain/x.ts', "import { proxy } from 'valtio';\nexport const a = proxy;\n"],
    ['server/x.ts', "import { App } from '../src/App';\nexport const a = App;\n"],
    ['worker/x.ts', "import { uiState } from '../src/state/ui';\nexport const a = uiState;\n"],
    ['worker/x.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
    ['src/ui/x.ts', "import { Feed } from '../../worker/feed/Feed';\nexport const a = Feed;\n"],
    ['src/ui/x.ts', "import { migrate } from '../../server/db/migrate';\nexport const a = migrate;\n"],
    ['src/worker-client.ts', "import { MarketBooks } from '../worker/MarketBooks';\nexport const a = MarketBooks;\n"],
  ])('%s may not: %s', async (file, code) => {
    expect(await lint(file, code)).toContain(RULE);
  });

  it.each([
    ['server/x.ts', "import { Decimal } from '../domain/decimal';\nexport const a = Decimal;\n"],
    ['worker/x.ts', "import { Decimal } from '../domain/decimal';\nexport const a = Decimal;\n"],
    ['src/worker-client.ts', "import type { WorkerApi } from '../worker';\nexport type A = WorkerApi;\n"],
  ])('%s may: %s', async (file, code) => {
    expect(await lint(file, code)).not.toContain(RULE);
  });
});
