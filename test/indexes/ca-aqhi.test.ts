import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { INDEX_DEFINITIONS } from '../../src/indexes/index-definitions.js';
import {
  AQHI_LEVELS,
  aqhiFromPpb,
  aqhiOracle,
  aqhiShownTerm,
  oraclePpb,
  oracleUgm3,
} from '../helpers/ca-aqhi-oracle.js';
import { expectLevelList, oracleLevel } from '../helpers/in-naqi-oracle.js';
import { oracleDominant } from '../helpers/national-oracle-common.js';

// Expected values come from world-indexes.md §8 (the worked table, transcribed below) and from
// the oracle in test/helpers, never from src's formula.

const RUNS = { numRuns: 1000 };
type Input = Record<string, number>;
const POLLUTANTS = ['O3', 'NO2', 'PM25'] as const;

const aqhi = (concentrations: Input) => computeIndex(concentrations, { indexType: 'CA_AQHI' });

// Concentrations in µg/m³: the usual range, episodes far above it, negatives, absurd values.
const concentrationArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 300_000 }).map((t) => t / 1000) },
  { weight: 2, arbitrary: fc.double({ min: 300, max: 3000, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: -50, max: 0, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1e12, noNaN: true }) },
);
const inputArb: fc.Arbitrary<Input> = fc.record({
  O3: concentrationArb,
  NO2: concentrationArb,
  PM25: concentrationArb,
});

function expectOracle(concentrations: Input): void {
  const index = aqhi(concentrations);
  const expected = aqhiOracle(concentrations)!;
  const level = oracleLevel(AQHI_LEVELS, expected.value);
  expect(index.value).toBe(expected.value);
  expect([index.level, index.color]).toEqual([level.level, level.color]);
  expect(index.dominantPollutant).toBe(expected.dominantPollutant);
  for (const pollutant of POLLUTANTS) {
    const term = Math.min(expected.terms[pollutant]!, Number.MAX_VALUE);
    const shown = term >= Number.MAX_VALUE / 100 ? term : aqhiShownTerm(term);
    expect(index.subIndexes[pollutant]).toBe(shown);
  }
}

describe('CA_AQHI: every worked example of world-indexes.md §8', () => {
  it.each<[Input, string, string, number, string, string]>([
    [{ O3: 60, NO2: 20, PM25: 8 }, '30.56 / 10.63', '2.861', 3, 'LOW', 'O3'],
    [{ O3: 80, NO2: 40, PM25: 15 }, '40.75 / 21.26', '4.629', 5, 'MODERATE', 'O3'],
    [{ O3: 120, NO2: 60, PM25: 35 }, '61.13 / 31.89', '7.570', 8, 'HIGH', 'O3'],
    [{ O3: 100, NO2: 80, PM25: 100 }, '50.94 / 42.52', '11.093', 11, 'VERY_HIGH', 'PM25'],
    [{ O3: 60, NO2: 40, PM25: 200 }, '30.56 / 21.26', '13.225', 13, 'VERY_HIGH', 'PM25'],
    [{ O3: 0, NO2: 0, PM25: 0 }, '0.00 / 0.00', '0.000', 1, 'LOW', 'PM25'],
  ])(
    '%j (ppb %s, raw %s) → %d %s, dominant %s',
    (concentrations, ppb, raw, value, level, dominant) => {
      const ppbO3 = oraclePpb('O3', concentrations.O3!).toFixed(2);
      const ppbNo2 = oraclePpb('NO2', concentrations.NO2!).toFixed(2);
      expect(`${ppbO3} / ${ppbNo2}`).toBe(ppb);
      expect(aqhiOracle(concentrations)!.raw.toFixed(3)).toBe(raw);
      const index = aqhi(concentrations);
      const { color } = oracleLevel(AQHI_LEVELS, value);
      expect(index).toMatchObject({ name: 'CA_AQHI', value, level, color });
      expect(index.dominantPollutant).toBe(dominant);
    },
  );

  it('O3 60, PM25 8 without NO2 is no data', () => {
    const index = aqhi({ O3: 60, PM25: 8 });
    expect(index).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
    expect(index.dominantPollutant).toBeNull();
    expect(aqhiOracle({ O3: 60, PM25: 8 })).toBeNull();
  });
});

describe('CA_AQHI: the scale', () => {
  it('has one edition, 2008, and rejects any other', () => {
    expect(INDEX_DEFINITIONS.CA_AQHI.editions).toEqual(['2008']);
    const input = { O3: 60, NO2: 20, PM25: 8 };
    expect(computeIndex(input, { indexType: 'CA_AQHI', edition: '2008' }).value).toBe(3);
    expect(() => computeIndex(input, { indexType: 'CA_AQHI', edition: '2015' as never })).toThrow(
      RangeError,
    );
  });

  it('lists one level entry per value 1 … 10 and an open one from 11, with the §8 colours', () => {
    const levels = INDEX_DEFINITIONS.CA_AQHI.levels;
    expectLevelList(levels, AQHI_LEVELS);
    expect(INDEX_DEFINITIONS.CA_AQHI.levelBounds).toBe('lower-inclusive');
    const pl = computeIndex({ O3: 60, NO2: 20, PM25: 8 }, { indexType: 'CA_AQHI', language: 'pl' });
    expect(pl.description).toBe(levels[2]!.description.pl);
  });

  it('shows each term × 10/10.4 × 100 rounded to 2 decimals as the sub-index', () => {
    const index = aqhi({ O3: 60, NO2: 20, PM25: 8 });
    expect(index.subIndexes).toEqual({ PM25: 0.38, O3: 1.59, NO2: 0.89 });
  });
});

