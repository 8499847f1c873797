/**
 * Each area keeps its errors, validation messages and notifications in its own files,
 * `locales/<lang>/<namespace>/<area>.json` (`common.json` for texts several areas or the platform
 * use); `npm run gen:locales` merges them into the `<namespace>.json` files the server and the app
 * read. These checks keep the merged files current and each area's keys in that area.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_NAMESPACES, LANGS, mergeAreaTexts } from '../../domain/i18n';

const root = path.resolve(__dirname, '../..');
const localesDir = path.join(root, 'locales');
/** The server folders that serve every area rather than being one: their texts are common. */
const PLATFORM = new Set(['http', 'platform', 'db', 'seed']);
const AREAS = new Set(
  readdirSync(path.join(root, 'server'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !PLATFORM.has(e.name))
    .map((e) => e.name),
);
/** Page folders named after their routes rather than their area (`src/pages/fund` is funds). */
const PAGE_AREAS: Record<string, string> = { fund: 'funds', follow: 'copytrade', kefu: 'support' };

/** The area a source file belongs to; undefined for the platform and shared folders. */
function areaOf(file: string): string | undefined {
  const [top, ...rest] = path.relative(root, file).split(path.sep);
  const folders = rest.slice(0, -1);
  if (top === 'server' || top === 'domain' || top === 'worker') return folders[0] && AREAS.has(folders[0]) ? folders[0] : undefined;
  // src/pages/<folder>/… or src/pages/transaction/spot/…: the first folder that names an area
  if (top === 'src' && folders[0] === 'pages')
    return folders
      .slice(1)
      .map((f) => PAGE_AREAS[f] ?? f)
      .find((f) => AREAS.has(f));
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
/** A namespace's area files of one language, by name (`funds.json`). */
const areaFiles = (lang: string, ns: string) =>
  Object.fromEntries(jsonFiles(path.join(localesDir, lang, ns)).map((name) => [name, readJson(path.join(localesDir, lang, ns, name))]));

describe('each area keeps its own messages', () => {
  it.each(LANGS.flatMap((lang) => AREA_NAMESPACES.map((ns) => [lang, ns] as const)))(
    '%s/%s.json is what `npm run gen:locales` writes from the area files',
    (lang, ns) => {
      const files = Object.fromEntries(Object.entries(areaFiles(lang, ns)).map(([name, texts]) => [`${lang}/${ns}/${name}`, texts]));
      const merged = readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8');
      expect(merged === mergeAreaTexts(files), `locales/${lang}/${ns}.json is stale: run npm run gen:locales`).toBe(true);
    },
  );

  it('refuses a key two area files define', () => {
    expect(() => mergeAreaTexts({ 'funds.json': { a: 'x' }, 'common.json': { a: 'y' } })).toThrow(/a is defined in both/);
  });

  it.each(AREA_NAMESPACES)('names each %s file after an area or common, with the same files and keys in every language', (ns) => {
    const en = areaFiles('en', ns);
    expect(Object.keys(en)).toContain('common.json');
    for (const name of Object.keys(en)) expect(name === 'common.json' || AREAS.has(name.replace(/\.json$/, '')), name).toBe(true);
    for (const lang of LANGS) {
      const other = areaFiles(lang, ns);
      expect(Object.keys(other), lang).toEqual(Object.keys(en));
      for (const [name, texts] of Object.entries(en))
        expect(Object.keys(other[name]!).sort(), `${lang}/${ns}/${name}`).toEqual(Object.keys(texts).sort());
    }
  });

  it("uses an area's keys only in that area's folders (server/, domain/, worker/ and its pages)", () => {
    const owner = new Map<string, string>();
    for (const ns of AREA_NAMESPACES)
      for (const [name, texts] of Object.entries(areaFiles('en', ns))) {
        const area = name.replace(/\.json$/, '');
        // a plural form (`tryAgainInSeconds_one`) is used as its base key
        if (area !== 'common')
          for (const key of Object.keys(texts)) owner.set(`${ns}.${key.replace(/_(zero|one|two|few|many|other)$/, '')}`, area);
      }
    expect(owner.size).toBeGreaterThan(100);
    const misplaced: string[] = [];
    const KEY = new RegExp(`['"\`]((?:${AREA_NAMESPACES.join('|')})\\.[A-Za-z0-9_]+)`, 'g');
    for (const file of ['server', 'domain', 'worker', 'src'].flatMap((dir) => sourceFiles(path.join(root, dir)))) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(KEY)) {
        const area = owner.get(key!);
        if (area !== undefined && areaOf(file) !== area)
          misplaced.push(`${path.relative(root, file)} uses ${key} of ${area}: move it to common`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
