import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { defineBreakpointIndex } from '../../src/indexes/breakpoint-index.js';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { computeIndexWith } from '../../src/indexes/evaluate-index.js';
import { LEVELS, oracle, type Row, SPEC } from '../helpers/breakpoint-index-oracle.js';
import { concentrationArb } from '../helpers/index-arbitraries.js';
import { RUNS } from '../helpers/property-runs.js';

// A national index defined outside airq, checked against the naive oracle of
// test/helpers/breakpoint-index-oracle.ts, whose tables it is built from.

// Built inside each test, not once at import: the mutation run switches its mutants on only
// while a test runs, so a definition built at import would never meet them.
const harbour = () =>
  defineBreakpointIndex({
    name: 'HARBOUR_AQI',
    levels: LEVELS,
    pollutants: {
      PM25: {
        averagingHours: 24,
        decimals: 0,
        concentrationRounding: 'half-up',
        rows: SPEC.PM25.rows,
      },
      PM10: {
        averagingHours: 24,
        decimals: 1,
        concentrationRounding: 'half-up',
        rows: SPEC.PM10.rows,
      },
      NO2: { averagingHours: 1, unit: 'ppb', decimals: 0, rows: SPEC.NO2.rows },
      CO: {
        averagingHours: 8,
        unit: 'ppm',
        decimals: 1,
        concentrationRounding: 'truncate',
        rows: SPEC.CO.rows,
      },
      NH3: { averagingHours: 24, rows: SPEC.NH3.rows },
    },
  });

