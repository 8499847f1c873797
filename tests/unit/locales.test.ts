import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_NAMESPACES, LANGS, NAMESPACES, SERVER_NAMESPACES, SHELL_NAMESPACES, type Namespace } from '../../domain/i18n';
import { AREA_ROUTES, ROUTES } from '../../src/routes';

const root = path.resolve(__dirname, '../..');
const localesDir = path.join(root, 'locales');
const flatten = (o: Record<string, unknown>, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
    ),
  );
/** Every key of a language as the app writes it: `<namespace>.<key>`. */
const read = (lang: string) =>
  Object.fromEntries(
    NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>]),
  );
const en = flatten(read('en'));
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g;
const NS_KEY = new RegExp(`['"\`](${NAMESPACES.join('|')})\\.[A-Za-z$]`, 'g');

/** The app's files `entry` reaches through relative imports (static and dynamic), itself included. */
function reachable(entry: string, stop: (file: string) => boolean = () => false): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || stop(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const base = path.resolve(path.dirname(file), spec!);
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => /\.tsx?$/.test(f) && existsSync(f));
      if (found && found.startsWith(path.join(root, 'src'))) visit(found);
    }
  };
  visit(entry);
  return [...seen];
}

/** The namespaces whose keys `files` name. */
function namespacesUsed(files: string[]): Map<Namespace, string> {
  const used = new Map<Namespace, string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    for (const [, ns] of code.matchAll(NS_KEY)) used.set(ns as Namespace, path.relative(root, file));
  }
  return used;
}

describe('locales', () => {
  it('has a folder for each of the 9 languages with a file per namespace, and a folder of area files per area namespace', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...LANGS].sort());
    for (const lang of LANGS) {
      const entries = readdirSync(path.join(localesDir, lang), { withFileTypes: true });
      expect(
        entries
          .filter((e) => !e.isDirectory())
          .map((e) => e.name)
          .sort(),
        lang,
      ).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
      expect(
        entries
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
          .sort(),
        lang,
      ).toEqual([...AREA_NAMESPACES].sort());
    }
  });

  it('types every namespace from its English file', () => {
    const typed = readFileSync(path.join(root, 'src/i18nResources.ts'), 'utf8');
    for (const ns of NAMESPACES) expect(typed, ns).toContain(`${ns}: typeof ${ns}Ns;`);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every key of en, no others, with the same placeholders', (lang) => {
    const other = flatten(read(lang));
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(other[key]!), `${lang}:${key}`).toEqual(placeholders(text));
      expect(other[key]!.trim().length, `${lang}:${key} is empty`).toBeGreaterThan(0);
    }
  });

  it('has a text for every message key the server and the shared rules use, in the namespaces the server loads', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'domain'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'((?:errors|validation|messages)\.[A-Za-z]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) {
      expect(en[key], key).toBeDefined();
      expect(SERVER_NAMESPACES as readonly string[]).toContain(key.split('.')[0]);
    }
  });

  it('types every key the app translates: no cast to get a key past the compiler', () => {
    const casts = [...sourceFiles(path.join(root, 'src')), ...sourceFiles(path.join(root, 'worker'))].filter((f) =>
      /\bt\([^)]*as never/.test(readFileSync(f, 'utf8')),
    );
    expect(casts.map((f) => path.relative(root, f))).toEqual([]);
  });

  it('has a title for every page route', () => {
    expect(ROUTES.length).toBeGreaterThan(80);
    for (const { area, page } of ROUTES) expect(en[`pages.${area}.${page}`], `${area}/${page}`).toBeDefined();
  });

  it('the shell uses only the namespaces loaded before the first page', () => {
    const pages = path.join(root, 'src/pages');
    const shell = reachable(path.join(root, 'src/main.tsx'), (file) => file.startsWith(pages));
    expect(shell.length).toBeGreaterThan(20);
    const outside = [...namespacesUsed(shell)].filter(([ns]) => !(SHELL_NAMESPACES as readonly string[]).includes(ns));
    expect(outside.map(([ns, file]) => `${file} uses ${ns}`)).toEqual([]);
  });

  it.each(AREA_ROUTES.filter((a) => a.routes.some((r) => r.load)).map((a) => [a.area, a] as const))(
    'the %s pages declare every namespace they use',
    (area, routes) => {
      const files = reachable(path.join(root, 'src/pages', area, 'routes.ts'));
      const declared = new Set<string>([...SHELL_NAMESPACES, ...(routes.routes[0]?.namespaces ?? [])]);
      const missing = [...namespacesUsed(files)].filter(([ns]) => !declared.has(ns));
      expect(missing.map(([ns, file]) => `${file} uses ${ns}`)).toEqual([]);
    },
  );
});
