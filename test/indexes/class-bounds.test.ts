import { describe, expect, it } from 'vitest';
import {
  classLevels,
  lowerInclusiveClass,
  upperInclusiveClass,
} from '../../src/indexes/class-bounds.js';

// The class lookups of the categorical indexes (DEU_UBA, FRA_ATMO, AUS_AQC) on their own; each
// index's file checks them against its oracle on every bound of its table. Expected values are
// the ε rules of more-indexes.md §1 worked by hand.

describe('upperInclusiveClass', () => {
  const no2 = [40, 90, 120, 230, 340];

  it.each([
    [0, 1],
    [40, 1],
    [40 + 1e-9, 1],
    [40 + 2e-9, 2],
    [40.1, 2],
    [340, 5],
    [340.001, 6],
    [1e300, 6],
  ])('%d → %d', (x, expected) => {
    expect(upperInclusiveClass(no2, x)).toBe(expected);
  });
});

describe('lowerInclusiveClass', () => {
  const so2Ppb = [133, 200, 300, 400];

  it.each([
    [0, 1],
    [132.999, 1],
    [133 - 2e-9, 1],
    [133 - 1e-9, 2],
    // 348.5 µg/m³ is 133 ppb, but floats give this: ε keeps it on the edge.
    [132.99999999999997, 2],
    [133, 2],
    [399.99, 4],
    [400, 5],
    [1e300, 5],
  ])('%d → %d', (x, expected) => {
    expect(lowerInclusiveClass(so2Ppb, x)).toBe(expected);
  });
});

describe('classLevels', () => {
  it('numbers the levels from 1, one value each, the last open, all frozen', () => {
    const text = { en: 'Text.', pl: 'Tekst.' };
    const levels = classLevels([
      { level: 'A', color: '#000001', description: text, advice: text },
      { level: 'B', color: '#000002', description: text, advice: text },
      { level: 'C', color: '#000003', description: text, advice: text },
    ]);
    expect(
      levels.map(({ level, minValue, maxValue, color }) => [level, minValue, maxValue, color]),
    ).toEqual([
      ['A', 1, 1, '#000001'],
      ['B', 2, 2, '#000002'],
      ['C', 3, null, '#000003'],
    ]);
    expect(Object.isFrozen(levels)).toBe(true);
    expect(Object.isFrozen(levels[2])).toBe(true);
    expect(Object.isFrozen(levels[0]!.advice)).toBe(true);
  });
});
