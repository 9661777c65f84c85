import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexLevelDefinition, IndexTable } from '../../src/indexes/index-table.js';
import { indexTableProblems } from '../../src/indexes/index-table-problems.js';

// Each case below is a sound table with one defect; the expected sentences are the ones the
// JSDoc of indexTableProblems promises, written out here, never read back from src.

const RUNS = { numRuns: 1000 };

function level(name: string, minValue: number, maxValue: number | null): IndexLevelDefinition {
  return {
    level: name,
    minValue,
    maxValue,
    color: '#00AA00',
    description: { en: `${name} air.`, pl: `Powietrze ${name}.` },
    advice: { en: `Advice for ${name}.`, pl: `Rada dla ${name}.` },
  };
}

function soundTable(): IndexTable {
  return {
    name: 'THREE_LEVELS',
    indexBreakpoints: [0, 10, 20],
    grids: { PM25: [0, 30, 60], PM10: [0, 50, 100] },
    countedPollutants: ['PM25', 'PM10'],
    levelBounds: 'lower-inclusive',
    levels: [level('LOW', 0, 5), level('MID', 5, 15), level('HIGH', 15, null)],
  };
}

// LOW [0, 5), then the level under test, then HIGH [15, ∞).
function aroundMiddle(middle: IndexLevelDefinition): IndexLevelDefinition[] {
  return [level('LOW', 0, 5), middle, level('HIGH', 15, null)];
}

const BREAKPOINTS = 'indexBreakpoints must be at least 2 finite values rising strictly from 0';

describe('indexTableProblems: one defect, one sentence', () => {
  it('finds nothing wrong with a sound table', () => {
    expect(indexTableProblems(soundTable())).toEqual([]);
  });

  it.each<[string, Partial<IndexTable>, string[]]>([
    [
      'a single breakpoint',
      { indexBreakpoints: [0], grids: { PM25: [0], PM10: [0] } },
      [BREAKPOINTS],
    ],
    ['breakpoints that start above 0', { indexBreakpoints: [1, 10, 20] }, [BREAKPOINTS]],
    ['two equal breakpoints', { indexBreakpoints: [0, 10, 10] }, [BREAKPOINTS]],
    ['a breakpoint that falls at the end', { indexBreakpoints: [0, 10, 5] }, [BREAKPOINTS]],
    [
      'an infinite breakpoint',
      { indexBreakpoints: [0, 10, Number.POSITIVE_INFINITY] },
      [BREAKPOINTS],
    ],
    ['a NaN breakpoint', { indexBreakpoints: [0, Number.NaN, 20] }, [BREAKPOINTS]],
    [
      'a grid that falls at its last breakpoint',
      { grids: { PM25: [0, 30, 29], PM10: [0, 50, 100] } },
      ['grid PM25 must be finite concentrations rising strictly from 0'],
    ],
    [
      'a grid with an infinite concentration',
      { grids: { PM25: [0, 30, 60], PM10: [0, 50, Number.POSITIVE_INFINITY] } },
      ['grid PM10 must be finite concentrations rising strictly from 0'],
    ],
    [
      'a grid one breakpoint short',
      { grids: { PM25: [0, 30], PM10: [0, 50, 100] } },
      ['grid PM25 has 2 breakpoints, expected 3'],
    ],
    ['no counted pollutant', { countedPollutants: [] }, ['countedPollutants is empty']],
    [
      'a counted pollutant without a grid',
      { countedPollutants: ['PM25', 'NO2'] },
      ['counted pollutant NO2 has no grid'],
    ],
    ['no levels', { levels: [] }, ['levels is empty']],
  ])('%s', (_, change, expected) => {
    expect(indexTableProblems({ ...soundTable(), ...change })).toEqual(expected);
  });

  it.each<[string, IndexLevelDefinition[], string[]]>([
    [
      'a level without a name',
      aroundMiddle(level('', 5, 15)),
      ['level 1 has an empty or repeated name ""'],
    ],
    [
      'a repeated level name',
      aroundMiddle(level('LOW', 5, 15)),
      ['level 1 has an empty or repeated name "LOW"'],
    ],
    [
      'a first level that does not start at 0',
      [level('LOW', 1, 5), level('MID', 5, 15), level('HIGH', 15, null)],
      ['level LOW starts at 1, expected 0'],
    ],
    [
      'a gap between two levels',
      aroundMiddle(level('MID', 6, 15)),
      ['level MID starts at 6, expected 5'],
    ],
    [
      'a closed last level',
      [level('LOW', 0, 5), level('MID', 5, 15), level('HIGH', 15, 30)],
      ['level HIGH: only the last level is open (maxValue null)'],
    ],
    [
      'an empty range (maxValue equal to minValue)',
      [level('LOW', 0, 5), level('MID', 5, 5), level('HIGH', 5, null)],
      ['level MID has an empty range'],
    ],
    [
      'a reversed range',
      [level('LOW', 0, 5), level('MID', 5, 4), level('HIGH', 4, null)],
      ['level MID has an empty range'],
    ],
    [
      'a colour that is not #RRGGBB',
      aroundMiddle({ ...level('MID', 5, 15), color: '#00AA0' }),
      ['level MID colour "#00AA0" is not #RRGGBB'],
    ],
    [
      'a missing Polish description',
      aroundMiddle({ ...level('MID', 5, 15), description: { en: 'Mid.', pl: '' } }),
      ['level MID lacks a pl description or advice'],
    ],
    [
      'a missing English advice (the description is there)',
      aroundMiddle({ ...level('MID', 5, 15), advice: { en: '', pl: 'Rada.' } }),
      ['level MID lacks a en description or advice'],
    ],
  ])('%s', (_, levels, expected) => {
    expect(indexTableProblems({ ...soundTable(), levels })).toEqual(expected);
  });
});

