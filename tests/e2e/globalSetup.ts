import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (the operator CLI reads its token there). */
    dataDir: string;
  }
}

const root = path.resolve(__dirname, '../..');

/** A free TCP port on loopback (also for an e2e file's own server: tests/e2e/venue.test.ts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Waits until the server at `url` answers, or throws if its process exits or `timeoutMs` passes. */
export async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/getSiteConfig`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** Builds the app when needed and starts the real server (`npm start`'s entry) on a fresh data folder. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], { cwd: root, stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_OUTBOX: '1',
      MARKET_HZ: '8',
      MARKET_HISTORY_DAYS: '2',
      LOG_LEVEL: 'warn',
      // Every simulated user of every e2e file comes from 127.0.0.1 to this one server: the
      // per-address limit (600 a minute, tests/server/hardening.test.ts) would count them all as
      // one client and start refusing pages mid-run. The business limits stay on.
      RATE_LIMIT_PER_MINUTE: '0',
      // No test waits on the wall clock: a second code to one address is allowed after 2 s (the
      // minute's refusal is tested in tests/server/auth.test.ts), and a game round lasts 8 s
      // (its settlement by the recorded tick in tests/server/game.test.ts on the manual clock).
      CODE_RESEND_SECONDS: '2',
      GAME_ROUND_SECONDS: '8',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl, child, 90_000);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  };
}