describe('CA_AQHI agrees with the oracle', () => {
  it('on and ±0.01 µg/m³ around every rounding edge (raw k + 0.5) of each pollutant', () => {
    const beta = { O3: 0.000537, NO2: 0.000871, PM25: 0.000487 };
    for (const pollutant of POLLUTANTS) {
      for (let k = 0; k <= 12; k++) {
        // The amount (ppb or µg/m³) whose term alone makes raw k + 0.5.
        const amount = Math.log(1 + (k + 0.5) / ((10 / 10.4) * 100)) / beta[pollutant];
        const ugm3 = pollutant === 'PM25' ? amount : oracleUgm3(pollutant, amount);
        for (const offset of [0, -0.01, 0.01]) {
          expectOracle({ O3: 0, NO2: 0, PM25: 0, [pollutant]: ugm3 + offset });
        }
        expect(aqhi({ O3: 0, NO2: 0, PM25: 0, [pollutant]: ugm3 - 0.01 }).value).toBe(
          Math.max(k, 1),
        );
        expect(aqhi({ O3: 0, NO2: 0, PM25: 0, [pollutant]: ugm3 + 0.01 }).value).toBe(k + 1);
      }
    }
  });

  it('for any concentrations (value, level, colour, dominant, sub-indexes)', () => {
    fc.assert(
      fc.property(inputArb, (input) => expectOracle(input)),
      RUNS,
    );
  });
});

describe('CA_AQHI properties', () => {
  it('is monotone non-decreasing in each pollutant', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.constantFrom(...POLLUTANTS),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (input, pollutant, increase) => {
          const higher = { ...input, [pollutant]: Math.max(input[pollutant]!, 0) + increase };
          expect(aqhi(higher).value!).toBeGreaterThanOrEqual(aqhi(input).value!);
        },
      ),
      RUNS,
    );
  });

  it('is at least 1, uncapped above 10, and in its level range with that level colour', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const index = aqhi(input);
        const raw = aqhiOracle(input)!.raw;
        const level = oracleLevel(AQHI_LEVELS, index.value!);
        expect(index.value!).toBeGreaterThanOrEqual(1);
        if (raw >= 11 && raw < 1e6) expect(index.value).toBe(Math.round(raw));
        expect([index.level, index.color]).toEqual([level.level, level.color]);
      }),
      RUNS,
    );
  });

  it('names the largest term as dominant (ties PM25, O3, NO2) and its sub-index is the largest', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const index = aqhi(input);
        expect(index.dominantPollutant).toBe(aqhiOracle(input)!.dominantPollutant);
        const top = Math.max(...Object.values(index.subIndexes));
        expect(index.subIndexes[index.dominantPollutant!]).toBe(top);
      }),
      RUNS,
    );
    // An exact tie of all three terms goes to PM25 by the §1 order.
    expect(oracleDominant({ O3: 0, NO2: 0, PM25: 0 })).toBe('PM25');
  });

  it('shows sub-indexes that add up to the raw value within their rounding', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const raw = aqhiOracle(input)!.raw;
        fc.pre(raw < 1e6);
        const sum = Object.values(aqhi(input).subIndexes).reduce((a, b) => a + b, 0);
        expect(Math.abs(sum - raw)).toBeLessThanOrEqual(0.015 + raw * 1e-12);
      }),
      RUNS,
    );
  });

  it('is no data unless O3, NO2 and PM25 are all present', () => {
    const absentArb = fc.constantFrom(
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      undefined,
    );
    fc.assert(
      fc.property(
        inputArb,
        fc.subarray([...POLLUTANTS], { minLength: 1 }),
        absentArb,
        (input, missing, absent) => {
          const partial: Record<string, number | undefined> = { ...input };
          for (const pollutant of missing) partial[pollutant] = absent;
          const index = aqhi(partial as Input);
          expect(index).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
          expect(index.dominantPollutant).toBeNull();
        },
      ),
      RUNS,
    );
  });

  it('converts O3 and NO2 to ppb at 25 °C without truncating: ppb → µg/m³ → AQHI round trip', () => {
    const ppbArb = fc.integer({ min: 0, max: 400_000 }).map((t) => t / 1000);
    fc.assert(
      fc.property(ppbArb, ppbArb, fc.integer({ min: 0, max: 300_000 }), (o3Ppb, no2Ppb, pm) => {
        const pm25 = pm / 1000;
        const expected = aqhiFromPpb(o3Ppb, no2Ppb, pm25);
        // Not on a rounding edge, where the conversion's last bit could tip the rounding.
        fc.pre(Math.abs((expected.raw % 1) - 0.5) > 1e-9);
        const index = aqhi({
          O3: oracleUgm3('O3', o3Ppb),
          NO2: oracleUgm3('NO2', no2Ppb),
          PM25: pm25,
        });
        expect(index.value).toBe(expected.value);
        expect(oraclePpb('O3', oracleUgm3('O3', o3Ppb))).toBeCloseTo(o3Ppb, 9);
      }),
      RUNS,
    );
    // A fractional ppb counts as it is: O3 30.56 ppb and 30.99 ppb give different terms.
    expect(aqhi({ O3: oracleUgm3('O3', 30.99), NO2: 0, PM25: 0 }).subIndexes.O3).toBe(1.61);
    expect(aqhi({ O3: oracleUgm3('O3', 30), NO2: 0, PM25: 0 }).subIndexes.O3).toBe(1.56);
  });
});
