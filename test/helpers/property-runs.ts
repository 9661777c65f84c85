// How many cases each fast-check property runs: 1,000 in the normal suite, fewer only under the
// mutation run (docs/mutation.md).
//
// The one switch is the environment variable AIRQ_MUTATION_PROPERTY_RUNS, which
// scripts/mutate.ts sets for StrykerJS and nothing else does. StrykerJS reruns the covering
// tests once per mutant, so a folder with hundreds of mutants and brute-force oracles would run
// for hours at 1,000 cases per property. Fewer cases can only let a mutant survive that more
// cases would have caught: the mutation score can only go down, never up, so a score measured
// with the switch on is a lower bound of the score at 1,000.
//
// Under the switch, a failing property also stops at its first counterexample instead of
// shrinking it (fast-check's `endOnFailure`): the mutation run only needs "failed", and
// shrinking reruns the property on hundreds of smaller inputs, which turned killed mutants
// into slow timeouts. The normal suite keeps shrinking, for the person reading the failure.
//
// The switch cannot raise the count above 1,000 or lower it silently: a value that is not a
// whole number from 1 to 1,000 stops the suite at import with a message naming it.

/** The number of cases per property in the normal suite (`npm test`). */
export const FULL_PROPERTY_RUNS = 1000;

/** The environment variable that lowers the count; set only by `scripts/mutate.ts`. */
export const PROPERTY_RUNS_VARIABLE = 'AIRQ_MUTATION_PROPERTY_RUNS';

/**
 * Reads the count from a variable's text: `undefined` (unset) gives 1,000; otherwise the text
 * must be a whole number from 1 to 1,000. Exported for its own test.
 *
 * @example propertyRunsFrom(undefined); // → 1000
 * @example propertyRunsFrom('100'); // → 100
 */
export function propertyRunsFrom(text: string | undefined): number {
  if (text === undefined) return FULL_PROPERTY_RUNS;
  const runs = /^[1-9][0-9]{0,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(runs >= 1 && runs <= FULL_PROPERTY_RUNS)) {
    throw new RangeError(
      `property-runs: ${PROPERTY_RUNS_VARIABLE} must be a whole number from 1 to ${FULL_PROPERTY_RUNS}, got ${JSON.stringify(text)}`,
    );
  }
  return runs;
}

/** Whether this process runs under the mutation run's switch. */
export const MUTATION_RUN: boolean = process.env[PROPERTY_RUNS_VARIABLE] !== undefined;

/** Cases per property for this process: 1,000 unless the mutation run lowered it. */
export const PROPERTY_RUNS: number = propertyRunsFrom(process.env[PROPERTY_RUNS_VARIABLE]);

/**
 * fast-check parameters for `fc.assert(property, RUNS)`: that count, and no shrinking under
 * the mutation run.
 */
export const RUNS: Readonly<{ numRuns: number; endOnFailure?: true }> = Object.freeze(
  MUTATION_RUN ? { numRuns: PROPERTY_RUNS, endOnFailure: true } : { numRuns: PROPERTY_RUNS },
);
