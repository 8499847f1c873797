/**
 * `npm start`'s entry (`server/main.ts`) as its own process on a free port and a fresh data
 * folder: the e2e suite's shared server (globalSetup.ts), and the servers a file needs of its own
 * (one it stops: trade.test.ts; one on a fake exchange: venue.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Stops the process (SIGTERM, or SIGKILL when `kill`) if it still runs, and removes its data folder. */
  stop(kill?: boolean): Promise<void>;
}

/** A free TCP port on loopback. */
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

/**
 * Starts the server with `env` over the defaults (loopback, a fresh `DATA_DIR` named after
 * `name`, warnings only in the log) and resolves once it answers; `wait: false` resolves at once.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  options: { timeoutMs?: number; wait?: boolean } = {},
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `kestrel-${name}-`));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (kill = false) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(kill ? 'SIGKILL' : 'SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  if (options.wait !== false) {
    try {
      await waitForServer(url, child, options.timeoutMs ?? 120_000);
    } catch (error) {
      await stop(true);
      throw error;
    }
  }
  return { child, url, dataDir, stop };
}
