import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { indexTypesMeta } from '../../src/meta/index-types-meta.js';
import {
  concentrationArb,
  gridIndexCaseArb,
  indexTypeArb,
  orderedPairArb,
} from '../helpers/index-arbitraries.js';
import { GOLDEN_LEVEL_TEXTS } from '../helpers/index-level-texts.js';
import {
  levelHolds,
  naiveDominant,
  naiveRawIndex,
  naiveShownIndex,
  naiveSubIndex,
  naiveSubIndexes,
  referenceLevel,
} from '../helpers/index-oracles.js';
import {
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
} from '../helpers/index-reference-tables.js';

// Properties of computeIndex, checked against the naive oracles of test/helpers: monotone, the
// maximum of its sub-indexes, rounded up by less than 0.01, and shown with its level's colour,
// texts and meta entry.
// Expected values come from the reference tables transcribed in test/helpers and from the
// naive oracles there, never from src's own tables or sub-index.

const RUNS = { numRuns: 1000 };
const languageArb = fc.constantFrom('en' as const, 'pl' as const);

describe('computeIndex: properties', () => {
  it('is monotone non-decreasing in each pollutant, gases included', () => {
    fc.assert(
      fc.property(
        indexTypeArb,
        orderedPairArb,
        concentrationArb,
        fc.nat(),
        (indexType, [low, high], other, pick) => {
          const pollutants = Object.keys(REFERENCE_INDEXES[indexType].grids);
          const moved = pollutants[pick % pollutants.length]!;
          const fixed = pollutants[(pick + 1) % pollutants.length]!;
          const options = { indexType, countedPollutants: pollutants };
          const a = computeIndex({ [fixed]: other, [moved]: low }, options).value!;
          const b = computeIndex({ [fixed]: other, [moved]: high }, options).value!;
          expect(a).toBeLessThanOrEqual(b);
        },
      ),
      RUNS,
    );
  });

  it('is the maximum of the single-pollutant indexes', () => {
    fc.assert(
      fc.property(indexTypeArb, concentrationArb, concentrationArb, (indexType, pm10, pm25) => {
        const both = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType });
        const alone10 = computeIndex({ PM10: pm10 }, { indexType });
        const alone25 = computeIndex({ PM25: pm25 }, { indexType });
        expect(both.value).toBe(Math.max(alone10.value!, alone25.value!));
        // Everything but the two per-pollutant fields is the larger single-pollutant index.
        const { dominantPollutant, subIndexes, ...rest } = both;
        const {
          dominantPollutant: _d,
          subIndexes: _s,
          ...larger
        } = alone10.value! >= alone25.value! ? alone10 : alone25;
        expect(rest).toEqual(larger);
        expect(subIndexes).toEqual({ PM10: alone10.value, PM25: alone25.value });
        // On a tie PM25 comes first.
        expect(dominantPollutant).toBe(alone25.value! >= alone10.value! ? 'PM25' : 'PM10');
      }),
      RUNS,
    );
  });

  it('agrees with the naive oracle for any present pollutants and counted set', () => {
    const caseArb = indexTypeArb.chain((indexType) => {
      const pollutants = Object.keys(REFERENCE_INDEXES[indexType].grids);
      return fc.record({
        indexType: fc.constant(indexType),
        concentrations: fc.dictionary(fc.constantFrom(...pollutants), concentrationArb),
        counted: fc.subarray(pollutants, { minLength: 1 }),
      });
    });
    fc.assert(
      fc.property(caseArb, ({ indexType, concentrations, counted }) => {
        const reference = REFERENCE_INDEXES[indexType];
        const raw = naiveRawIndex(reference, concentrations, counted);
        const index = computeIndex(concentrations, { indexType, countedPollutants: counted });
        if (raw === null) {
          expect(index.value).toBeNull();
          return;
        }
        const shown = index.value!;
        expect(shown).toBeGreaterThanOrEqual(raw - 1e-9 * Math.max(raw, 0.01));
        expect(shown - raw).toBeLessThan(0.01);
        const level = referenceLevel(reference, shown);
        expect(index.level).toBe(level.level);
        expect(index.color).toBe(level.color);
      }),
      RUNS,
    );
  });

  it('shows the naive rounded-up sub-index of every counted pollutant present, and only those', () => {
    fc.assert(
      fc.property(gridIndexCaseArb, ({ indexType, concentrations, counted }) => {
        const reference = REFERENCE_INDEXES[indexType];
        const index = computeIndex(concentrations, { indexType, countedPollutants: counted });
        expect(index.subIndexes).toEqual(naiveSubIndexes(reference, concentrations, counted));
        for (const value of Object.values(index.subIndexes)) {
          expect(Number(value.toFixed(2))).toBe(value);
        }
      }),
      RUNS,
    );
  });

  it('names the naive argmax of the shown sub-indexes as the dominant pollutant', () => {
    fc.assert(
      fc.property(gridIndexCaseArb, ({ indexType, concentrations, counted }) => {
        const reference = REFERENCE_INDEXES[indexType];
        const index = computeIndex(concentrations, { indexType, countedPollutants: counted });
        const expected = naiveDominant(naiveSubIndexes(reference, concentrations, counted));
        expect(index.dominantPollutant).toBe(expected);
        if (expected !== null) expect(index.subIndexes[expected]).toBe(index.value);
      }),
      RUNS,
    );
  });

  it('shows as value the raw maximum rounded up, which is the largest shown sub-index', () => {
    fc.assert(
      fc.property(gridIndexCaseArb, ({ indexType, concentrations, counted }) => {
        const reference = REFERENCE_INDEXES[indexType];
        const index = computeIndex(concentrations, { indexType, countedPollutants: counted });
        expect(index.value).toBe(naiveShownIndex(reference, concentrations, counted));
        const shown = Object.values(index.subIndexes);
        expect(index.value).toBe(shown.length === 0 ? null : Math.max(...shown));
        if (index.value === null) {
          expect(index.level).toBe('UNKNOWN');
          expect(index.dominantPollutant).toBeNull();
        }
      }),
      RUNS,
    );
  });

  it('gives the exact grid value at every breakpoint', () => {
    for (const indexType of REFERENCE_INDEX_TYPE_NAMES) {
      const reference = REFERENCE_INDEXES[indexType];
      for (const [pollutant, grid] of Object.entries(reference.grids)) {
        grid.forEach((concentration, i) => {
          const index = computeIndex(
            { [pollutant]: concentration },
            { indexType, countedPollutants: [pollutant] },
          );
          expect(index.value, `${indexType} ${pollutant} ${concentration}`).toBe(
            reference.indexBreakpoints[i],
          );
          expect(index.subIndexes).toEqual({ [pollutant]: reference.indexBreakpoints[i] });
          expect(index.dominantPollutant).toBe(pollutant);
        });
      }
    }
  });

  it('gives VENDOR_CAQI the same value as CAQI, and the same level name below 75', () => {
    fc.assert(
      fc.property(concentrationArb, concentrationArb, (pm10, pm25) => {
        const vendor = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType: 'VENDOR_CAQI' });
        const caqi = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType: 'CAQI' });
        expect(vendor.value).toBe(caqi.value);
        if (caqi.value! < 75) expect(vendor.level).toBe(caqi.level);
      }),
      RUNS,
    );
  });

  it('rounds the raw maximum up by less than 0.01, never below it (beyond binary noise)', () => {
    fc.assert(
      fc.property(indexTypeArb, concentrationArb, concentrationArb, (indexType, pm10, pm25) => {
        const reference = REFERENCE_INDEXES[indexType];
        const raw = Math.max(
          naiveSubIndex(pm10, reference.grids.PM10!, reference.indexBreakpoints),
          naiveSubIndex(pm25, reference.grids.PM25!, reference.indexBreakpoints),
        );
        const shown = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType }).value!;
        expect(shown).toBeGreaterThanOrEqual(raw - 1e-9 * Math.max(raw, 0.01));
        expect(shown - raw).toBeLessThan(0.01);
        expect(Number(shown.toFixed(2))).toBe(shown);
      }),
      RUNS,
    );
  });

  it('puts the shown value in its level range, with that level colour, texts and meta entry', () => {
    fc.assert(
      fc.property(
        indexTypeArb,
        languageArb,
        concentrationArb,
        concentrationArb,
        (indexType, language, pm10, pm25) => {
          const reference = REFERENCE_INDEXES[indexType];
          const index = computeIndex({ PM10: pm10, PM25: pm25 }, { indexType, language });
          const level = reference.levels.find((l) => l.level === index.level)!;
          expect(levelHolds(reference, level, index.value!)).toBe(true);
          expect(index.level).toBe(referenceLevel(reference, index.value!).level);
          expect(index.color).toBe(level.color);
          const texts = GOLDEN_LEVEL_TEXTS[indexType][index.level]!;
          expect(index.description).toBe(texts.description[language]);
          expect(index.advice).toBe(texts.advice[language]);

          const meta = indexTypesMeta(language).find((m) => m.name === indexType)!;
          const metaLevel = meta.levels.find((l) => l.level === index.level)!;
          expect(metaLevel.color).toBe(index.color);
          expect(metaLevel.minValue).toBe(level.minValue);
          expect(metaLevel.maxValue).toBe(level.maxValue);
          expect(metaLevel.description).toBe(index.description);
          expect(index.value!).toBeGreaterThanOrEqual(metaLevel.minValue);
          if (metaLevel.maxValue !== null)
            expect(index.value!).toBeLessThanOrEqual(metaLevel.maxValue);
        },
      ),
      RUNS,
    );
  });
});
