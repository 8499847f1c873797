/**
 * server/http/localeAssets.ts: the build copies each merged `<lang>/<namespace>.json` under one
 * content-hashed folder and tells the app where it is; any changed text gives a new folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localeAssets } from '../../server/http/localeAssets';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function locales(texts: Record<string, Record<string, unknown>>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'locales-'));
  dirs.push(dir);
  for (const [rel, body] of Object.entries(texts)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), JSON.stringify(body, null, 2));
  }
  return dir;
}

/** Runs the plugin's two hooks as `vite build` would: what it defines and what it emits. */
function build(dir: string, command: 'build' | 'serve' = 'build') {
  const plugin = localeAssets(dir);
  const config = (plugin.config as (c: object, env: { command: string }) => { define: Record<string, string> })({}, { command });
  const emitted: { fileName: string; source: string }[] = [];
  if (command === 'build')
    (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (f: { fileName: string; source: string }) => emitted.push(f) });
  return { dir: JSON.parse(config.define.__LOCALE_DIR__!) as string, emitted };
}

describe('the locale files of a build', () => {
  it('copies every merged file, minified, under one hashed folder the app is told about', () => {
    const dir = locales({
      'en/home.json': { title: 'Home' },
      'th/home.json': { title: 'หน้าแรก' },
      // An area's source file (merged into errors.json by gen:locales) is not copied.
      'en/errors/futures.json': { x: 'y' },
      'en/errors.json': { x: 'y' },
    });
    const { dir: base, emitted } = build(dir);
    expect(base).toMatch(/^\/assets\/locales-[0-9a-f]{10}$/);
    expect(emitted.map((f) => f.fileName).sort()).toEqual(
      ['en/errors.json', 'en/home.json', 'th/home.json'].map((rel) => `${base.slice(1)}/${rel}`),
    );
    expect(emitted.find((f) => f.fileName.endsWith('th/home.json'))!.source).toBe('{"title":"หน้าแรก"}');
  });

  it('moves to a new folder when any text changes, and stays when none does', () => {
    const texts = { 'en/home.json': { title: 'Home' }, 'fra/home.json': { title: 'Accueil' } };
    const first = build(locales(texts)).dir;
    expect(build(locales(texts)).dir).toBe(first);
    expect(build(locales({ ...texts, 'fra/home.json': { title: 'Accueil !' } })).dir).not.toBe(first);
  });

  it('points `vite dev` at locales/ as it is', () => {
    expect(build(locales({ 'en/home.json': {} }), 'serve')).toEqual({ dir: '/locales', emitted: [] });
  });
});
