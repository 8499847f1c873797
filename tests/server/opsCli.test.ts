import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityState } from '../../domain/api/types';
import { startServer, type TestServer } from './harness';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

describe('the operator CLI (npm run ops)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
  });
  afterAll(() => s.close());

  /** Runs the CLI against the test server; resolves with its output and exit code. */
  async function ops(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
        cwd: root,
        env: { ...process.env, OPS_URL: s.url, DATA_DIR: s.dataDir, ...env },
      });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  }

  it('lists users and pending identities, approves once, and reports errors with a non-zero exit', async () => {
    const user = await s.signUp();
    await s.bindMobile(user.token, user.ip);
    await s.call(
      '/user/real',
      { real_type: '1', id_type: 'id_card', name: 'Wang Fang', card_id: '110101199003071234' },
      { token: user.token },
    );

    const users = await ops(['users', user.email]);
    expect(users.code).toBe(0);
    expect(users.out).toContain(user.email);

    const pending = await ops(['identities']);
    expect(pending.code).toBe(0);
    const id = new RegExp(`^(\\d+)\\s+\\d+\\s+${user.email.replace('.', '\\.')}`, 'm').exec(pending.out)?.[1];
    expect(id).toBeDefined();
    expect(pending.out).toContain('Wang Fang');

    const approved = await ops(['approve-identity', id!]);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.out).toContain('approved');
    const again = await ops(['approve-identity', id!]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('This has already been decided');
    const state = (await s.call<IdentityState>('/real/state', {}, { method: 'GET', token: user.token })).body.message as IdentityState;
    expect(state.level).toBe(1);
  });

  it('needs a reason to reject, a token, and a known command', async () => {
    expect((await ops(['reject-identity', '1'])).code).toBe(2);
    expect((await ops(['approve-identity', 'x'])).code).toBe(2);
    expect((await ops(['launch-rockets'])).code).toBe(2);
    const wrong = await ops(['users'], { OPS_TOKEN: 'wrong' });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('Operator token required');
  });
});
