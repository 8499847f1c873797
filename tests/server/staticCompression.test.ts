/**
 * Every static text file goes out compressed. The build writes a brotli and a
 * gzip copy of each (server/http/precompress.ts, run here on a small stand-in for dist/); the server
 * sends the one the client accepts, over real HTTP, with `Vary: Accept-Encoding`, the original's
 * content type and the cache headers it had: hashed assets immutable for a year, the page, the
 * service worker and the web manifest revalidated on every load.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../server/http/precompress';
import { startServer, type TestServer } from './harness';

const ASSET = 'assets/index-B4x9kQ2f.js';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Kestrel</title>
<script type="module" crossorigin src="/${ASSET}"></script></head>
<body><div id="root">${'<div class="skeleton-row"><span></span><span></span></div>\n'.repeat(20)}</div></body></html>`;
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const price${i} = (a, b) => a * ${i} + b; // the quote's row ${i}`).join('\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let s: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'kestrel-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await mkdir(path.join(distDir, 'icons'));
  await writeFile(path.join(distDir, 'index.html'), PAGE);
  await writeFile(path.join(distDir, ASSET), SCRIPT);
  await writeFile(path.join(distDir, 'sw.js'), `self.addEventListener('fetch', () => {});\n${SCRIPT}`);
  await writeFile(
    path.join(distDir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Kestrel', icons: Array(20).fill({ src: '/icons/icon.png' }) }),
  );
  await writeFile(path.join(distDir, 'icons', 'icon.png'), PNG);
  await precompressDir(distDir);
  s = await startServer({ startMarket: false, distDir });
});
afterAll(async () => {
  await s?.close();
  await rm(distDir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers and the body as sent (fetch would add its own Accept-Encoding and decode). */
function get(url: string, acceptEncoding: string | null): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function decode(r: Raw): Buffer {
  const enc = r.headers['content-encoding'];
  return enc === 'br' ? brotliDecompressSync(r.body) : enc === 'gzip' ? gunzipSync(r.body) : r.body;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// url, file on disk, content type, cache-control
const FILES: [string, string, RegExp, string][] = [
  ['/', 'index.html', /^text\/html; charset=utf-8$/, 'no-cache'],
  ['/index.html', 'index.html', /^text\/html; charset=utf-8$/, 'no-cache'],
  // A path the client routes: the server answers the app's page.
  ['/pages/market/market', 'index.html', /^text\/html; charset=utf-8$/, 'no-cache'],
  [`/${ASSET}`, ASSET, /^(application|text)\/javascript; charset=utf-8$/, IMMUTABLE],
  ['/sw.js', 'sw.js', /^(application|text)\/javascript; charset=utf-8$/, 'no-cache'],
  ['/manifest.webmanifest', 'manifest.webmanifest', /^application\/manifest\+json/, 'no-cache'],
];

describe('the build step', () => {
  it('writes a smaller brotli and gzip copy of every text file and leaves images alone', async () => {
    for (const file of ['index.html', ASSET, 'sw.js', 'manifest.webmanifest']) {
      const plain = await readFile(path.join(distDir, file));
      const br = await readFile(path.join(distDir, `${file}.br`));
      const gz = await readFile(path.join(distDir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(plain), file).toBe(true);
      expect(gunzipSync(gz).equals(plain), file).toBe(true);
      expect(br.length, file).toBeLessThan(plain.length / 2);
      expect(gz.length, file).toBeLessThan(plain.length / 2);
    }
    await expect(stat(path.join(distDir, 'icons', 'icon.png.br'))).rejects.toThrow();
    await expect(stat(path.join(distDir, 'icons', 'icon.png.gz'))).rejects.toThrow();
  });
});

describe('static files over HTTP', () => {
  for (const [url, file, type, cache] of FILES) {
    it(`${url}: brotli, gzip or plain as accepted, the same bytes, the same headers`, async () => {
      const plain = await readFile(path.join(distDir, file));
      // A browser's header, then each encoding alone, then a client that accepts none.
      const cases: [string | null, string | undefined][] = [
        ['gzip, deflate, br, zstd', 'br'],
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
        [null, undefined],
      ];
      for (const [accept, encoding] of cases) {
        const what = `${url} with Accept-Encoding: ${accept ?? '(none)'}`;
        const r = await get(s.url + url, accept);
        expect(r.status, what).toBe(200);
        expect(r.headers['content-encoding'], what).toBe(encoding);
        expect(
          String(r.headers.vary ?? '')
            .toLowerCase()
            .split(/\s*,\s*/),
          what,
        ).toContain('accept-encoding');
        expect(r.headers['content-type'], what).toMatch(type);
        expect(r.headers['cache-control'], what).toBe(cache);
        expect(r.headers['x-content-type-options'], what).toBe('nosniff');
        if (encoding) expect(r.body.length, what).toBeLessThan(plain.length);
        expect(Number(r.headers['content-length']), what).toBe(r.body.length);
        expect(decode(r).equals(plain), what).toBe(true);
      }
    });
  }

  it('sends an image as it is, whatever the client accepts', async () => {
    const r = await get(`${s.url}/icons/icon.png`, 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.body.equals(PNG)).toBe(true);
  });

  it('leaves API answers as they were', async () => {
    const r = await get(`${s.url}/api/getSiteConfig`, 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body.toString('utf8'))).toMatchObject({ type: 'ok' });
  });
});
