import fc from 'fast-check';
import { PROPERTY_RUNS } from './property-runs.js';

/**
 * Run settings of every series property: 1,000 runs (fewer only under the mutation run, see
 * `property-runs.ts`), and a time cap so that shrinking a failure over hundreds of samples ends
 * and reports the counterexample found so far. The cap counts as a failure (never as a silent
 * pass with fewer runs). A passing file takes a few seconds; under a mutation run, where every
 * statement also records its coverage, a property can take ten times as long, so the cap is 2
 * minutes (vitest's own `testTimeout` may end a plain run earlier).
 */
export const SERIES_RUNS: fc.Parameters<unknown> = {
  numRuns: PROPERTY_RUNS,
  plugins: [fc.interruptAfterTimeLimit(120_000, { failOnInterrupt: true })],
};
