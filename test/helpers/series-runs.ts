import fc from 'fast-check';

/**
 * Run settings of every series property: 1000 runs, and a time cap so that shrinking a failure
 * over hundreds of samples stops after 30 s and reports the counterexample found so far. The
 * cap counts as a failure (never as a silent pass with fewer runs); a passing file takes a few
 * seconds, so only a real failure or a machine slowed down tenfold reaches it.
 */
export const SERIES_RUNS: fc.Parameters<unknown> = {
  numRuns: 1000,
  plugins: [fc.interruptAfterTimeLimit(30_000, { failOnInterrupt: true })],
};
