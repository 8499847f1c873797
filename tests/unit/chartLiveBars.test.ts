import { describe, expect, it } from 'vitest';
import type { Kline } from '../../domain/market/types';
import { coalesce, planDraws } from '../../src/ui/trading/chart/liveBars';
import { afterPaint, frameDraw, type Clock } from '../../src/ui/trading/chart/schedule';

const bar = (t: number, close: string, more: Partial<Kline> = {}): Kline => ({
  t,
  open: '100',
  high: '110',
  low: '90',
  close,
  volume: '5',
  ...more,
});

/** A clock whose frames and timers run only when the test says so. */
function fakeClock() {
  let now = 0;
  let ids = 0;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    frame: (fn) => (frames.set(++ids, fn), ids),
    cancelFrame: (id) => void frames.delete(id),
    timeout: (fn, ms) => (timers.set(++ids, { at: now + ms, fn }), ids as unknown as ReturnType<typeof setTimeout>),
    cancelTimeout: (id) => void timers.delete(id as unknown as number),
  };
  return {
    clock,
    pendingFrames: () => frames.size,
    pendingTimers: () => timers.size,
    /** Runs one frame: every frame callback asked for before it. */
    frame: () => {
      const due = [...frames.values()];
      frames.clear();
      due.forEach((fn) => fn());
    },
    /** Moves the time on, running the timers that come due. */
    advance: (ms: number) => {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.fn();
      }
    },
  };
}

describe('the chart’s live bars', () => {
  it('keeps the latest state of each bar from several snapshots', () => {
    const queue = new Map<number, Kline>();
    coalesce(queue, [bar(60, '101')]);
    coalesce(queue, [bar(60, '102'), bar(120, '103')]);
    coalesce(queue, [bar(120, '104')]);
    expect([...queue.values()]).toEqual([bar(60, '102'), bar(120, '104')]);
  });

  it('draws nothing for a bar equal to the one drawn, nor for a bar older than it', () => {
    const last = bar(120, '101');
    expect(planDraws(last, [bar(120, '101')])).toEqual([]);
    expect(planDraws(last, [bar(60, '99')])).toEqual([]);
  });

  it('says which series a change moves', () => {
    const last = bar(120, '101');
    // Only the volume: no candle, line or average update.
    expect(planDraws(last, [bar(120, '101', { volume: '6' })])).toEqual([
      { bar: bar(120, '101', { volume: '6' }), appended: false, price: false, volume: true, close: false },
    ]);
    // A new high with the same close and volume: the candle only.
    expect(planDraws(last, [bar(120, '101', { high: '111' })])).toEqual([
      { bar: bar(120, '101', { high: '111' }), appended: false, price: true, volume: false, close: false },
    ]);
    // The close moves but stays above the open: candle and averages, the volume bar keeps its colour.
    expect(planDraws(last, [bar(120, '102')])[0]).toMatchObject({ price: true, volume: false, close: true });
    // The close falls below the open: the volume bar turns red.
    expect(planDraws(last, [bar(120, '95')])[0]).toMatchObject({ price: true, volume: true, close: true });
  });

  it('appends new bars in time order, one update per bar however many snapshots brought it', () => {
    const queue = new Map<number, Kline>();
    coalesce(queue, [bar(180, '104')]);
    coalesce(queue, [bar(120, '102'), bar(180, '105')]);
    const draws = planDraws(bar(120, '101'), queue.values());
    expect(draws.map((d) => [d.bar.t, d.bar.close, d.appended])).toEqual([
      [120, '102', false],
      [180, '105', true],
    ]);
    expect(planDraws(undefined, [bar(60, '1')])).toEqual([{ bar: bar(60, '1'), appended: true, price: true, volume: true, close: true }]);
  });
});

describe('the chart’s pacing', () => {
  it('draws once in the next frame however often it is asked', () => {
    const f = fakeClock();
    let draws = 0;
    const live = frameDraw(() => draws++, 250, f.clock);
    live.request();
    live.request();
    live.request();
    expect(draws).toBe(0);
    expect(f.pendingFrames()).toBe(1);
    f.frame();
    expect(draws).toBe(1);
    f.frame();
    expect(draws).toBe(1);
  });

  it('waits out the minimum interval on a timer, then draws in a frame', () => {
    const f = fakeClock();
    let draws = 0;
    const live = frameDraw(() => draws++, 250, f.clock);
    live.request();
    f.frame();
    f.advance(100);
    live.request();
    live.request();
    expect(f.pendingFrames()).toBe(0);
    expect(f.pendingTimers()).toBe(1);
    f.advance(149);
    expect(f.pendingFrames()).toBe(0);
    f.advance(1);
    expect(f.pendingFrames()).toBe(1);
    f.frame();
    expect(draws).toBe(2);
  });

  it('drops a pending draw when cancelled', () => {
    const f = fakeClock();
    let draws = 0;
    const live = frameDraw(() => draws++, 250, f.clock);
    live.request();
    live.cancel();
    f.frame();
    expect(draws).toBe(0);
    live.request();
    f.frame();
    expect(draws).toBe(1);
  });

  it('starts the deferred work after a painted frame, or never once cancelled', () => {
    const f = fakeClock();
    let started = 0;
    afterPaint(() => started++, f.clock);
    f.advance(0);
    expect(started).toBe(0);
    f.frame();
    expect(started).toBe(0);
    f.advance(0);
    expect(started).toBe(1);
    const cancel = afterPaint(() => started++, f.clock);
    f.frame();
    cancel();
    f.advance(0);
    expect(started).toBe(1);
  });
});
