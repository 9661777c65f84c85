import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subIndex } from '../../src/indexes/sub-index.js';
import { concentrationArb } from '../helpers/index-arbitraries.js';
import { naiveSubIndex } from '../helpers/index-oracles.js';
import {
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
} from '../helpers/index-reference-tables.js';

const RUNS = { numRuns: 1000 };

// Every (index, pollutant) grid of the reference, gases included, transcribed in test so that
// neither inputs nor expected values come from src's tables.
const GRIDS = REFERENCE_INDEX_TYPE_NAMES.flatMap((name) => {
  const reference = REFERENCE_INDEXES[name];
  return Object.entries(reference.grids).map(([pollutant, grid]) => ({
    label: `${name} ${pollutant}`,
    grid,
    scale: reference.indexBreakpoints,
  }));
});
const gridArb = fc.constantFrom(...GRIDS);

describe('subIndex at a breakpoint', () => {
  // Interpolating up to a breakpoint (i0 + 1 × (i1 − i0)) can miss i1 by one unit in the last
  // place when the values are not integers; the breakpoint itself must come back exactly.
  it.each<[readonly number[], readonly number[]]>([
    [
      [0, 0.2, 0.9],
      [0, 0.2, 0.9],
    ],
    [
      [0, 0.3, 0.9],
      [0, 0.3, 0.9],
    ],
    [
      [0, 0.2, 0.5],
      [0, 2 / 3, 5 / 3],
    ],
  ])('gives exactly the index value at each breakpoint of %j → %j', (grid, scale) => {
    grid.forEach((c, i) => {
      expect(subIndex(c, grid, scale)).toBe(scale[i]);
    });
  });
});

describe('subIndex', () => {
  const pm10 = REFERENCE_INDEXES.CAQI.grids.PM10!;
  const caqi = REFERENCE_INDEXES.CAQI.indexBreakpoints;

  it.each([
    [0, 0],
    [12.5, 12.5],
    [70, 62.5],
    [90, 75],
    [180, 100],
    [270, 125],
    [-5, 0],
  ])('CAQI PM10 %d µg/m³ → %d', (concentration, expected) => {
    expect(subIndex(concentration, pm10, caqi)).toBe(expected);
  });

  it('gives the exact scale value at every breakpoint of every grid', () => {
    for (const { label, grid, scale } of GRIDS) {
      grid.forEach((concentration, i) => {
        expect(subIndex(concentration, grid, scale), `${label} at ${concentration}`).toBe(scale[i]);
      });
    }
  });

  it('agrees with the naive segment search', () => {
    fc.assert(
      fc.property(gridArb, concentrationArb, ({ grid, scale }, c) => {
        const expected = naiveSubIndex(c, grid, scale);
        expect(subIndex(c, grid, scale)).toBeCloseTo(expected, 9);
      }),
      RUNS,
    );
  });

  it('is continuous at every breakpoint (left and right limits agree)', () => {
    fc.assert(
      fc.property(
        gridArb,
        fc.nat(),
        fc.double({ min: 1e-9, max: 1e-4, noNaN: true }),
        ({ grid, scale }, pick, delta) => {
          const i = 1 + (pick % (grid.length - 1));
          const at = grid[i]!;
          const left = subIndex(at - delta, grid, scale);
          const right = subIndex(at + delta, grid, scale);
          // Within delta of the breakpoint, neither side can move further than its slope allows.
          const leftSlope = (scale[i]! - scale[i - 1]!) / (grid[i]! - grid[i - 1]!);
          const rightSlope =
            i + 1 < grid.length
              ? (scale[i + 1]! - scale[i]!) / (grid[i + 1]! - grid[i]!)
              : leftSlope;
          const noise = 1e-12 * scale[i]!;
          expect(Math.abs(left - scale[i]!)).toBeLessThanOrEqual(leftSlope * delta + noise);
          expect(Math.abs(right - scale[i]!)).toBeLessThanOrEqual(rightSlope * delta + noise);
        },
      ),
      RUNS,
    );
  });

  it('is monotone non-decreasing, exactly (no rounding noise)', () => {
    fc.assert(
      fc.property(gridArb, concentrationArb, concentrationArb, ({ grid, scale }, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(subIndex(low, grid, scale)).toBeLessThanOrEqual(subIndex(high, grid, scale));
      }),
      RUNS,
    );
  });

  it('is monotone across a breakpoint at the finest resolution', () => {
    for (const { label, grid, scale } of GRIDS) {
      for (const at of grid.slice(1)) {
        const below = subIndex(at - at * Number.EPSILON, grid, scale);
        const above = subIndex(at + at * Number.EPSILON, grid, scale);
        const exact = subIndex(at, grid, scale);
        expect(below, label).toBeLessThanOrEqual(exact);
        expect(exact, label).toBeLessThanOrEqual(above);
      }
    }
  });

  it('stays finite for the largest finite concentration', () => {
    for (const { grid, scale } of GRIDS) {
      expect(Number.isFinite(subIndex(Number.MAX_VALUE, grid, scale))).toBe(true);
    }
  });
});
