import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectIndexMatches } from '../helpers/eaqi-oracle.js';
import { concentrationArb } from '../helpers/index-arbitraries.js';
import { referenceLevelOf } from '../helpers/more-indexes-oracle-a.js';
import { oracleDominant } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  THA_POLLUTANTS,
  thaAqi,
  thaConcentrationsArb,
  thaInputFor,
} from '../helpers/tha-aqi-arbitraries.js';
import {
  naiveThaAqi,
  naiveThaAqiSubIndex,
  THA_AQI_REFERENCE_COLUMNS,
  THA_AQI_REFERENCE_LEVELS,
  THA_AQI_REFERENCE_RANGES,
} from '../helpers/tha-aqi-oracle.js';

// Properties of THA_AQI (more-indexes.md §9), 1,000 runs each: expected values come from the
// oracle in test/helpers/tha-aqi-oracle.ts, never from src's tables.

describe('THA_AQI against the naive oracle', () => {
  it('agrees on value, level, colour, dominant pollutant and sub-indexes', () => {
    fc.assert(
      fc.property(thaConcentrationsArb, (concentrations) => {
        expectIndexMatches(thaAqi(concentrations), naiveThaAqi(concentrations));
      }),
      RUNS,
    );
  });

  it('gives every printed value its row end, and a hair either side the neighbouring step', () => {
    for (const [pollutant, { rows, openFrom, decimals }] of Object.entries(
      THA_AQI_REFERENCE_COLUMNS,
    )) {
      const step = 10 ** -decimals;
      const ends: [number, number][] = rows.flatMap(([lo, hi], j) => {
        const [iLo, iHi] = THA_AQI_REFERENCE_RANGES[j]!;
        return [
          [lo, iLo],
          [hi, iHi],
        ] as [number, number][];
      });
      ends.push([openFrom, 201]);
      for (const [x, expected] of ends) {
        expect(thaAqi({ [pollutant]: thaInputFor(pollutant, x) }).value, `${pollutant} ${x}`).toBe(
          expected,
        );
        // Truncation: just above x is still x; just below, one step down (below 0: nothing).
        // The ε of §1 is 1e-9 of a step: 0.5e-9 of a step short still reads as x, 2e-9 not.
        for (const c of [x + 1e-6, x - 1e-6, x - 0.5e-9 * step, x - 2e-9 * step]) {
          if (c < 0) continue;
          const input = { [pollutant]: thaInputFor(pollutant, c) };
          const expectedHere = naiveThaAqiSubIndex(pollutant, thaInputFor(pollutant, c));
          expect(thaAqi(input).value, `${pollutant} ${c}`).toBe(expectedHere);
        }
        expect(naiveThaAqiSubIndex(pollutant, thaInputFor(pollutant, x - 0.5e-9 * step))).toBe(
          expected,
        );
        if (x > 0) {
          expect(naiveThaAqiSubIndex(pollutant, thaInputFor(pollutant, x - 2e-9 * step))).toBe(
            naiveThaAqiSubIndex(pollutant, thaInputFor(pollutant, x - step)),
          );
        }
      }
    }
  });

  it('is monotone non-decreasing in each pollutant', () => {
    const increaseArb = fc.double({ min: 0, max: 5000, noNaN: true });
    fc.assert(
      fc.property(
        thaConcentrationsArb,
        fc.constantFrom(...THA_POLLUTANTS),
        concentrationArb,
        increaseArb,
        (concentrations, pollutant, start, increase) => {
          const lower = { ...concentrations, [pollutant]: start };
          const higher = { ...concentrations, [pollutant]: Math.max(start, 0) + increase };
          expect(thaAqi(higher).value!).toBeGreaterThanOrEqual(thaAqi(lower).value!);
          expect(thaAqi(higher).subIndexes[pollutant]!).toBeGreaterThanOrEqual(
            thaAqi(lower).subIndexes[pollutant]!,
          );
        },
      ),
      RUNS,
    );
  });

  it('shows an integer in its level range with that colour, and names the largest sub-index', () => {
    fc.assert(
      fc.property(thaConcentrationsArb, (concentrations) => {
        const index = thaAqi(concentrations);
        fc.pre(index.value !== null);
        expect(Number.isInteger(index.value)).toBe(true);
        const level = referenceLevelOf(THA_AQI_REFERENCE_LEVELS, index.value!);
        expect([index.level, index.color]).toEqual([level.level, level.color]);
        expect(index.dominantPollutant).toBe(oracleDominant(index.subIndexes));
        expect(index.subIndexes[index.dominantPollutant!]).toBe(index.value);
      }),
      RUNS,
    );
  });
});
