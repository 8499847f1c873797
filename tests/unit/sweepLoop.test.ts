/**
 * The deadline engines' sweep loop (server/platform/SweepLoop.ts): one round at a time, a
 * wake-up during a round's work never lost (one more round), and the wake-ups of one moment (a
 * manual clock moved over several due timers fires them synchronously) joined into one round.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { SweepLoop } from '../../server/platform/SweepLoop';

/** A round that waits until released, counting rounds and how many ran at once. */
function gatedWork() {
  const state = { rounds: 0, running: 0, most: 0, release: [] as (() => void)[] };
  const work = async () => {
    state.rounds++;
    state.running++;
    state.most = Math.max(state.most, state.running);
    await new Promise<void>((r) => state.release.push(r));
    state.running--;
  };
  const releaseAll = async () => {
    while (state.release.length) {
      state.release.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { state, work, releaseAll };
}

describe('SweepLoop', () => {
  it('joins the wake-ups of one moment into one round: a clock moved over ten due timers sweeps once', async () => {
    let rounds = 0;
    const loop = new SweepLoop(
      async () => void rounds++,
      () => true,
    );
    const clock = new ManualClock(0);
    clock.every(60_000, () => void loop.run());
    clock.advance(600_000);
    await loop.idle();
    expect(rounds).toBe(1);
  });

  it('runs one more round, never beside the first, for a wake-up once the round has begun', async () => {
    const { state, work, releaseAll } = gatedWork();
    const loop = new SweepLoop(work, () => true);
    const first = loop.run();
    await new Promise((r) => setTimeout(r, 0));
    expect(state.rounds).toBe(1);
    // Woken three times while the round works: one more round, not three.
    const again = [loop.run(), loop.run(), loop.run()];
    expect(again.every((p) => p === first)).toBe(true);
    await releaseAll();
    await releaseAll();
    await loop.idle();
    expect(state.rounds).toBe(2);
    expect(state.most).toBe(1);
  });

  it('stops going round once the engine is no longer active', async () => {
    const { state, work, releaseAll } = gatedWork();
    let active = true;
    const loop = new SweepLoop(work, () => active);
    void loop.run();
    await new Promise((r) => setTimeout(r, 0));
    void loop.run();
    active = false;
    await releaseAll();
    await loop.idle();
    expect(state.rounds).toBe(1);
  });
});
