/**
 * The app's texts as static JSON files under one content-hashed folder, which src/i18n.ts fetches
 * by language and namespace: `assets/locales-<hash>/<lang>/<namespace>.json`, the merged files of
 * locales/ minified. One hash for the whole set (any text changed gives a new folder), so the app
 * needs no list of files: `import.meta.glob` over 9 languages × 40 namespaces put a 360-entry map
 * of hashed chunk names into the first route (26 KiB raw, ~5 KiB gzip). Under `/assets/` they are
 * cached for a year (server/http/plugin.ts), precompressed like every text file, and precached by
 * the service worker (vite.config.ts) so the app opens offline in any language.
 *
 * `vite dev` serves locales/ as it is, so a text edited there shows on the next load. A build step
 * beside precompress.ts: both shape the dist/ that this folder's plugin.ts serves.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The merged `<lang>/<namespace>.json` files (the folders beside them are their sources), sorted. */
function mergedFiles(localesDir: string): { rel: string; text: string }[] {
  return readdirSync(localesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((lang) =>
      readdirSync(path.join(localesDir, lang.name), { withFileTypes: true })
        .filter((f) => f.isFile() && f.name.endsWith('.json'))
        .map((f) => `${lang.name}/${f.name}`),
    )
    .sort()
    .map((rel) => ({ rel, text: readFileSync(path.join(localesDir, rel), 'utf8') }));
}

export function localeAssets(localesDir: string): Plugin {
  let files: { rel: string; text: string }[] = [];
  let folder = '';
  return {
    name: 'kestrel:locales',
    config(_, { command }) {
      if (command === 'serve') return { define: { __LOCALE_DIR__: JSON.stringify('/locales') } };
      files = mergedFiles(localesDir);
      const hash = createHash('sha256');
      for (const f of files) hash.update(`${f.rel}\0${f.text}\0`);
      folder = `assets/locales-${hash.digest('hex').slice(0, 10)}`;
      return { define: { __LOCALE_DIR__: JSON.stringify(`/${folder}`) } };
    },
    generateBundle() {
      for (const f of files) this.emitFile({ type: 'asset', fileName: `${folder}/${f.rel}`, source: JSON.stringify(JSON.parse(f.text)) });
    },
  };
}
