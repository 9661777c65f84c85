import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import type { Concentrations } from '../../src/indexes/index-definition.js';
import { UK_DAQI_BANDS, UK_DAQI_INDEX, ukDaqiBand } from '../../src/indexes/uk-daqi.js';
import { expectIndexMatches, expectLevelTexts, levelFacts } from '../helpers/eaqi-oracle.js';
import {
  absentValueArb,
  concentrationArb,
  reportedConcentrationArb,
} from '../helpers/index-arbitraries.js';
import { expectNoData, oracleDominant, readInput } from '../helpers/national-oracle-common.js';
import {
  naiveUkDaqi,
  naiveUkDaqiBand,
  UK_DAQI_REFERENCE_POLLUTANTS,
  UK_DAQI_REFERENCE_ROWS,
  ukDaqiReferenceRange,
} from '../helpers/uk-daqi-oracle.js';

// Expected values come from the §5 table transcribed in test/helpers/uk-daqi-oracle.ts and its
// naive DAQI, never from src's bands.

const RUNS = { numRuns: 1000 };
const pollutantArb = fc.constantFrom(...UK_DAQI_REFERENCE_POLLUTANTS);
// Every printed range end, each a band bound.
const RANGE_ENDS = UK_DAQI_REFERENCE_ROWS.flatMap((r) =>
  r.ranges.flat().filter((end) => Number.isFinite(end)),
);
// Values the oracle's Math.round reads as the reference does: at most 3 decimals (so never
// within 1e-9 of a half without being one), integers up to past band 10, bounds, absent ones.
const valueArb = fc.oneof(
  { weight: 3, arbitrary: reportedConcentrationArb },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 1200 }) },
  { weight: 2, arbitrary: fc.constantFrom(...RANGE_ENDS).map((end) => end + 0.5) },
  { weight: 1, arbitrary: fc.integer({ min: -50, max: -1 }) },
  { weight: 1, arbitrary: absentValueArb },
);
const concentrationsArb = fc.record(
  { O3: valueArb, NO2: valueArb, SO2: valueArb, PM25: valueArb, PM10: valueArb, CO: valueArb },
  { requiredKeys: [] },
);

function daqi(concentrations: Concentrations, language?: 'en' | 'pl') {
  return computeIndex(concentrations, { indexType: 'UK_DAQI', language });
}

describe('UK_DAQI: the worked examples of world-indexes.md §5', () => {
  it.each<[Record<string, number>, number, string, string]>([
    [{ NO2: 200.4 }, 3, 'LOW', 'NO2'],
    [{ NO2: 200.5 }, 4, 'MODERATE', 'NO2'],
    [{ O3: 121 }, 5, 'MODERATE', 'O3'],
    [{ PM25: 70.5 }, 10, 'VERY_HIGH', 'PM25'],
    [{ PM10: 100, PM25: 64 }, 9, 'HIGH', 'PM10'],
    [{ SO2: 1064 }, 9, 'HIGH', 'SO2'],
  ])('%o → %d %s, dominant %s', (input, value, level, dominant) => {
    const index = daqi(input);
    expect(index).toMatchObject({ name: 'UK_DAQI', value, level, dominantPollutant: dominant });
    expect(index.color).toBe(UK_DAQI_REFERENCE_ROWS[value - 1]!.color);
  });

  it('reads PM10 100 as band 9 and PM25 64 as band 8', () => {
    expect(daqi({ PM10: 100, PM25: 64 }).subIndexes).toEqual({ PM10: 9, PM25: 8 });
  });

  it('rounds float-safely: an 8-h mean of exactly 120.5 that floats print as 120.49999999999999', () => {
    const hours = [79.7, 78.1, 144.5, 42.8, 198.2, 73.3, 190, 157.4];
    const mean = hours.reduce((a, b) => a + b, 0) / hours.length;
    expect(mean).toBe(120.49999999999999);
    expect(daqi({ O3: mean })).toMatchObject({ value: 5, level: 'MODERATE', color: '#FFCF00' });
  });

  it('keeps band 10 open', () => {
    expect(daqi({ SO2: 1e9 })).toMatchObject({ value: 10, level: 'VERY_HIGH', color: '#CE30FF' });
  });

  it('speaks Polish when asked', () => {
    expect(daqi({ O3: 121 }, 'pl').description).toBe('Umiarkowane zanieczyszczenie powietrza.');
  });
});

