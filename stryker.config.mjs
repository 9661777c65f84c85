// StrykerJS: mutation testing of the computation core (docs/mutation.md).
// `npm run mutate` (scripts/mutate.ts) runs this config once per folder, narrowing `mutate`, so
// each folder gets its own score and its own incremental file; `npx stryker run` alone would
// mutate all seven folders at once.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/time/**/*.ts',
    'src/series/**/*.ts',
    'src/indexes/**/*.ts',
    'src/standards/**/*.ts',
    'src/geo/**/*.ts',
    'src/assessment/**/*.ts',
    'src/corrections/**/*.ts',
    // Barrels only re-export: nothing in them can be mutated into a different result.
    '!src/*/index.ts',
  ],
  // Each mutant runs only the tests that reached it in the dry run.
  coverageAnalysis: 'perTest',
  // Static mutants (frozen tables, module-level constants) would rerun the whole suite per
  // mutant; the golden tests check those tables against their cited sources instead.
  ignoreStatic: true,
  // Two cores, shared: never more than two test workers.
  concurrency: 2,
  timeoutMS: 10_000,
  // The first, instrumented run of the series and geo tests takes minutes on a busy machine.
  dryRunTimeoutMinutes: 20,
  timeoutFactor: 2,
  thresholds: { high: 95, low: 90, break: 90 },
  // Write the incremental file on every run. `npm run mutate` sets the file per folder (committed
  // in test/mutation/ for the folders CI checks) and `force` unless given --incremental, which
  // reuses the results of mutants whose code and covering tests did not change since.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  // Not needed by the tests above: kept out of the sandbox copy.
  ignorePatterns: ['bench', 'docs', 'dist', 'coverage', 'reports', 'test/browser', 'test/mutation'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  cleanTempDir: 'always',
};
