/**
 * The worker's snapshot pacing (worker/connection/SnapshotPacer.ts), on fake timers and frames:
 * one snapshot per frame at most, none before the UI answered the last, then a rest of 1.5× what
 * the UI said it cost; an interval, when set, counted from the last snapshot, leading edge first;
 * a silent UI gets the next snapshot after 2 s.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnapshotPacer } from '../../worker/connection/SnapshotPacer';

/** A slice that is dirty until taken, and a port that records what was posted and when. */
function setup(intervalMs = 0) {
  const source = {
    isDirty: false,
    dueInMs: null as number | null,
    n: 0,
    take() {
      this.isDirty = false;
      return ++this.n;
    },
  };
  const posted: { snap: number; at: number }[] = [];
  const port = {
    onmessage: null as ((e: MessageEvent<unknown>) => void) | null,
    postMessage: (snap: number) => posted.push({ snap, at: performance.now() }),
    close: () => undefined,
  };
  const pacer = new SnapshotPacer(source);
  pacer.setInterval(intervalMs);
  pacer.attach(port as unknown as MessagePort);
  const change = () => {
    source.isDirty = true;
    pacer.schedule();
  };
  /** The UI answers the last snapshot: drawn, at `cost` ms of its main thread. */
  const answer = (cost: number) => port.onmessage!({ data: cost } as MessageEvent<unknown>);
  /** A change held back by the slice: not dirty, due in `ms`, dirty once due. */
  const holdBack = (ms: number) => {
    source.dueInMs = ms;
    pacer.schedule();
    setTimeout(() => {
      source.isDirty = true;
      source.dueInMs = null;
    }, ms);
  };
  return { posted, change, answer, holdBack };
}

describe('SnapshotPacer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a change with the next frame, however many changes come before it', async () => {
    const { posted, change } = setup();
    change();
    change();
    change();
    expect(posted).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(16);
    expect(posted.map((p) => p.snap)).toEqual([1]);
    expect(posted[0]!.at).toBeLessThanOrEqual(16);
  });

  it('sends a change the slice holds back when it is due, with no other change to bring it', async () => {
    const { posted, holdBack } = setup();
    holdBack(250);
    await vi.advanceTimersByTimeAsync(200);
    expect(posted).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(posted.map((p) => p.snap)).toEqual([1]);
  });

  it('sends a change with the next frame while another is held back, not with its timer', async () => {
    const { posted, holdBack, change } = setup();
    holdBack(250);
    await vi.advanceTimersByTimeAsync(100);
    change();
    await vi.advanceTimersByTimeAsync(16);
    expect(posted.map((p) => p.snap)).toEqual([1]);
    expect(posted[0]!.at).toBeLessThanOrEqual(116);
  });

  it('sends nothing more until the UI answers, then rests 1.5× the cost it reported', async () => {
    const { posted, change, answer } = setup();
    change();
    await vi.advanceTimersByTimeAsync(16);
    change();
    await vi.advanceTimersByTimeAsync(500);
    expect(posted).toHaveLength(1); // not answered yet: the change waits, it is not queued twice
    const answeredAt = performance.now();
    answer(40); // a slow phone: 40 ms for the last snapshot
    await vi.advanceTimersByTimeAsync(59);
    expect(posted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20); // 60 ms of rest, then the next frame
    expect(posted).toHaveLength(2);
    expect(posted[1]!.at - answeredAt).toBeGreaterThanOrEqual(60);
    expect(posted[1]!.at - answeredAt).toBeLessThanOrEqual(60 + 16);
  });

  it('a cheap snapshot leaves the next one its own frame: a fast phone is updated every frame', async () => {
    const { posted, change, answer } = setup();
    for (let i = 0; i < 10; i++) {
      change();
      await vi.advanceTimersByTimeAsync(16);
      answer(2);
    }
    await vi.advanceTimersByTimeAsync(16);
    expect(posted).toHaveLength(10);
    const gaps = posted.slice(1).map((p, i) => p.at - posted[i]!.at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * 16);
  });

  it('caps the rest at 500 ms however slow the UI said it was', async () => {
    const { posted, change, answer } = setup();
    change();
    await vi.advanceTimersByTimeAsync(16);
    change();
    answer(10_000);
    await vi.advanceTimersByTimeAsync(499);
    expect(posted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(17);
    expect(posted).toHaveLength(2);
  });

  it('with an interval, a change after a quiet spell goes at once and a steady feed every interval', async () => {
    const { posted, change, answer } = setup(50);
    change();
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toHaveLength(1);
    answer(1);
    for (let t = 0; t < 200; t += 10) {
      change();
      await vi.advanceTimersByTimeAsync(10);
      if (posted.length > 1) answer(1);
    }
    const gaps = posted.slice(1).map((p, i) => p.at - posted[i]!.at);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(50);
  });

  it('a UI that stays silent (a hidden tab) gets the next snapshot after 2 s', async () => {
    const { posted, change } = setup();
    change();
    await vi.advanceTimersByTimeAsync(16);
    change();
    await vi.advanceTimersByTimeAsync(1_990);
    expect(posted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(40);
    expect(posted).toHaveLength(2);
  });
});

describe("the UI's measure of a snapshot's cost (src/worker-client.ts, afterRender in src/state/select.ts)", () => {
  it('is taken after the state has told its subscribers and after the render they queue', async () => {
    const { proxy, subscribe } = await import('valtio');
    const { afterRender } = await import('../../src/state/select');
    const state = proxy({ price: '1' });
    const order: string[] = [];
    // As useSyncExternalStore does: the subscriber hears of the change in valtio's microtask and
    // queues the render in a microtask of its own.
    const stop = subscribe(state, () => {
      order.push('notified');
      queueMicrotask(() => order.push('rendered'));
    });
    const measured = new Promise<void>((resolve) => {
      state.price = '2';
      afterRender(() => {
        order.push('measured');
        resolve();
      });
    });
    await measured;
    stop();
    expect(order).toEqual(['notified', 'rendered', 'measured']);
  });
});
