import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { betweenSnapshots, noteSnapshot } from '../../src/state/betweenSnapshots';

describe('betweenSnapshots', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits out the frames that render a snapshot', () => {
    const fn = vi.fn();
    noteSnapshot();
    betweenSnapshots(fn);
    vi.advanceTimersByTime(20);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('runs at once in the quiet middle of an interval', () => {
    const fn = vi.fn();
    noteSnapshot();
    vi.advanceTimersByTime(45);
    betweenSnapshots(fn);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('late in an interval waits for the next snapshot, or runs anyway when none comes', () => {
    const fn = vi.fn();
    noteSnapshot();
    vi.advanceTimersByTime(80);
    betweenSnapshots(fn);
    vi.advanceTimersByTime(20);
    expect(fn).not.toHaveBeenCalled();
    noteSnapshot();
    vi.advanceTimersByTime(30);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(fn).toHaveBeenCalledOnce();

    const quiet = vi.fn();
    vi.advanceTimersByTime(500);
    betweenSnapshots(quiet);
    vi.advanceTimersByTime(199);
    expect(quiet).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(quiet).toHaveBeenCalledOnce();
  });

  it('a cancelled slot never runs', () => {
    const fn = vi.fn();
    noteSnapshot();
    const cancel = betweenSnapshots(fn);
    cancel();
    noteSnapshot();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });
});
