/**
 * Writes locales/<lang>/{errors,validation,notifications}.json, the files the server and the app
 * read, from each area's files: locales/<lang>/<namespace>/<area>.json, where <area> is a server/
 * folder (its texts are used only in that area's folders) or `common` (texts several areas or the
 * platform use). Adding an area's message edits its own files, never a central list. Keys come out
 * in alphabetical order; a key defined in two area files stops the script. A unit test fails when
 * a merged file is stale: run `npm run gen:locales` after editing an area's texts.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREA_NAMESPACES, LANGS, mergeAreaTexts } from '../domain/i18n';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../locales');
let written = 0;
for (const lang of LANGS) {
  for (const ns of AREA_NAMESPACES) {
    const dir = path.join(localesDir, lang, ns);
    const files = Object.fromEntries(
      readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => [`${lang}/${ns}/${name}`, JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>]),
    );
    const file = path.join(localesDir, lang, `${ns}.json`);
    const text = mergeAreaTexts(files);
    if (readFileSync(file, 'utf8') === text) continue;
    writeFileSync(file, text);
    written += 1;
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
console.log(`${written} merged file(s) changed`);
