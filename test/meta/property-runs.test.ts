import { describe, expect, it } from 'vitest';
import {
  FULL_PROPERTY_RUNS,
  PROPERTY_RUNS,
  PROPERTY_RUNS_VARIABLE,
  propertyRunsFrom,
  RUNS,
} from '../helpers/property-runs.js';

// The switch that lets the mutation run use fewer fast-check cases (docs/mutation.md) must
// never weaken the normal suite: unset means 1,000, and a value it cannot read stops the run.
describe('property-runs', () => {
  it('runs 1,000 cases when the variable is unset', () => {
    expect(FULL_PROPERTY_RUNS).toBe(1000);
    expect(propertyRunsFrom(undefined)).toBe(1000);
  });

  it('takes a whole number from 1 to 1,000', () => {
    expect(propertyRunsFrom('1')).toBe(1);
    expect(propertyRunsFrom('100')).toBe(100);
    expect(propertyRunsFrom('1000')).toBe(1000);
  });

  it('refuses anything else instead of guessing', () => {
    for (const text of [
      '',
      '0',
      '1001',
      '5000',
      '-5',
      '1.5',
      '1e2',
      ' 100',
      '100 ',
      'abc',
      '0100',
    ]) {
      expect(() => propertyRunsFrom(text), text).toThrow(RangeError);
    }
    expect(() => propertyRunsFrom('x')).toThrow(/AIRQ_MUTATION_PROPERTY_RUNS.*"x"/);
  });

  it('is at 1,000 in the normal suite (only scripts/mutate.ts sets the variable)', () => {
    if (process.env[PROPERTY_RUNS_VARIABLE] === undefined) {
      expect(PROPERTY_RUNS).toBe(1000);
      // Shrinking stays on: a failure in the normal suite is reported at its smallest.
      expect(RUNS).toEqual({ numRuns: 1000 });
    } else {
      expect(PROPERTY_RUNS).toBeLessThanOrEqual(1000);
      expect(RUNS).toEqual({ numRuns: PROPERTY_RUNS, endOnFailure: true });
    }
  });
});
