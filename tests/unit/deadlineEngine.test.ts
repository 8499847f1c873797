/**
 * The deadline engines' skeleton (server/platform/DeadlineEngine.ts): a periodic sweep costs what
 * came due. Alone, the engine rests until its deadline, a wake-up, or a step left to retry; with
 * other nodes it sweeps every period, and a wake-up on one node reaches the others over the bus.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { LocalBus, type ClusterBus } from '../../server/platform/cluster/ClusterBus';
import { DeadlineEngine, wakeChannel } from '../../server/platform/DeadlineEngine';
import { ALONE_RELOAD_EVERY_MS, reloadEvery } from '../../server/platform/reloadEvery';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);

/** An engine whose work and deadlines the test sets; it counts what it read. */
class Probe extends DeadlineEngine {
  rounds = 0;
  deadlineReads = 0;
  due: number | null = null;
  /** What the next round does besides counting: fail a step, or leave one waiting. */
  outcome: 'ok' | 'fail' | 'wait' = 'ok';
  readonly errors: string[] = [];

  constructor(clock: ManualClock, bus: ClusterBus) {
    const log = { error: (_: unknown, msg: string) => this.errors.push(msg) };
    super({ clock, bus, log, name: 'probe', retryEveryMs: MINUTE });
  }

  protected async work(): Promise<void> {
    this.rounds++;
    const outcome = this.outcome;
    this.outcome = 'ok';
    if (outcome === 'fail') this.logError(new Error('boom'), 'step');
    if (outcome === 'wait') this.retryLater();
  }

  protected async nextDue(): Promise<number | null> {
    this.deadlineReads++;
    return this.due;
  }
}

/** A bus that reaches other nodes: what this node published, and a way to deliver another node's message. */
class SharedBus implements ClusterBus {
  readonly shared = true;
  readonly nodeId = 'here';
  readonly published: { channel: string; data: unknown }[] = [];
  private readonly handlers = new Map<string, ((data: unknown) => void)[]>();
  publish(channel: string, data: unknown): void {
    this.published.push({ channel, data });
  }
  subscribe(channel: string, handler: (data: unknown) => void): () => void {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
    return () => undefined;
  }
  deliver(channel: string, data: unknown): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(data);
  }
  async close(): Promise<void> {}
}

/** Lets the engine's background reads (a re-arm is not a sweep) finish. */
async function settled(engine: Probe): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await engine.idle();
  }
}

async function started(bus: ClusterBus = new LocalBus()): Promise<{ clock: ManualClock; engine: Probe }> {
  const clock = new ManualClock(T0);
  const engine = new Probe(clock, bus);
  await engine.start();
  await settled(engine);
  return { clock, engine };
}

describe('deadline engine', () => {
  it('alone with nothing due, rests: an hour of periods reads nothing', async () => {
    const { clock, engine } = await started();
    expect({ rounds: engine.rounds, reads: engine.deadlineReads }).toEqual({ rounds: 1, reads: 1 });
    for (let m = 0; m < 60; m++) {
      clock.advance(MINUTE);
      await settled(engine);
    }
    expect({ rounds: engine.rounds, reads: engine.deadlineReads }).toEqual({ rounds: 1, reads: 1 });
    await engine.stop();
  });

  it('alone, sweeps at its deadline, however far past the period it lies', async () => {
    const clock = new ManualClock(T0);
    const engine = new Probe(clock, new LocalBus());
    engine.due = T0 + 7 * MINUTE + 30_000;
    await engine.start();
    await settled(engine);
    engine.due = null;
    clock.advance(7 * MINUTE);
    await settled(engine);
    expect(engine.rounds).toBe(1);
    clock.advance(30_000);
    await settled(engine);
    expect(engine.rounds).toBe(2);
    clock.advance(30 * MINUTE);
    await settled(engine);
    expect(engine.rounds).toBe(2);
    await engine.stop();
  });

  it('alone, a wake-up re-reads the deadline at once and the next period sweeps once', async () => {
    const { clock, engine } = await started();
    engine.due = T0 + 3 * 3_600_000;
    engine.wake();
    await settled(engine);
    expect({ rounds: engine.rounds, reads: engine.deadlineReads }).toEqual({ rounds: 1, reads: 2 });
    clock.advance(MINUTE);
    await settled(engine);
    expect(engine.rounds).toBe(2);
    clock.advance(10 * MINUTE);
    await settled(engine);
    expect(engine.rounds).toBe(2);
    await engine.stop();
  });

  it('alone, a failed step or one left waiting is tried again every period until a round is clean', async () => {
    const { clock, engine } = await started();
    engine.outcome = 'fail';
    await engine.sweep();
    await settled(engine);
    expect(engine.errors).toEqual(['probe engine: step failed (retried)']);
    clock.advance(MINUTE);
    await settled(engine);
    expect(engine.rounds).toBe(3);
    clock.advance(10 * MINUTE);
    await settled(engine);
    expect(engine.rounds).toBe(3);
    engine.outcome = 'wait';
    await engine.sweep();
    clock.advance(MINUTE);
    await settled(engine);
    expect(engine.rounds).toBe(5);
    clock.advance(10 * MINUTE);
    await settled(engine);
    expect(engine.rounds).toBe(5);
    await engine.stop();
  });

  it('with other nodes, sweeps every period; a wake-up is published, and another node’s re-arms this one', async () => {
    const bus = new SharedBus();
    const { clock, engine } = await started(bus);
    for (let m = 0; m < 5; m++) {
      clock.advance(MINUTE);
      await settled(engine);
    }
    expect(engine.rounds).toBe(6);
    const reads = engine.deadlineReads;
    engine.wake();
    expect(bus.published).toEqual([{ channel: wakeChannel('probe'), data: { node: 'here' } }]);
    bus.deliver(wakeChannel('probe'), { node: 'there' });
    await settled(engine);
    // Its own wake-up and the other node's: each re-reads the deadline; its own echo is ignored.
    bus.deliver(wakeChannel('probe'), { node: 'here' });
    await settled(engine);
    expect(engine.deadlineReads).toBe(reads + 2);
    await engine.stop();
  });

  it('reloads whole hourly alone, at the engine’s own period with other nodes', () => {
    expect(reloadEvery(new LocalBus(), 2_000)).toBe(ALONE_RELOAD_EVERY_MS);
    expect(reloadEvery(new SharedBus(), 2_000)).toBe(2_000);
  });
});
