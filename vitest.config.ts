import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Per-file durations to test-results/durations.json (npm test prints the slowest).
    reporters: ['default', './tests/durations.ts'],
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
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A busy machine is slow, not wrong: polls wait long and look often, so a result that
          // takes a slow password hash to appear is still seen (and a toast is up for seconds).
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