// Sound tables built from rising steps: a strictly rising list from 0 and levels that tile
// [0, ∞) by construction; then one grid entry is pulled down to its predecessor.
const risingArb = (length: number) =>
  fc
    .array(fc.integer({ min: 1, max: 1000 }), { minLength: length - 1, maxLength: length - 1 })
    .map((steps) => {
      const rising = [0];
      for (const step of steps) rising.push(rising.at(-1)! + step);
      return rising;
    });

const soundTableArb = fc
  .record({
    breakpointCount: fc.integer({ min: 2, max: 8 }),
    levelCount: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ breakpointCount, levelCount }) =>
    fc.record({
      indexBreakpoints: risingArb(breakpointCount),
      grid: risingArb(breakpointCount),
      levelEdges: risingArb(levelCount),
    }),
  )
  .map(
    ({ indexBreakpoints, grid, levelEdges }): IndexTable => ({
      name: 'GENERATED',
      indexBreakpoints,
      grids: { PM25: grid },
      countedPollutants: ['PM25'],
      levelBounds: 'lower-inclusive',
      levels: levelEdges.map((minValue, i) =>
        level(`L${i}`, minValue, i === levelEdges.length - 1 ? null : levelEdges[i + 1]!),
      ),
    }),
  );

describe('indexTableProblems: properties', () => {
  it('finds nothing wrong with any sound table', () => {
    fc.assert(
      fc.property(soundTableArb, (table) => {
        expect(indexTableProblems(table)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('names the grid, and only it, once any of its entries stops rising', () => {
    fc.assert(
      fc.property(soundTableArb, fc.nat(), (table, pick) => {
        const grid = [...table.grids.PM25!];
        const at = 1 + (pick % (grid.length - 1));
        grid[at] = grid[at - 1]!;
        expect(indexTableProblems({ ...table, grids: { PM25: grid } })).toEqual([
          'grid PM25 must be finite concentrations rising strictly from 0',
        ]);
      }),
      RUNS,
    );
  });
});
