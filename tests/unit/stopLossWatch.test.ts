/**
 * The copy stop-loss check's memory (server/copytrade/mirroring/StopLossWatch.ts): alone it reads
 * the guarded follows once and then only after a change or an hour; with other nodes at every
 * check; a change heard while a read is under way makes the next check read again; between reads
 * the P&L follows the marks.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { ManualClock } from '../../server/clock';
import type { CopyRepository, FollowRow } from '../../server/copytrade/CopyRepository';
import type { CopyPnlParts, FollowViews } from '../../server/copytrade/follows/FollowViews';
import { StopLossWatch } from '../../server/copytrade/mirroring/StopLossWatch';
import { ALONE_RELOAD_EVERY_MS } from '../../server/platform/reloadEvery';

const follow = { id: 1, follower_id: 2, trader_id: 3, stop_loss: '50', status: 'following' } as FollowRow;

function setup(shared: boolean) {
  const clock = new ManualClock(0);
  let reads = 0;
  let mark = new Decimal(0);
  /** Runs inside the next read (a change that lands while it is under way). */
  let during: (() => void) | null = null;
  const repo = {
    guardedFollows: async () => {
      reads++;
      during?.();
      during = null;
      return [follow];
    },
  } as unknown as CopyRepository;
  const views = {
    copyPnlParts: async () => new Map<number, CopyPnlParts>([[1, { realised: new Decimal(-10), open: [] }]]),
    pnlAtMarks: (parts: CopyPnlParts) => ({ pnl: parts.realised.plus(mark), open: parts.open.length }),
  } as unknown as FollowViews;
  const watch = new StopLossWatch({ clock, bus: { shared }, repo, views });
  return {
    clock,
    watch,
    reads: () => reads,
    setMark: (m: string) => (mark = new Decimal(m)),
    duringNextRead: (fn: () => void) => (during = fn),
  };
}

describe('the copy stop-loss watch', () => {
  it('alone: reads once, then the marks alone move the P&L until a change or an hour', async () => {
    const { clock, watch, reads, setMark } = setup(false);
    expect((await watch.follows())[0]!.pnl.pnl.toFixed()).toBe('-10');
    setMark('-45');
    for (let i = 0; i < 5; i++) clock.advance(60_000);
    const [checked] = await watch.follows();
    expect(checked!.pnl.pnl.toFixed()).toBe('-55');
    expect(reads()).toBe(1);
    watch.changed();
    await watch.follows();
    await watch.follows();
    expect(reads()).toBe(2);
    clock.advance(ALONE_RELOAD_EVERY_MS);
    await watch.follows();
    expect(reads()).toBe(3);
    // A whole sweep reads whatever was heard.
    await watch.follows(true);
    expect(reads()).toBe(4);
  });

  it('a change heard while a read is under way makes the next check read again', async () => {
    const { watch, reads, duringNextRead } = setup(false);
    duringNextRead(() => watch.changed());
    await watch.follows();
    await watch.follows();
    expect(reads()).toBe(2);
    await watch.follows();
    expect(reads()).toBe(2);
  });

  it('with other nodes: reads at every check (their changes are not heard here)', async () => {
    const { watch, reads } = setup(true);
    await watch.follows();
    await watch.follows();
    await watch.follows();
    expect(reads()).toBe(3);
  });
});
