import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vitest.stryker.config';

// The StrykerJS run of src/assessment (`npm run mutate -- assessment`, docs/mutation.md). Nearly
// every mutant of that folder is reached by tests of several files, and StrykerJS stops at the
// first failing test, so the order of the files decides how many run before a mutant is killed.

// The costliest files under instrumentation run last, in this order: each assesses every standard
// (or years of random hours against the naive oracle) in one test. The others, worked examples
// and building blocks of a few milliseconds, run first.
const LAST = [
  'reasons',
  'metric-heads',
  'boundaries-eu',
  'boundaries-us',
  'boundaries-who',
  'assess-series-capture.properties',
  'assess-series.properties',
];

function costRank(file: TestSpecification): number {
  return LAST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
}

/** The cheap files first (by name), then those of LAST in its order. */
class CheapFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort(
      (a, b) => costRank(a) - costRank(b) || (a.moduleId < b.moduleId ? -1 : 1),
    );
  }
}

export default mergeConfig(
  base,
  defineConfig({
    test: {
      // One module graph per run instead of one per file: the tests of test/assessment keep no
      // state between files (no mocks, no globals), and the files reached by a mutant are
      // imported in a third less time (docs/mutation.md).
      isolate: false,
      sequence: { sequencer: CheapFilesFirst },
    },
  }),
);
