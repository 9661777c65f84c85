import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The browser test needs Chromium; it has its own command (`npm run test:browser`).
    exclude: ['test/browser/**'],
    testTimeout: 30_000,
    // vitest's default, a worker per core but one, gives a 2-core machine one worker, while many
    // tests wait on servers, builds or child processes (the crash and follow suites drive whole
    // CLI processes). On CI's 2-core machine (shared, load average 4–8) npm test took 209 s with
    // two workers against 264 s with one, and 369 s against 608 s in an earlier pair. Three
    // workers gained nothing on the idle machine: 582 s against 564 s with two (2026-12-02).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Records every answer of the adapter's tests and checks it against the OpenAPI document.
    setupFiles: ['test/helpers/openapi-response-hook.ts'],
    // One `initdb` per run for the PostgreSQL suites' servers, copied for each of them.
    globalSetup: ['test/helpers/postgres-template-setup.ts'],
    benchmark: {
      include: ['bench/**/*.bench.ts'],
    },
  },
});
