import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.stryker.config';

// The StrykerJS run of src/trends (`npm run mutate -- trends`, docs/mutation.md). The shared
// config lists only the test folders of the other plans, so this one adds test/trends, less two
// files whose cost buys no killed mutant:
// - process-time-zone.test.ts runs src/trends in child processes under five TZ values (10 s). A
//   child loads the sandbox's code with no mutant switched on and reports no coverage, so the
//   test reaches no mutant; it would only lengthen the instrumented first run.
// - pair-slope-limit.test.ts computes the pair slopes of 5,000 and 3,000 values (9 s, several
//   times that instrumented), and would run again for every mutant of the pair methods it
//   reaches. pair-slope-count.test.ts checks the same limits at their boundary without
//   computing the slopes.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      // mergeConfig appends these to the shared lists.
      include: ['test/trends/**/*.test.ts'],
      exclude: ['test/trends/process-time-zone.test.ts', 'test/trends/pair-slope-limit.test.ts'],
      // One module graph per run, as for indexes and assessment: the files of test/trends keep
      // no state between them (the tests that replace Intl.DateTimeFormat or spy on it put it
      // back after each test, and those that count the zone formatters load time-zone.ts
      // afresh). The instrumented first run took 8 s instead of 23 s of test/trends.
      isolate: false,
    },
  }),
);
