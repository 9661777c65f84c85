import fc from 'fast-check';

// The StrykerJS runs (vitest.stryker.config.ts) give every fast-check property the same seed.
// StrykerJS keeps, for each surviving or timed-out mutant, the tests that reached it in the
// baseline's first run, and tests the mutant again when a test reaches it that did not then.
// With a seed drawn afresh each run, a property reaches different code each time, so CI's
// incremental run tested some 30 unchanged mutants again on every run (minutes of timeouts).
// One seed makes the first run's coverage, and so the reused results, the same every time;
// the normal suite (`npm test`) keeps drawing a new seed per run.
fc.configureGlobal({ seed: 20_261_202 });
