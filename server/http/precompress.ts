/**
 * Text compression for every static file, made once at build: a brotli (`.br`, quality 11) and a
 * gzip (`.gz`, level 9) sibling of each text file in `dist/` (source maps at brotli 5 / gzip 6),
 * which the static part of server/http/plugin.ts sends as they are (`@fastify/static` with
 * `preCompressed: true`). Compressing per request (`@fastify/compress`) would spend the server's
 * CPU on every cold load and could not afford brotli's best level; a file the build leaves
 * uncompressed (a PNG, a WOFF2) is sent plain.
 *
 * Run as the last step of `vite build` (the `precompress()` plugin in vite.config.ts), after
 * vite-plugin-pwa has written the service worker and the web manifest, so those are compressed
 * too. It lives beside the plugin that serves its output (and the server tests run it on their
 * stand-in for dist/). docs/ARCHITECTURE.md "Loading" says why this and not a plugin from npm.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts in dist/ are compressed formats already. */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|map|txt|xml)$/i;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield p;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every text file under `dir` (each only when smaller than the file). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const one = async (file: string) => {
    const body = await readFile(file);
    const isMap = file.endsWith('.map');
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          // Source maps are fetched by developer tools only: a fast level keeps the build short.
          [constants.BROTLI_PARAM_QUALITY]: isMap ? 5 : constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: isMap ? 6 : 9 }),
    ]);
    result.files++;
    result.bytes += body.length;
    // A compressed copy larger than the file (a tiny file) is left out; the server then sends the file.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
    result.brotliBytes += Math.min(br.length, body.length);
    result.gzipBytes += Math.min(gzipped.length, body.length);
  };
  // zlib runs on libuv's thread pool (4 threads): a few files at a time keep both cores busy.
  const queue: Promise<void>[] = [];
  for await (const file of walk(dir)) {
    queue.push(one(file));
    if (queue.length >= 8) await Promise.all(queue.splice(0));
  }
  await Promise.all(queue);
  return result;
}

/** A Vite plugin: `precompressDir(outDir)` once the build (and every other plugin's last step) is done. */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'kestrel:precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After vite-plugin-pwa's closeBundle, which writes sw.js.
      order: 'post' as const,
      sequential: true,
      async handler() {
        const t0 = performance.now();
        const r = await precompressDir(outDir);
        const pct = (n: number) => `${((n / r.bytes) * 100).toFixed(0)} %`;
        console.log(
          `precompressed ${r.files} files (${(r.bytes / 1024).toFixed(0)} KiB): brotli ${pct(r.brotliBytes)}, gzip ${pct(r.gzipBytes)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
