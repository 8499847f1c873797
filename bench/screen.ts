/**
 * The baseline page of B3 and B6 (bench/baseline/: socket.io on the main thread, React state
 * per message), built with Vite's programmatic build into bench/results/baseline-dist (git-
 * ignored) and served by the bench's own server at `/bench-baseline/`, same origin as the app,
 * so its socket needs no CORS. The app server is already `ready()` when a bench gets it (no new
 * Fastify routes), so the page is answered by a `request` listener placed in front of the
 * server's own ones, the way engine.io attaches to an http server.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import type { BenchServer } from './lib/server';
import { RESULTS_DIR, ROOT } from './lib/server';

export const BASELINE_PREFIX = '/bench-baseline/';
const SOURCE = path.join(ROOT, 'bench', 'baseline');
const OUT = path.join(RESULTS_DIR, 'baseline-dist');

const newest = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).mtimeMs,
    ),
  );

/** Builds the baseline page when its output is missing or older than its sources. */
export async function buildBaseline(): Promise<void> {
  let built = 0;
  try {
    built = statSync(path.join(OUT, 'index.html')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built > newest(SOURCE)) return;
  await build({
    root: SOURCE,
    base: BASELINE_PREFIX,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: OUT, emptyOutDir: true, sourcemap: false },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Serves the built baseline page at `/bench-baseline/` on the bench server (same origin). */
export function serveBaseline(server: BenchServer): void {
  const http = server.app.fastify.server;
  const others = http.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.startsWith(BASELINE_PREFIX)) {
      for (const listener of others) listener.call(http, req, res);
      return;
    }
    const rel = url.pathname.slice(BASELINE_PREFIX.length) || 'index.html';
    const file = path.resolve(OUT, rel);
    if (!file.startsWith(OUT + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

/** The contract screen of B3 and B6, as the old trade-screen bench opened it. */
export const CONTRACT_PATH = '/#/pages/transaction/contract?symbol=BTC%2FUSDT';
export const ABOUT_PATH = '/#/pages/common/about';
export const BASELINE_PATH = `${BASELINE_PREFIX}?symbol=BTC%2FUSDT`;

/**
 * Signs the demo user in with three open futures positions (two on BTC/USDT, one on the second
 * pair), so the positions panel recomputes live P&L; answers the token for the page.
 */
export async function demoWithPositions(server: BenchServer): Promise<string> {
  const token = await server.demoToken();
  await server.api('/wallet/change', { currency_id: '3', number: '3000', from_field: 'change', to_field: 'lever' }, { token });
  for (const [pair, type] of [
    ['1', '1'],
    ['2', '2'],
    ['1', '2'],
  ] as const)
    await server.api('/lever/submit', { match_id: pair, type, share: '1', multiple: '10' }, { token });
  return token;
}

/** Waits until the contract screen shows its book and its chart. */
export async function contractReady(page: Page): Promise<void> {
  // The book is drawn by the worker: its live region has figures once the book is live.
  await page.waitForSelector('[data-testid="book-glance"]:not(:empty)', { state: 'attached', timeout: 60_000 });
}

/** Waits until the baseline page has its chart and has handled live messages. */
export async function baselineReady(page: Page): Promise<void> {
  await page.waitForSelector('canvas', { state: 'attached', timeout: 60_000 });
  await page.waitForFunction('(window.__baseline?.messages ?? 0) > 0', undefined, { timeout: 60_000 });
}
