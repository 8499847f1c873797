import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/sequencer';

export default defineConfig({
  test: {
    // Per-file durations to test-results/durations.json (npm test prints the slowest).
    reporters: ['default', './tests/durations.ts'],
    // The longest files first (by their last durations), so a suite's workers end together.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          // Generous: on a busy 2-core machine a test that starts its own server or spawns the
          // operator CLI takes tens of seconds; the limits catch hangs, not slowness.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file gets its own database copy; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          // A failed test prints what its pages showed and the errors they logged (diagnose.ts).
          setupFiles: ['tests/e2e/diagnose.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Three files at a time against the one server: a browser suite mostly waits on pages and
          // on the market (one file at a time kept the two cores a third busy, two files 40 %).
          maxWorkers: 3,
          // A busy machine is slow, not wrong: polls wait long and look often, so a result that
          // takes a slow password hash to appear is still seen (and a toast is up for seconds).
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
