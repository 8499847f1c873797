import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from './serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (the operator CLI reads its token there). */
    dataDir: string;
  }
}

const root = path.resolve(__dirname, '../..');

/** Builds the app when needed and starts the real server (`npm start`'s entry) on a fresh data folder. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], { cwd: root, stdio: 'inherit' });
  const server = await startServerProcess(
    'e2e',
    {
      DEV_OUTBOX: '1',
      MARKET_HZ: '8',
      MARKET_HISTORY_DAYS: '2',
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
    { timeoutMs: 90_000 },
  );
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
