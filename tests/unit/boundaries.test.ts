/**
 * The import boundaries of docs/ARCHITECTURE.md, tried by ESLint's own RuleTester with the rules,
 * settings and options of eslint.config.js (on resolved paths: eslint-plugin-boundaries with the
 * TypeScript resolver), and the import cycles import-x refuses. Each case is linted as if it were
 * the named file of the repository. The same boundaries at compile time are
 * tests/unit/projectReferences.test.ts.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuleTester, type Linter, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

// The block of eslint.config.js that holds the boundaries and the cycle rule, as lint runs them.
const config = ((await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as { default: Linter.Config[] }).default;
const block = config.find((c) => c.plugins?.boundaries)!;
const ruleOf = (plugin: string, name: string) => block.plugins![plugin]!.rules![name] as Rule.RuleModule;
const optionsOf = (name: string) => (block.rules![name] as unknown[]).slice(1);

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser as Linter.Parser, ecmaVersion: 2022, sourceType: 'module' },
  settings: block.settings,
});

type Case = [file: string, code: string];
const at = (file: string) => path.join(ROOT, file);

const MAY_NOT: Case[] = [
  // The rules of every runtime.
  ['domain/x.ts', "import { systemClock } from '../server/clock';\nexport const a = systemClock;\n"],
  ['domain/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
  ['domain/x.ts', "import { proxy } from 'valtio';\nexport const a = proxy;\n"],
  ['server/x.ts', "import { App } from '../src/App';\nexport const a = App;\n"],
  ['server/x.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
  ['worker/x.ts', "import { uiState } from '../src/state/ui';\nexport const a = uiState;\n"],
  ['worker/x.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
  ['src/ui/x.ts', "import { Feed } from '../../worker/feed/Feed';\nexport const a = Feed;\n"],
  ['src/ui/x.ts', "import { migrate } from '../../server/db/migrate';\nexport const a = migrate;\n"],
  ['src/ui/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
  ['src/worker-client.ts', "import { MarketSlice } from '../worker/market/MarketSlice';\nexport const a = MarketSlice;\n"],
  // The known escapes: a dynamic import, five levels up, an unnormalised path, a package
  // outside the allowlist of domain/ and of worker/, one page area importing another.
  ['src/ui/x.ts', "export const load = () => import('../../worker/market/MarketSlice');\n"],
  ['src/pages/funds/a/b/x.ts', "import { migrate } from '../../../../../server/db/migrate';\nexport const a = migrate;\n"],
  ['src/x.ts', "import { Feed } from './../worker/feed/Feed';\nexport const a = Feed;\n"],
  ['domain/x.ts', "import i18next from 'i18next';\nexport const a = i18next;\n"],
  ['worker/x.ts', "import { createChart } from 'lightweight-charts';\nexport const a = createChart;\n"],
  ['src/pages/funds/X.tsx', "import LoginPage from '../common/LoginPage';\nexport const a = LoginPage;\n"],
  ['src/pages/funds/X.tsx', "export const load = () => import('../market/MarketPage');\n"],
  ['src/ui/x.ts', "export const load = () => import('../pages/funds/AssetsPage');\n"],
];

const MAY: Case[] = [
  ['server/x.ts', "import { Decimal } from '../domain/decimal';\nexport const a = Decimal;\n"],
  ['worker/x.ts', "import { Decimal } from '../domain/decimal';\nexport const a = Decimal;\n"],
  ['worker/x.ts', "import { wrap } from 'comlink';\nexport const a = wrap;\n"],
  ['domain/x.ts', "import { z } from 'zod';\nexport const a = z;\n"],
  ['src/worker-client.ts', "import type { WorkerApi } from '../worker';\nexport type A = WorkerApi;\n"],
  ['src/state/market.ts', "import type { WorkerApi } from '../../worker';\nexport type A = WorkerApi;\n"],
  // A view's type comes from the worker area that declares it, in any file of the app.
  ['src/pages/funds/X.tsx', "import type { ExchangePreview } from '../../../worker/funds/previews';\nexport type A = ExchangePreview;\n"],
  ['src/pages/funds/X.tsx', "import { BillRow } from './BillRow';\nexport const a = BillRow;\n"],
  ['src/pages/funds/X.tsx', "import { Page } from '../../ui/Page';\nexport const a = Page;\n"],
  ['src/pages/funds/routes.ts', "export const load = () => import('./AssetsPage');\n"],
];

const CYCLES: Case[] = [
  // paths.ts is a leaf that every page and the nav bar use; it may not import them back.
  ['src/paths.ts', "import { NavBar } from './ui/NavBar';\nexport const a = NavBar;\n"],
  // state/snapshot.ts lists every area's applier, so an area's state may not import it back.
  ['src/state/futures.ts', "import { applySnapshot } from './snapshot';\nexport const a = applySnapshot;\n"],
];

describe('import boundaries of docs/ARCHITECTURE.md are enforced by lint, on resolved paths', () => {
  const options = optionsOf('boundaries/dependencies');
  tester.run('boundaries/dependencies', ruleOf('boundaries', 'dependencies'), {
    valid: MAY.map(([file, code]) => ({ name: `${file} may: ${code}`, filename: at(file), code, options })),
    invalid: MAY_NOT.map(([file, code]) => ({ name: `${file} may not: ${code}`, filename: at(file), code, options, errors: 1 })),
  });
});

describe('import cycles are refused by lint', () => {
  tester.run('import-x/no-cycle', ruleOf('import-x', 'no-cycle'), {
    valid: [],
    invalid: CYCLES.map(([file, code]) => ({ name: `${file} may not: ${code}`, filename: at(file), code, errors: 1 })),
  });
});
