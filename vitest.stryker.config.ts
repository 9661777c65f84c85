import { configDefaults, defineConfig } from 'vitest/config';

// The test folders StrykerJS runs against each mutant (stryker.config.mjs). Only the tests of the
// computation core: the HTTP, payload and store suites also call into it, but each of their files
// starts servers or stores, which would make every mutant run slow without checking the core any
// closer than its own tests do. `npm run mutate` narrows this further per folder (Stryker's
// `testFiles`, set by scripts/mutate.ts); the full list serves `npx stryker run`.
export default defineConfig({
  test: {
    include: [
      'test/time/**/*.test.ts',
      'test/series/**/*.test.ts',
      'test/indexes/**/*.test.ts',
      'test/standards/**/*.test.ts',
      'test/geo/**/*.test.ts',
      'test/averaging/**/*.test.ts',
      'test/assessment/**/*.test.ts',
      'test/corrections/**/*.test.ts',
    ],
    // These check the public types and the bundle size, not behaviour: the instrumented sandbox
    // code has neither the project's types nor its size, and kills no mutant either way.
    exclude: [
      ...configDefaults.exclude,
      'test/indexes/index-types.test.ts',
      'test/indexes/small-bundle.test.ts',
    ],
    testTimeout: 60_000,
    // The same fast-check seed in every run, so that the incremental runs reuse what they can.
    setupFiles: ['test/helpers/mutation-seed.ts'],
  },
});
