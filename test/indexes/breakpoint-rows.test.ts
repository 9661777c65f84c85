import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BreakpointRow,
  breakpointRows,
  interpolateRows,
} from '../../src/indexes/breakpoint-rows.js';
import { ceilInteger, roundHalfUpInteger, truncateTo } from '../../src/indexes/float-safe.js';

// Tables transcribed from world-indexes.md (§3.2 US 2024 PM25, §7 CN 2026 PM25), and a naive
// row search: the row that holds c, else the top row above the table, else (below the table or
// in a gap between rows) the iLo of the next row up.

const RUNS = { numRuns: 1000 };
type Tuple = readonly [number, number, number, number];

const US_PM25_2024: readonly Tuple[] = [
  [0.0, 9.0, 0, 50],
  [9.1, 35.4, 51, 100],
  [35.5, 55.4, 101, 150],
  [55.5, 125.4, 151, 200],
  [125.5, 225.4, 201, 300],
  [225.5, 325.4, 301, 500],
];
const CN_NODES_PM25_2026 = [0, 35, 60, 115, 150, 250, 350, 500];
const CN_NODES_IAQI = [0, 50, 100, 150, 200, 300, 400, 500];
const CN_PM25_2026: readonly Tuple[] = CN_NODES_PM25_2026.slice(1).map((cHi, i) => [
  CN_NODES_PM25_2026[i]!,
  cHi,
  CN_NODES_IAQI[i]!,
  CN_NODES_IAQI[i + 1]!,
]);

function naiveInterpolate(rows: readonly Tuple[], c: number): number {
  const top = rows[rows.length - 1]!;
  const row = rows.find(([cLo, cHi]) => cLo <= c && c <= cHi) ?? (c > top[1] ? top : undefined);
  if (row === undefined) return rows.find(([cLo]) => cLo > c)![2];
  const [cLo, cHi, iLo, iHi] = row;
  return iLo + ((c - cLo) * (iHi - iLo)) / (cHi - cLo);
}

function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

// A table in tenths: rows of positive width, either touching (CN style) or one or more tenths
// apart (US style), with index ranges rising and each starting at or above the previous end.
const tableArb: fc.Arbitrary<Tuple[]> = fc
  .record({
    start: fc.integer({ min: 0, max: 50 }),
    rows: fc.array(
      fc.record({
        gap: fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 0, max: 30 })),
        width: fc.integer({ min: 1, max: 2000 }),
        indexStep: fc.integer({ min: 0, max: 1 }),
        indexWidth: fc.integer({ min: 1, max: 200 }),
      }),
      { minLength: 1, maxLength: 7 },
    ),
  })
  .map(({ start, rows }) => {
    let c = start;
    let i = 0;
    return rows.map(({ gap, width, indexStep, indexWidth }, r): Tuple => {
      const cLo = r === 0 ? c : c + gap;
      const iLo = r === 0 ? i : i + indexStep;
      c = cLo + width;
      i = iLo + indexWidth;
      return [cLo / 10, c / 10, iLo, i];
    });
  });

// Concentrations in tenths across and beyond a table, plus raw doubles.
const cArb = fc.oneof(
  fc.integer({ min: -10, max: 20_000 }).map((tenths) => tenths / 10),
  fc.double({ min: 0, max: 3000, noNaN: true }),
);

describe('breakpointRows', () => {
  it('turns tuples into frozen rows, lowest first', () => {
    const rows = breakpointRows(US_PM25_2024);
    expect(rows[1]).toEqual({ cLo: 9.1, cHi: 35.4, iLo: 51, iHi: 100 });
    expect(rows).toHaveLength(6);
    expect(Object.isFrozen(rows)).toBe(true);
    expect(rows.every((row) => Object.isFrozen(row))).toBe(true);
    expect(breakpointRows([])).toEqual([]);
  });
});

describe('interpolateRows: the worked examples of world-indexes.md', () => {
  const us = breakpointRows(US_PM25_2024);
  const cn = breakpointRows(CN_PM25_2026);

  it.each([
    [17.4, 66],
    [9.05, 50],
    [9.1, 51],
    [35.45, 100],
    [55.5, 151],
    [325.4, 500],
    [500, 848],
  ])('US 2024 PM25 %d µg/m³ (truncated to 0.1) is AQI %d', (pm25, aqi) => {
    expect(roundHalfUpInteger(interpolateRows(us, truncateTo(pm25, 1)))).toBe(aqi);
  });

  it.each([
    [4.9, 7],
    [60, 100],
    [60.11, 101],
    [75, 114],
    [600, 567],
  ])('CN 2026 PM25 %d µg/m³ is IAQI %d (rounded up)', (pm25, iaqi) => {
    expect(ceilInteger(interpolateRows(cn, pm25))).toBe(iaqi);
  });

  it('continues the top row slope without limit', () => {
    expectClose(interpolateRows(us, 425.3), 500 + (199 / 99.9) * 99.9);
    expectClose(interpolateRows(cn, 650), 600);
  });
});

describe('interpolateRows against a naive row search', () => {
  it('agrees on random tables, touching or with gaps, anywhere', () => {
    fc.assert(
      fc.property(tableArb, cArb, (table, c) => {
        expectClose(interpolateRows(breakpointRows(table), c), naiveInterpolate(table, c));
      }),
      RUNS,
    );
  });

  it('agrees exactly on and 0.01 either side of every breakpoint of the US and CN tables', () => {
    for (const table of [US_PM25_2024, CN_PM25_2026]) {
      const rows = breakpointRows(table);
      const bounds = [...table.map((row) => row[0]), ...table.map((row) => row[1])];
      for (const bound of bounds) {
        for (const c of [bound - 0.01, bound, bound + 0.01].filter((x) => x >= 0)) {
          expectClose(interpolateRows(rows, c), naiveInterpolate(table, c));
        }
      }
    }
  });

  it('is monotone non-decreasing in the concentration', () => {
    fc.assert(
      fc.property(tableArb, cArb, cArb, (table, a, b) => {
        const rows = breakpointRows(table);
        const [low, high] = a <= b ? [a, b] : [b, a];
        const rise = interpolateRows(rows, high) - interpolateRows(rows, low);
        expect(rise).toBeGreaterThanOrEqual(-1e-9 * Math.max(1, interpolateRows(rows, high)));
      }),
      RUNS,
    );
  });

  it('reads each end of a row as that row (a shared end as the lower row)', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), (table, pick) => {
        const rows: readonly BreakpointRow[] = breakpointRows(table);
        const r = pick % rows.length;
        const row = rows[r]!;
        expectClose(interpolateRows(rows, row.cHi), row.iHi);
        // Where rows touch, their shared end belongs to the lower row.
        const touching = r > 0 && rows[r - 1]!.cHi === row.cLo;
        expectClose(interpolateRows(rows, row.cLo), touching ? rows[r - 1]!.iHi : row.iLo);
      }),
      RUNS,
    );
  });
});
