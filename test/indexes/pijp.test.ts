import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex, computeIndexWithTable } from '../../src/indexes/compute-index.js';
import { PIJP_TABLE, pijpIndexTable } from '../../src/indexes/pijp.js';
import {
  DEFAULT_PIJP_EDITION,
  isPijpEdition,
  PIJP_THRESHOLDS,
  type PijpEdition,
} from '../../src/indexes/pijp-thresholds.js';
import { reportedConcentrationArb } from '../helpers/index-arbitraries.js';
import { giosClassIndex } from '../helpers/index-oracles.js';
import {
  REFERENCE_GIOS_BOUNDS,
  REFERENCE_GIOS_CLASSES,
  REFERENCE_PIJP_EDITIONS,
} from '../helpers/index-reference-tables.js';

const RUNS = { numRuns: 1000 };
// The oracle reads the GIOŚ bounds transcribed in test, not src's PIJP_THRESHOLDS.
const CLASSES = REFERENCE_GIOS_CLASSES;
const BOUNDS = REFERENCE_GIOS_BOUNDS;
const POLLUTANTS = Object.keys(BOUNDS);

// Reported concentrations plus every class bound and its neighbours one thousandth away.
const concentrationNearBoundsArb = fc.oneof(
  reportedConcentrationArb,
  fc
    .tuple(fc.constantFrom(...Object.values(BOUNDS).flat()), fc.constantFrom(-0.001, 0, 0.001))
    .map(([bound, step]) => Math.round((bound + step) * 1000) / 1000),
);

describe('PIJP thresholds', () => {
  it('holds the October 2019 GIOŚ bounds as the default edition', () => {
    expect(DEFAULT_PIJP_EDITION).toBe('2019-10');
    expect(PIJP_THRESHOLDS[DEFAULT_PIJP_EDITION]).toEqual({
      PM10: [20, 50, 80, 110, 150],
      PM25: [13, 35, 55, 75, 110],
      O3: [70, 120, 150, 180, 240],
      NO2: [40, 100, 150, 230, 400],
      SO2: [50, 100, 200, 350, 500],
    });
    expect(PIJP_TABLE.grids.PM25).toEqual([0, 13, 35, 55, 75, 110]);
    expect(PIJP_TABLE.countedPollutants).toEqual(['PM10', 'PM25']);
  });

  it('recognises editions and rejects unknown ones at the boundary', () => {
    expect(isPijpEdition('2019-10')).toBe(true);
    expect(isPijpEdition('2024-01')).toBe(false);
    expect(isPijpEdition('toString')).toBe(false);
    // Only a string names an edition, not a value that prints as one.
    expect(isPijpEdition(['2019-10'])).toBe(false);
    expect(pijpIndexTable('2019-10')).toEqual(PIJP_TABLE);
    expect(() => pijpIndexTable('2024-01' as PijpEdition)).toThrow(
      'pijpIndexTable: edition must be one of 2019-10, got "2024-01"',
    );
  });
});

describe('PIJP level equals the GIOŚ class of the concentration', () => {
  it.each([
    ['PM10', 20, 'VERY_GOOD'],
    ['PM10', 20.001, 'GOOD'],
    ['PM25', 35, 'GOOD'],
    ['PM25', 35.001, 'MODERATE'],
    ['O3', 240, 'BAD'],
    ['NO2', 400.5, 'VERY_BAD'],
    ['SO2', 0, 'VERY_GOOD'],
  ])('%s at %d µg/m³ is %s', (pollutant, concentration, level) => {
    const index = computeIndex(
      { [pollutant]: concentration },
      { indexType: 'PIJP', countedPollutants: [pollutant] },
    );
    expect(index.level).toBe(level);
  });

  it('for one pollutant (brute-force oracle over the threshold table)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...POLLUTANTS), concentrationNearBoundsArb, (pollutant, c) => {
        const index = computeIndex(
          { [pollutant]: c },
          { indexType: 'PIJP', countedPollutants: [pollutant] },
        );
        expect(index.level).toBe(CLASSES[giosClassIndex(BOUNDS[pollutant]!, c)]);
      }),
      RUNS,
    );
  });

  it('for PM10 and PM25 together: the worse of the two classes', () => {
    fc.assert(
      fc.property(concentrationNearBoundsArb, concentrationNearBoundsArb, (pm10, pm25) => {
        const expected = Math.max(
          giosClassIndex(BOUNDS.PM10!, pm10),
          giosClassIndex(BOUNDS.PM25!, pm25),
        );
        const index = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType: 'PIJP' });
        expect(index.level).toBe(CLASSES[expected]);
        // The dominant pollutant is one whose own class is the worse one; PM25 on a tie.
        const classOf = {
          PM10: giosClassIndex(BOUNDS.PM10!, pm10),
          PM25: giosClassIndex(BOUNDS.PM25!, pm25),
        };
        expect(Object.keys(index.subIndexes).sort()).toEqual(['PM10', 'PM25']);
        const dominant = index.dominantPollutant as 'PM10' | 'PM25';
        expect(classOf[dominant]).toBe(expected);
        if (classOf.PM25 > classOf.PM10) expect(dominant).toBe('PM25');
        if (classOf.PM10 > classOf.PM25) expect(dominant).toBe('PM10');
      }),
      RUNS,
    );
  });

  it('computes every edition from its own table, the default when none is named', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REFERENCE_PIJP_EDITIONS),
        concentrationNearBoundsArb,
        concentrationNearBoundsArb,
        (edition, pm10, pm25) => {
          const concentrations = { PM10: pm10, PM25: pm25 };
          const named = computeIndex(concentrations, { indexType: 'PIJP', edition });
          expect(named).toEqual(computeIndexWithTable(pijpIndexTable(edition), concentrations));
          if (edition === REFERENCE_PIJP_EDITIONS[0]) {
            expect(named).toEqual(computeIndex(concentrations, { indexType: 'PIJP' }));
          }
        },
      ),
      RUNS,
    );
  });

  it('maps class bounds onto 0, 1, 3, 5, 7, 10 and continues the last slope', () => {
    expect(computeIndexWithTable(PIJP_TABLE, { PM25: 110 }).value).toBe(10);
    // Above 110 µg/m³ PM2.5 rises 3 index points per 35 µg/m³.
    expect(computeIndexWithTable(PIJP_TABLE, { PM25: 145 }).value).toBe(13);
  });
});
