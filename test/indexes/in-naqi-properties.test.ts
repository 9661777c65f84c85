import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputArb, naqi } from '../helpers/in-naqi-arbitraries.js';
import {
  NAQI_CLASSES,
  NAQI_INDEX_RANGES,
  NAQI_LEVELS,
  NAQI_POLLUTANTS,
  naqiOracle,
  oracleLevel,
} from '../helpers/in-naqi-oracle.js';
import { EPS, oracleDominant } from '../helpers/national-oracle-common.js';

// Properties of IN_NAQI (world-indexes.md §6), 1,000 runs each: expected values come from the
// oracle in test/helpers and the rules of §6, never from src's tables.

const RUNS = { numRuns: 1000 };

describe('IN_NAQI properties', () => {
  const presentArb = inputArb.filter((input) => naqiOracle(input) !== null);

  it('is monotone non-decreasing in each pollutant', () => {
    fc.assert(
      fc.property(
        presentArb,
        fc.constantFrom(...NAQI_POLLUTANTS),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (input, pollutant, increase) => {
          fc.pre(input[pollutant] !== undefined);
          const higher = { ...input, [pollutant]: Math.max(input[pollutant]!, 0) + increase };
          expect(naqi(higher).value!).toBeGreaterThanOrEqual(naqi(input).value!);
          expect(naqi(higher).subIndexes[pollutant]!).toBeGreaterThanOrEqual(
            naqi(input).subIndexes[pollutant]!,
          );
        },
      ),
      RUNS,
    );
  });

  it('puts the value in its level range, with that level colour', () => {
    fc.assert(
      fc.property(presentArb, (input) => {
        const index = naqi(input);
        const level = oracleLevel(NAQI_LEVELS, index.value!);
        expect(Number.isInteger(index.value)).toBe(true);
        expect([index.level, index.color]).toEqual([level.level, level.color]);
      }),
      RUNS,
    );
  });

  it('names the argmax of the sub-indexes as dominant, ties in the §1 order', () => {
    fc.assert(
      fc.property(presentArb, (input) => {
        const index = naqi(input);
        expect(index.dominantPollutant).toBe(oracleDominant(index.subIndexes));
        expect(index.subIndexes[index.dominantPollutant!]).toBe(index.value);
      }),
      RUNS,
    );
  });

  it('is no data below the minimum: fewer than 3 pollutants, or no PM25 and no PM10', () => {
    const badArb = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    // Absent markers on the missing keys do not count towards the minimum.
    const shortArb = fc.oneof(
      fc.tuple(inputArb, badArb).map(([input, bad]) => {
        const kept = Object.entries(input).slice(0, 2);
        return {
          ...Object.fromEntries(NAQI_POLLUTANTS.map((p) => [p, bad])),
          ...Object.fromEntries(kept),
        };
      }),
      fc.tuple(inputArb, badArb).map(([input, bad]) => ({ ...input, PM25: bad, PM10: bad })),
    );
    fc.assert(
      fc.property(shortArb, (input) => {
        expect(naqiOracle(input)).toBeNull();
        const index = naqi(input);
        expect(index).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
        expect(index.dominantPollutant).toBeNull();
      }),
      RUNS,
    );
    expect(naqi({}).value).toBeNull();
  });

  it('reads CO in mg/m³ × 1000: any tenth of a mg/m³ lands on its printed class', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (tenths) => {
        const mg = tenths / 10;
        const co = naqi({ CO: mg * 1000, PM25: 0, PM10: 0 }).subIndexes.CO!;
        // The printed class of mg and its formula, in mg/m³.
        const classes = NAQI_CLASSES.CO!;
        const k = classes.findIndex(([lo, hi]) => lo - EPS <= mg && mg <= hi + EPS);
        const row = k < 0 ? classes.length - 1 : k;
        const [bLo, bHi] = classes[row]!;
        const [iLo, iHi] = NAQI_INDEX_RANGES[row]!;
        expect(co).toBe(Math.floor(((iHi - iLo) / (bHi - bLo)) * (mg - bLo) + iLo + 0.5 + EPS));
      }),
      RUNS,
    );
  });

  it('counts a negative value as 0 and ignores NaN, ±Infinity, non-numbers and other keys', () => {
    const base = { PM25: 45, NO2: 10, SO2: 10 };
    expect(naqi({ ...base, O3: -5 }).subIndexes.O3).toBe(0);
    const noisy = { ...base, CO: Number.NaN, PM10: Number.NEGATIVE_INFINITY, HUMIDITY: 80 };
    expect(naqi(noisy)).toEqual(naqi(base));
    expect(naqi({ PM25: 45, NO2: 10, SO2: '10' as unknown as number }).value).toBeNull();
  });
});