describe('defineBreakpointIndex', () => {
  let index: ReturnType<typeof harbour>;
  beforeEach(() => {
    index = harbour();
  });

  it('computes the worked examples', () => {
    // PM25 35.5 → 36 on 21–50: 76.34 → 76; NO2 100 µg/m³ = 53.15 ppb → 53 on 51–150: 51.99 → 52.
    expect(computeIndexWith(index, { PM25: 35.5, NO2: 100 })).toEqual({
      name: 'HARBOUR_AQI',
      value: 76,
      level: 'HAZY',
      description: 'Text.',
      advice: 'Text.',
      color: '#FFFF00',
      dominantPollutant: 'PM25',
      subIndexes: { PM25: 76, NO2: 52 },
    });
    // CO 5000 µg/m³ = 4.364… ppm, cut to 4.3: 48.86 → 49. NH3 300 on 200–400: 75.
    expect(computeIndexWith(index, { CO: 5000, NH3: 300 }).subIndexes).toEqual({ CO: 49, NH3: 75 });
    // PM10 50.05 rounds half up to 50.1, the start of the second row: 51; 50.04 → 50.0: 50.
    expect(computeIndexWith(index, { PM10: 50.05 }).value).toBe(51);
    expect(computeIndexWith(index, { PM10: 50.04 }).value).toBe(50);
    // Above the last row the slope continues: PM25 400 → 101 + 349 = 450.
    expect(computeIndex({ PM25: 400 }, { indexType: index, language: 'pl' })).toMatchObject({
      value: 450,
      level: 'SMOGGY',
    });
    expect(computeIndexWith(index, { TEMPERATURE: 4 })).toMatchObject({
      value: null,
      level: 'UNKNOWN',
    });
  });

  it('agrees with the oracle on any concentrations (property)', () => {
    const concentrationsArb = fc.record(
      {
        PM25: concentrationArb,
        PM10: concentrationArb,
        NO2: concentrationArb,
        CO: concentrationArb,
        NH3: concentrationArb,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(concentrationsArb, (concentrations) => {
        const expected = oracle(concentrations);
        const actual = computeIndexWith(index, concentrations);
        if (expected === undefined) {
          expect(actual.value).toBeNull();
          return;
        }
        expect(actual.value).toBe(expected.value);
        expect(actual.subIndexes).toEqual(expected.subIndexes);
        expect(actual.dominantPollutant).toBe(expected.dominant);
      }),
      RUNS,
    );
  });

  it('rounds sub-indexes up when asked, as the MEE does', () => {
    const up = defineBreakpointIndex({
      name: 'UP',
      levels: LEVELS,
      subIndexRounding: 'up',
      levelBounds: 'upper-inclusive',
      pollutants: { NH3: { averagingHours: 1, rows: SPEC.NH3.rows } },
    });
    expect(up.levelBounds).toBe('upper-inclusive');
    expect(index.levelBounds).toBe('lower-inclusive');
    fc.assert(
      fc.property(concentrationArb, (nh3) => {
        expect(computeIndexWith(up, { NH3: nh3 }).value).toBe(oracle({ NH3: nh3 }, true)!.value);
      }),
      RUNS,
    );
    // 201 on 200–400: 50.25 → 51 (up), 50 (half up).
    expect(computeIndexWith(up, { NH3: 201 }).value).toBe(51);
    expect(computeIndexWith(index, { NH3: 201 }).value).toBe(50);
  });

  it('states its averaging periods and has no editions; everything is frozen', () => {
    expect(index.averagingHours).toEqual({ PM25: 24, PM10: 24, NO2: 1, CO: 8, NH3: 24 });
    expect(index.editions).toEqual([]);
    expect(index.inputs).toEqual(['PM25', 'PM10', 'NO2', 'CO', 'NH3']);
    expect(index.countablePollutants).toBeUndefined();
    for (const part of [index, index.averagingHours, index.editions, index.inputs, index.levels]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
    expect(Object.isFrozen(index.levels[0]!.description)).toBe(true);
    expect(() => computeIndexWith(index, { nh3: 1 } as never)).toThrow(TypeError);
  });

  it('rejects a malformed spec with a message naming the field', () => {
    const fn = 'defineBreakpointIndex';
    const rows: readonly Row[] = [[0, 10, 0, 10]];
    const define =
      (pollutants: unknown, more: object = {}) =>
      () =>
        defineBreakpointIndex({ name: 'X', levels: LEVELS, pollutants, ...more } as never);
    expect(define(null)).toThrow(
      new TypeError(`${fn}: spec.pollutants must be an object, got null`),
    );
    expect(define({ NO2: 3 })).toThrow(
      new TypeError(`${fn}: spec.pollutants.NO2 must be an object, got 3`),
    );
    expect(define({ NO2: { averagingHours: 1, unit: 'mg', rows } })).toThrow(
      new RangeError(`${fn}: spec.pollutants.NO2.unit must be one of ugm3, ppb, ppm, got "mg"`),
    );
    expect(define({ NH3: { averagingHours: 1, unit: 'ppb', rows } })).toThrow(
      new RangeError(
        `${fn}: spec.pollutants.NH3.unit must be ugm3 for NH3, which has no molar mass in airq, got "ppb"`,
      ),
    );
    expect(define({ NO2: { averagingHours: 1, decimals: 0.5, rows } })).toThrow(
      new RangeError(`${fn}: spec.pollutants.NO2.decimals must be an integer, got 0.5`),
    );
    expect(define({ NO2: { averagingHours: 1, concentrationRounding: 'down', rows } })).toThrow(
      new RangeError(
        `${fn}: spec.pollutants.NO2.concentrationRounding must be one of truncate, half-up, got "down"`,
      ),
    );
    expect(define({ NO2: { averagingHours: 1, rows: [] } })).toThrow(
      new TypeError(`${fn}: spec.pollutants.NO2.rows must be a non-empty array, got []`),
    );
    expect(define({ NO2: { averagingHours: 1 } })).toThrow(
      new TypeError(`${fn}: spec.pollutants.NO2.rows must be a non-empty array, got undefined`),
    );
    for (const row of [[0, 10, 0], [0, 10, 0, Number.NaN], 'row', [0, 10, 0, 10, 5]]) {
      expect(define({ NO2: { averagingHours: 1, rows: [[0, 1, 0, 1], row] } })).toThrow(
        `${fn}: spec.pollutants.NO2.rows must hold [cLo, cHi, iLo, iHi] rows of finite numbers`,
      );
    }
    expect(define({ NO2: { averagingHours: 1, rows } }, { subIndexRounding: 'down' })).toThrow(
      new RangeError(`${fn}: spec.subIndexRounding must be one of half-up, up, got "down"`),
    );
    expect(define({ NO2: { averagingHours: 1, unit: 'ppm', rows } })).not.toThrow();
  });
});
