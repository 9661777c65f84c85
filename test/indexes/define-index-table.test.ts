import { describe, expect, it } from 'vitest';
import { computeIndexWithTable } from '../../src/indexes/compute-index.js';
import { defineIndexTable, type IndexTable } from '../../src/indexes/index-table.js';
import { indexTableProblems } from '../../src/indexes/index-table-problems.js';
import { naiveDominant, naiveSubIndexes } from '../helpers/index-oracles.js';

// An index of one's own is a table: defineIndexTable freezes it, indexTableProblems checks it,
// and the computation of the built-in grid indexes reads it, against the naive oracles.

describe('a fourth index is a table', () => {
  const twoLevels = defineIndexTable({
    name: 'PM_ONLY',
    indexBreakpoints: [0, 10],
    grids: { PM25: [0, 50] },
    countedPollutants: ['PM25'],
    levelBounds: 'lower-inclusive',
    levels: [
      {
        level: 'FINE',
        minValue: 0,
        maxValue: 5,
        color: '#00AA00',
        description: { en: 'Fine.', pl: 'Dobrze.' },
        advice: { en: 'Go out.', pl: 'Wyjdź.' },
      },
      {
        level: 'NOT_FINE',
        minValue: 5,
        maxValue: null,
        color: '#AA0000',
        description: { en: 'Not fine.', pl: 'Źle.' },
        advice: { en: 'Stay in.', pl: 'Zostań.' },
      },
    ],
  });

  it('needs no code: the same computation reads it', () => {
    expect(indexTableProblems(twoLevels)).toEqual([]);
    const concentrations = { PM25: 30 };
    const subIndexes = naiveSubIndexes(twoLevels, concentrations);
    expect(subIndexes).toEqual({ PM25: 6 });
    expect(computeIndexWithTable(twoLevels, concentrations, { language: 'pl' })).toEqual({
      name: 'PM_ONLY',
      value: 6,
      level: 'NOT_FINE',
      description: 'Źle.',
      advice: 'Zostań.',
      color: '#AA0000',
      dominantPollutant: naiveDominant(subIndexes),
      subIndexes,
    });
    expect(naiveDominant(subIndexes)).toBe('PM25');
    // A pollutant without a grid in the table has no sub-index and cannot dominate.
    const withPm10 = computeIndexWithTable(twoLevels, { PM25: 30, PM10: 90 });
    expect(withPm10.subIndexes).toEqual({ PM25: 6 });
    expect(withPm10.dominantPollutant).toBe('PM25');
  });

  it('is frozen all the way down by defineIndexTable, as the built-in tables are', () => {
    const text = () => ({ en: 'Any.', pl: 'Dowolny.' });
    const fresh = defineIndexTable({
      ...twoLevels,
      grids: { PM25: [0, 50] },
      levels: [
        {
          level: 'ANY',
          minValue: 0,
          maxValue: null,
          color: '#00AA00',
          description: text(),
          advice: text(),
        },
      ],
    });
    const level = fresh.levels[0]!;
    expect(Object.isFrozen(fresh.levels)).toBe(true);
    expect(Object.isFrozen(level)).toBe(true);
    expect(Object.isFrozen(level.description)).toBe(true);
    expect(Object.isFrozen(level.advice)).toBe(true);
    expect(Object.isFrozen(fresh.grids.PM25)).toBe(true);
  });

  it('is checked for structural problems', () => {
    const broken: IndexTable = {
      ...twoLevels,
      grids: { PM25: [0, 50, 60], NO2: [5, 1] },
      countedPollutants: ['CO'],
      levels: [{ ...twoLevels.levels[0]!, color: 'red', maxValue: null }],
    };
    expect(indexTableProblems(broken)).toEqual([
      'grid PM25 has 3 breakpoints, expected 2',
      'grid NO2 must be finite concentrations rising strictly from 0',
      'counted pollutant CO has no grid',
      'level FINE colour "red" is not #RRGGBB',
    ]);
  });
});