describe('UK_DAQI tables', () => {
  it('holds the §5 band bounds', () => {
    for (const pollutant of UK_DAQI_REFERENCE_POLLUTANTS) {
      const uppers = UK_DAQI_REFERENCE_ROWS.slice(0, 9).map(
        (r) => ukDaqiReferenceRange(r.band, pollutant)[1],
      );
      expect(UK_DAQI_BANDS[pollutant]).toEqual(uppers);
    }
    expect(Object.isFrozen(UK_DAQI_BANDS.PM10)).toBe(true);
  });

  it('has one edition, 2013', () => {
    expect(UK_DAQI_INDEX.editions).toEqual(['2013']);
    expect(computeIndex({ O3: 121 }, { indexType: 'UK_DAQI', edition: '2013' }).value).toBe(5);
  });

  it('has one level entry per band, with the band as its range and the §5 colour', () => {
    expect(levelFacts(UK_DAQI_INDEX.levels)).toEqual(
      UK_DAQI_REFERENCE_ROWS.map((r) => ({
        level: r.level,
        minValue: r.band,
        maxValue: r.band === 10 ? null : r.band,
        color: r.color,
      })),
    );
  });

  it('describes and advises on every level in English and Polish, one text per level name', () => {
    expectLevelTexts(UK_DAQI_INDEX.levels);
    const byName = new Map<string, unknown>();
    for (const level of UK_DAQI_INDEX.levels) {
      const texts = { description: level.description, advice: level.advice };
      expect(byName.get(level.level) ?? texts).toEqual(texts);
      byName.set(level.level, texts);
    }
    expect([...byName.keys()]).toEqual(['LOW', 'MODERATE', 'HIGH', 'VERY_HIGH']);
  });
});

describe('UK_DAQI against the naive oracle', () => {
  it('agrees on value, level, colour, dominant pollutant and sub-indexes', () => {
    fc.assert(
      fc.property(concentrationsArb, (concentrations) => {
        expectIndexMatches(daqi(concentrations), naiveUkDaqi(concentrations));
      }),
      RUNS,
    );
  });

  it('agrees exactly on and 0.01 either side of every band bound, and on the rounding halves', () => {
    for (const pollutant of UK_DAQI_REFERENCE_POLLUTANTS) {
      for (const row of UK_DAQI_REFERENCE_ROWS) {
        for (const end of ukDaqiReferenceRange(row.band, pollutant).filter(Number.isFinite)) {
          for (const c of [
            end - 0.5,
            end - 0.49,
            end - 0.01,
            end,
            end + 0.01,
            end + 0.49,
            end + 0.5,
          ]) {
            const input = { [pollutant]: c, NO2: 0 };
            expectIndexMatches(daqi(input), naiveUkDaqi(input));
            expect(ukDaqiBand(UK_DAQI_BANDS[pollutant], c)).toBe(naiveUkDaqiBand(pollutant, c));
          }
        }
      }
    }
  });

  it('is monotone non-decreasing in each pollutant', () => {
    const increaseArb = fc.double({ min: 0, max: 1500, noNaN: true });
    fc.assert(
      fc.property(
        concentrationsArb,
        pollutantArb,
        concentrationArb,
        increaseArb,
        (concentrations, pollutant, start, increase) => {
          const lower = { ...concentrations, [pollutant]: start };
          const higher = { ...concentrations, [pollutant]: Math.max(start, 0) + increase };
          expect(daqi(higher).value!).toBeGreaterThanOrEqual(daqi(lower).value!);
        },
      ),
      RUNS,
    );
  });

  it('puts the value in its band and shows that band colour', () => {
    const anyArb = fc.record(
      Object.fromEntries(UK_DAQI_REFERENCE_POLLUTANTS.map((p) => [p, concentrationArb])),
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(anyArb, (concentrations) => {
        const index = daqi(concentrations);
        fc.pre(index.value !== null);
        const row = UK_DAQI_REFERENCE_ROWS[index.value! - 1]!;
        expect(Number.isInteger(index.value)).toBe(true);
        expect(index.level).toBe(row.level);
        expect(index.color).toBe(row.color);
      }),
      RUNS,
    );
  });

  it('names the pollutant in the highest band, ties by PM25, PM10, O3, NO2, SO2', () => {
    const tyingArb = fc.record(
      Object.fromEntries(
        UK_DAQI_REFERENCE_POLLUTANTS.map((p) => [p, fc.constantFrom(...RANGE_ENDS)]),
      ),
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(tyingArb, (concentrations) => {
        const index = daqi(concentrations);
        const present = Object.keys(concentrations).length > 0;
        expect(index.dominantPollutant).toBe(present ? oracleDominant(index.subIndexes) : null);
      }),
      RUNS,
    );
  });

  it('reads a concentration the way §1 says (negative → 0, non-finite → absent)', () => {
    fc.assert(
      fc.property(pollutantArb, valueArb, (pollutant, c) => {
        const expected = readInput(c);
        const index = daqi({ [pollutant]: c });
        expect(index.subIndexes).toEqual(
          expected === undefined ? {} : { [pollutant]: naiveUkDaqiBand(pollutant, expected) },
        );
      }),
      RUNS,
    );
  });
});

describe('UK_DAQI without data or with misuse', () => {
  it.each<Record<string, unknown>>([
    {},
    { CO: 20000 },
    { HUMIDITY: 60, O3_1H: 300, SO2_24H: 900 },
    { PM25: Number.NaN, PM10: Number.POSITIVE_INFINITY, O3: Number.NEGATIVE_INFINITY },
    { NO2: '80', SO2: undefined },
  ])('%o is no data', (concentrations) => {
    expectNoData(daqi(concentrations as Concentrations), 'UK_DAQI');
  });

  it('rejects any edition but 2013', () => {
    expect(() =>
      computeIndex({ O3: 1 }, { indexType: 'UK_DAQI', edition: '2012' as never }),
    ).toThrow(new RangeError('computeIndex: options.edition must be one of 2013, got "2012"'));
  });
});
