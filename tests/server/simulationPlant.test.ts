/**
 * The simulation finds a defect planted in the running server (docs/SIMULATION.md, "Planted
 * defects"): every winning seconds option paid a second time. The run stops at the first double
 * payment, and the shrinker cuts it to a few actions that fail by themselves.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runActions, simulate } from '../sim/run';
import { formatTestCase, shrink } from '../sim/shrink';
import { dropSimTemplates } from '../sim/world';
import { postgresUrl, report } from './simulationRuns';

describe('a planted double settlement', { timeout: 30 * 60_000 }, () => {
  afterAll(() => dropSimTemplates());

  it('finds a planted double settlement and shrinks it to a few actions that still fail', async () => {
    const options = { postgresUrl, plant: 'double-settlement' as const, areas: ['options'] };
    // Seed p4 pays its first winning option at step 9.
    const found = await simulate({ seed: 'p4', steps: 40, ...options });
    expect(found.failedAt).not.toBeNull();
    const first = found.violations[0]!;
    expect(first.kind).toBe('settled twice');
    expect(first.message).toMatch(/^options_settle happened more than once for options \d+/);

    // A bounded shrink here (each trial is a fresh server, about 5 s): eight trials take the 10
    // actions to 7 (seven leave all 10); unbounded, the CLI takes this one to its 4 essential
    // actions: a registration, a deposit, the option, time passing (docs/SIMULATION.md).
    const shrunk = await shrink(found, options, { maxRuns: 8 });
    expect(shrunk.violation.kind).toBe('settled twice');
    expect(shrunk.actions.length).toBeLessThan(found.failedAt! + 1);
    expect(shrunk.actions.map((a) => a.kind)).toEqual(expect.arrayContaining(['register', 'option', 'clock']));
    // What it prints is a test of its own: the shrunk list still fails by itself, and passes without the plant.
    expect(formatTestCase('p4', shrunk, { plant: 'double-settlement' })).toContain("plant: 'double-settlement'");
    const again = await runActions('p4', shrunk.actions, options);
    expect(again.violations[0]?.kind).toBe('settled twice');
    const clean = await runActions('p4', shrunk.actions, { postgresUrl });
    expect(report(clean, shrunk.actions.length)).toBe('');
  });
});
