/**
 * The import boundaries of docs/ARCHITECTURE.md at compile time: TypeScript project references.
 * (The same boundaries in lint are tests/unit/boundaries.test.ts.)
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

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
