import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../domain/i18n';
import { ROUTES } from '../../src/routes';

const root = path.resolve(__dirname, '../..');
const read = (lang: string) => JSON.parse(readFileSync(path.join(root, 'locales', `${lang}.json`), 'utf8')) as Record<string, unknown>;
const flatten = (o: Record<string, unknown>, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
    ),
  );
const en = flatten(read('en'));
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe('locales', () => {
  it('has a file for each of the 9 languages', () => {
    expect(readdirSync(path.join(root, 'locales')).sort()).toEqual(LANGS.map((l) => `${l}.json`).sort());
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every key of en, no others, with the same placeholders', (lang) => {
    const other = flatten(read(lang));
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(other[key]!), `${lang}:${key}`).toEqual(placeholders(text));
      expect(other[key]!.trim().length, `${lang}:${key} is empty`).toBeGreaterThan(0);
    }
  });

  it('has a text for every message key the server and the shared rules use', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'domain'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'((?:errors|validation|messages)\.[A-Za-z]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(en[key], key).toBeDefined();
  });

  it('has a title for every page route', () => {
    expect(ROUTES.length).toBeGreaterThan(80);
    for (const { area, page } of ROUTES) expect(en[`pages.${area}.${page}`], `${area}/${page}`).toBeDefined();
  });
});
