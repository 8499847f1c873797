import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** Lints `code` as if it were the file `filePath` (relative to the repository); answers the rules that fired. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const RULE = 'boundaries/dependencies';

// The first lint of a run loads the config and the resolver; no-cycle then reads the import graph.
describe('import boundaries of docs/ARCHITECTURE.md are enforced by lint, on resolved paths', { timeout: 60_000 }, () => {
  it.each([
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
    ['src/state/ui.ts', "import type { WorkerApi } from '../../worker';\nexport type A = WorkerApi;\n"],
    // The escapes of issue 7: a dynamic import, five levels up, an unnormalised path, a package
    // outside the allowlist of domain/ and of worker/, one page area importing another.
    ['src/ui/x.ts', "export const load = () => import('../../worker/market/MarketSlice');\n"],
    ['src/pages/fund/a/b/x.ts', "import { migrate } from '../../../../../server/db/migrate';\nexport const a = migrate;\n"],
    ['src/x.ts', "import { Feed } from './../worker/feed/Feed';\nexport const a = Feed;\n"],
    ['domain/x.ts', "import i18next from 'i18next';\nexport const a = i18next;\n"],
    ['worker/x.ts', "import { createChart } from 'lightweight-charts';\nexport const a = createChart;\n"],
    ['src/pages/fund/X.tsx', "import LoginPage from '../common/LoginPage';\nexport const a = LoginPage;\n"],
    ['src/pages/fund/X.tsx', "export const load = () => import('../market/MarketPage');\n"],
    ['src/ui/x.ts', "export const load = () => import('../pages/fund/AssetsPage');\n"],
  ])('%s may not: %s', async (file, code) => {
    expect(await lint(file, code)).toContain(RULE);
  });

  it.each([
    ['server/x.ts', "import { Decimal } from '../domain/decimal';\nexport const a = Decimal;\n"],
    ['worker/x.ts', "import { Decimal } from '../domain/decimal';\nexport const a = Decimal;\n"],
    ['worker/x.ts', "import { wrap } from 'comlink';\nexport const a = wrap;\n"],
    ['domain/x.ts', "import { z } from 'zod';\nexport const a = z;\n"],
    ['src/worker-client.ts', "import type { WorkerApi } from '../worker';\nexport type A = WorkerApi;\n"],
    ['src/state/market.ts', "import type { WorkerApi } from '../../worker';\nexport type A = WorkerApi;\n"],
    ['src/pages/fund/X.tsx', "import { BillRow } from './BillRow';\nexport const a = BillRow;\n"],
    ['src/pages/fund/X.tsx', "import { Page } from '../../ui/Page';\nexport const a = Page;\n"],
    ['src/pages/fund/routes.ts', "export const load = () => import('./AssetsPage');\n"],
  ])('%s may: %s', async (file, code) => {
    expect(await lint(file, code)).not.toContain(RULE);
  });
});

describe('import cycles are refused by lint', { timeout: 60_000 }, () => {
  it.each([
    // paths.ts is a leaf that every page and the nav bar use; it may not import them back.
    ['src/paths.ts', "import { NavBar } from './ui/NavBar';\nexport const a = NavBar;\n"],
    // worker-client.ts feeds snapshots into state/market.ts, so state/market.ts may not import it.
    ['src/state/market.ts', "import { getWorker } from '../worker-client';\nexport const a = getWorker;\n"],
  ])('%s may not: %s', async (file, code) => {
    expect(await lint(file, code)).toContain('import-x/no-cycle');
  });
});

/**
 * TypeScript project references: each folder is a composite project that includes only itself
 * and references what it may import, so a file of another project that it does not reference
 * is a compile error (TS6307). Checked on a copy of the real tsconfig files with stub sources.
 */
describe('an import out of its TypeScript project is a compile error', () => {
  const PROJECTS = ['domain', 'worker', 'src', 'server', 'tests'];
  const STUBS: Record<string, string> = {
    'domain/ok.ts': 'export const d = 1;\n',
    'worker/index.ts': "import { d } from '../domain/ok';\nexport type WorkerApi = { d: typeof d };\n",
    'server/clock.ts': "import { d } from '../domain/ok';\nexport const s = d;\n",
    'src/ok.ts': "import type { WorkerApi } from '../worker';\nimport { d } from '../domain/ok';\nexport const o: WorkerApi = { d };\n",
    'tests/ok.ts': "import { s } from '../server/clock';\nimport { o } from '../src/ok';\nexport const t = [s, o];\n",
    // Targets of the escapes below, with no imports of their own (a project reports an
    // out-of-project file once, at its first import, so each escape reaches its own file).
    'src/leaf.ts': 'export const l = 1;\n',
    'server/leaf.ts': 'export const l = 1;\n',
  };
  const ESCAPES: Record<string, string> = {
    'domain/escape.ts': "import { s } from '../server/clock';\nexport const e = s;\n",
    'worker/escape.ts': "import { l } from '../src/leaf';\nexport const e = l;\n",
    'server/escape.ts': "import { l } from '../src/leaf';\nexport const e = l;\n",
    'src/a/b/c/d/escape.ts': "import { l } from '../../../../../server/leaf';\nexport const e = l;\n",
    'src/escape2.ts': "export const e = () => import('./../server/clock');\n",
  };
  let dir = '';
  /** The build of the stubs alone, then the build with the escapes added. */
  let clean = '';
  let output = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kestrel-refs-'));
    copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    for (const project of PROJECTS) {
      mkdirSync(path.join(dir, project), { recursive: true });
      copyFileSync(path.join(ROOT, project, 'tsconfig.json'), path.join(dir, project, 'tsconfig.json'));
    }
    // The service worker's own project, referenced by src and tests.
    copyFileSync(path.join(ROOT, 'src/tsconfig.sw.json'), path.join(dir, 'src/tsconfig.sw.json'));
    const write = (files: Record<string, string>) => {
      for (const [file, code] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), code);
      }
    };
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const build = () =>
      promisify(execFile)(process.execPath, [tsc, '-b', ...PROJECTS.map((p) => path.join(dir, p)), '--pretty', 'false'], { cwd: dir }).then(
        (r) => r.stdout,
        (e: { stdout?: string }) => e.stdout ?? String(e),
      );
    write({ ...STUBS, 'src/sw.ts': 'export const sw = 1;\n' });
    clean = await build();
    write(ESCAPES);
    output = await build();
  }, 180_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const errorsOf = (file: string) =>
    output
      .split('\n')
      .filter((line) => line.startsWith(`${file}(`))
      .map((line) => /error (TS\d+)/.exec(line)?.[1]);

  it.each(Object.keys(ESCAPES))('%s does not compile', (file) => {
    expect(errorsOf(file)).toContain('TS6307');
  });

  it('the imports each project may make compile', () => {
    expect(clean).not.toMatch(/error TS/);
  });
});
