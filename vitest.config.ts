import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files that change what other files would see if they shared a module graph with them: a
// `vi.mock` of a module that other files import (a graph that already holds the real module
// never sees the mock). They run in a fresh graph each, as vitest does by default.
const ISOLATED_FILES = ['test/store/postgres/postgres-refresh-corrections.test.ts'];

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          // The browser test needs Chromium; it has its own command (`npm run test:browser`).
          exclude: ['test/browser/**', ...ISOLATED_FILES],
          // A worker keeps the modules it loaded from one file to the next instead of loading
          // the whole graph again for each of the 378 files: npm test took 266 s on the idle
          // 2-core machine, where CI's last runs with a fresh graph per file took 522–613 s, and
          // module loading 19 s of worker time against 130 s (2026-12-02).
          // The pure modules hold no state, and the files restore what they change (spies,
          // timers, environment variables) in their own hooks.
          isolate: false,
          // In one project only, so that `npm run bench` runs each benchmark once.
          benchmark: { include: ['bench/**/*.bench.ts'] },
        },
      },
      {
        extends: true,
        // No benchmarks here (vitest's default would take every *.bench.ts a second time).
        test: { name: 'isolated', include: ISOLATED_FILES, benchmark: { exclude: ['**'] } },
      },
    ],
  },
});
