import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { AdvisoryLockLeadership, soleLeadership, type LeaderWork } from '../../server/platform/leadership';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Work that records whether it runs. */
function work(): LeaderWork & { running: boolean; starts: number } {
  const w = {
    running: false,
    starts: 0,
    start() {
      w.running = true;
      w.starts += 1;
    },
    stop() {
      w.running = false;
    },
  };
  return w;
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('leadership', () => {
  it('is always granted to the single process (PGlite)', async () => {
    const role = soleLeadership();
    const w = work();
    await role.start(w);
    expect(role.isLeader).toBe(true);
    expect(w.running).toBe(true);
    await role.stop();
    expect(role.isLeader).toBe(false);
    expect(w.running).toBe(false);
  });

  // The advisory lock only exists on a real PostgreSQL; CI always runs this suite there too.
  const base = process.env.TEST_DATABASE_URL;
  it.runIf(base)('passes between nodes through a PostgreSQL advisory lock', async () => {
    const clock = new ManualClock(Date.now());
    const a = new AdvisoryLockLeadership(base!, clock, quiet, 1000);
    const b = new AdvisoryLockLeadership(base!, clock, quiet, 1000);
    const wa = work();
    const wb = work();
    try {
      await a.start(wa);
      await b.start(wb);
      expect(a.isLeader).toBe(true);
      expect(wa.running).toBe(true);
      expect(b.isLeader).toBe(false);
      expect(wb.running).toBe(false);

      // While A leads, B's retries keep failing and never run its work.
      clock.advance(3000);
      await new Promise((r) => setTimeout(r, 200));
      expect(wb.starts).toBe(0);

      // A stops: the lock is released and B takes over at its next retry.
      await a.stop();
      expect(wa.running).toBe(false);
      clock.advance(1000);
      await until(() => b.isLeader, 'B to lead');
      expect(wb.running).toBe(true);
      expect(wb.starts).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
