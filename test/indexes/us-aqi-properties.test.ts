import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { INDEX_DEFINITIONS } from '../../src/indexes/index-definitions.js';
import { TIE_ORDER } from '../helpers/national-oracle-common.js';
import {
  alone,
  belowSplit,
  breakpointsUgm3,
  editionArb,
  inputArb,
  inputKeyArb,
  inputsArb,
  ozoneFallbackApplies,
} from '../helpers/us-aqi-arbitraries.js';
import type { Inputs } from '../helpers/us-aqi-checks.js';
import { usAqiOracle } from '../helpers/us-aqi-oracle.js';
import {
  US_EDITIONS,
  US_INPUTS,
  type UsEdition,
  type UsInput,
  usRows,
  usStepAqi,
  usSteps,
  usUgm3FromSteps,
} from '../helpers/us-aqi-tables.js';

// Properties of US_AQI (world-indexes.md §3) against the oracle in test/helpers, 1,000 runs
// each; the inputs they draw are in test/helpers/us-aqi-arbitraries.ts.

const RUNS = { numRuns: 1000 };

function usAqi(concentrations: Inputs, edition: UsEdition, language: 'en' | 'pl' = 'en') {
  return computeIndex(concentrations, { indexType: 'US_AQI', edition, language });
}

describe('US_AQI: properties', () => {
  it('agrees with the oracle: value, level, colour, dominant pollutant, sub-indexes', () => {
    fc.assert(
      fc.property(inputsArb, editionArb, (concentrations, edition) => {
        expect(usAqi(concentrations, edition)).toMatchObject(usAqiOracle(concentrations, edition));
      }),
      RUNS,
    );
  });

  it('is monotone non-decreasing in each input', () => {
    const changeArb = inputKeyArb.chain((key) =>
      fc.tuple(fc.constant(key), inputArb(key), inputArb(key)),
    );
    fc.assert(
      fc.property(inputsArb, changeArb, editionArb, (concentrations, [key, x, y], edition) => {
        const lower = { ...concentrations, [key]: Math.min(x, y) };
        const higher = { ...concentrations, [key]: Math.max(x, y) };
        fc.pre(!ozoneFallbackApplies(lower) && !ozoneFallbackApplies(higher));
        const a = usAqi(lower, edition);
        const b = usAqi(higher, edition);
        expect(b.value ?? -1).toBeGreaterThanOrEqual(a.value ?? -1);
        const primary = key.replace(/_.*/, '');
        expect(b.subIndexes[primary] ?? -1).toBeGreaterThanOrEqual(a.subIndexes[primary] ?? -1);
      }),
      RUNS,
    );
  });

  it('gives an integer inside its level range, in that level colour', () => {
    const levels = INDEX_DEFINITIONS.US_AQI.levels;
    fc.assert(
      fc.property(inputsArb, editionArb, (concentrations, edition) => {
        const index = usAqi(concentrations, edition);
        fc.pre(index.value !== null);
        const level = levels.find((l) => l.level === index.level)!;
        expect(Number.isInteger(index.value)).toBe(true);
        expect(index.value).toBeGreaterThanOrEqual(level.minValue);
        expect(index.value).toBeLessThanOrEqual(level.maxValue ?? Number.POSITIVE_INFINITY);
        expect(index.color).toBe(level.color);
      }),
      RUNS,
    );
  });

  it('names the argmax of the sub-indexes as dominant, ties in the order PM25 … CO', () => {
    fc.assert(
      fc.property(inputsArb, editionArb, (concentrations, edition) => {
        const { value, subIndexes, dominantPollutant } = usAqi(concentrations, edition);
        const present = TIE_ORDER.filter((p) => subIndexes[p] !== undefined);
        if (present.length === 0) {
          // No `return expect(…)`: fast-check fails a property whose body returns anything but
          // undefined or true, and vitest's assertion object is neither.
          expect(dominantPollutant).toBeNull();
          return;
        }
        const highest = Math.max(...present.map((p) => subIndexes[p]!));
        const known: readonly string[] = TIE_ORDER;
        expect(Object.keys(subIndexes).every((p) => known.includes(p))).toBe(true);
        expect(value).toBe(highest);
        expect(dominantPollutant).toBe(present.find((p) => subIndexes[p] === highest));
      }),
      RUNS,
    );
  });

  it.each(US_EDITIONS.flatMap((edition) => US_INPUTS.map((input) => [edition, input] as const)))(
    '%s %s: exactly on every breakpoint and 0.01 µg/m³ either side',
    (edition, input) => {
      for (const row of usRows(edition, input)) {
        for (const [steps, aqi] of [
          [row.lo, row.iLo],
          [row.hi, row.iHi],
        ] as const) {
          const on = usUgm3FromSteps(input, steps);
          const primary = input.replace(/_.*/, '');
          expect(usAqi(alone(input, on), edition).subIndexes[primary]).toBe(aqi);
          for (const c of [on - 0.01, on, on + 0.01]) {
            const concentrations = alone(input, Math.max(c, 0));
            expect(usAqi(concentrations, edition)).toMatchObject(
              usAqiOracle(concentrations, edition),
            );
          }
        }
      }
    },
  );

  it('agrees with the oracle anywhere within 0.01 µg/m³ of a breakpoint', () => {
    fc.assert(
      fc.property(
        editionArb,
        inputKeyArb,
        fc.nat(),
        fc.double({ min: -0.01, max: 0.01, noNaN: true }),
        (edition, input, pick, offset) => {
          const points = breakpointsUgm3(input);
          const c = Math.max(points[pick % points.length]! + offset, 0);
          const concentrations = alone(input, c);
          expect(usAqi(concentrations, edition)).toMatchObject(
            usAqiOracle(concentrations, edition),
          );
        },
      ),
      RUNS,
    );
  });

  it('round-trips the unit conversion: the µg/m³ of a table value lands on that value', () => {
    fc.assert(
      fc.property(editionArb, inputKeyArb, fc.nat(), (edition, input, n) => {
        const rows = usRows(edition, input);
        // 1-h SO2 ends at 304 ppb (above it the 24-h rules apply); the others extrapolate.
        const top = input === 'SO2' ? rows.at(-1)!.hi : 2 * rows.at(-1)!.hi;
        const steps = rows[0]!.lo + (n % (top + 1 - rows[0]!.lo));
        const ugm3 = usUgm3FromSteps(input, steps);
        expect(usSteps(input, ugm3)).toBe(steps);
        const primary = input.replace(/_.*/, '');
        expect(usAqi(alone(input, ugm3), edition).subIndexes[primary]).toBe(usStepAqi(rows, steps));
      }),
      RUNS,
    );
  });

  it('is no data when nothing it counts is present', () => {
    const absentArb = fc.oneof(
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(
        fc.record({
          PM25: absentArb,
          NO2: absentArb,
          SO2_24H: fc.option(inputArb('SO2_24H'), { nil: undefined }),
          // Below 0.125 ppm, a 1-h O3 value alone counts for nothing.
          O3_1H: fc.option(
            fc.integer({ min: 0, max: 124 }).map((s) => usUgm3FromSteps('O3_1H', s)),
            { nil: undefined },
          ),
          HUMIDITY: fc.double({ noNaN: true }),
        }),
        editionArb,
        (record, edition) => {
          const concentrations = Object.fromEntries(
            Object.entries(record).filter(([, v]) => v !== undefined),
          ) as Inputs;
          expect(usAqi(concentrations, edition, 'pl')).toMatchObject({
            value: null,
            level: 'UNKNOWN',
            color: '#999999',
            dominantPollutant: null,
            subIndexes: {},
          });
        },
      ),
      RUNS,
    );
  });

  it('gives both editions the same answer except on PM25 and the split Hazardous rows', () => {
    fc.assert(
      fc.property(inputsArb, (record) => {
        const { PM25: _, ...concentrations } = record;
        fc.pre(Object.entries(concentrations).every(([k, v]) => belowSplit(k as UsInput, v)));
        expect(usAqi(concentrations, '2012')).toEqual(usAqi(concentrations, '2024'));
      }),
      RUNS,
    );
    // PM25 differs exactly where the two transcribed tables give different values.
    fc.assert(
      fc.property(inputArb('PM25'), (pm25) => {
        const [old, current] = (['2012', '2024'] as const).map((e) => usAqi({ PM25: pm25 }, e));
        const expected = (['2012', '2024'] as const).map((e) => usAqiOracle({ PM25: pm25 }, e));
        expect(old!.value === current!.value).toBe(expected[0]!.value === expected[1]!.value);
      }),
      RUNS,
    );
  });
});
