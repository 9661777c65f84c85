// The linear interpolation of the AQI-style tables (US, India, China): a concentration C in the
// row [C_lo, C_hi] maps to I = (I_hi − I_lo) / (C_hi − C_lo) × (C − C_lo) + I_lo.

/** One row of a breakpoint table: concentrations `[cLo, cHi]` map onto index values `[iLo, iHi]`. */
export interface BreakpointRow {
  readonly cLo: number;
  readonly cHi: number;
  readonly iLo: number;
  readonly iHi: number;
}

/**
 * Freezes rows written as `[cLo, cHi, iLo, iHi]` tuples, lowest first.
 *
 * @example
 * breakpointRows([[0, 9, 0, 50], [9.1, 35.4, 51, 100]])[1]; // { cLo: 9.1, cHi: 35.4, iLo: 51, iHi: 100 }
 */
export function breakpointRows(
  rows: readonly (readonly [number, number, number, number])[],
): readonly BreakpointRow[] {
  return Object.freeze(rows.map(([cLo, cHi, iLo, iHi]) => Object.freeze({ cLo, cHi, iLo, iHi })));
}

/**
 * The rows between consecutive nodes of a table printed as nodes (China's IAQI, Singapore's
 * PSI): concentration node i and i + 1 map onto index node i and i + 1, so neighbouring rows
 * share their ends. A concentration list shorter than the index nodes stops at its last node.
 *
 * @param concentrationNodes - increasing, in the table's unit
 * @param indexNodes - the index value at each concentration node, at least as many
 * @example
 * nodeRows([0, 12, 55], [0, 50, 100])[1]; // { cLo: 12, cHi: 55, iLo: 50, iHi: 100 }
 */
export function nodeRows(
  concentrationNodes: readonly number[],
  indexNodes: readonly number[],
): readonly BreakpointRow[] {
  return breakpointRows(
    concentrationNodes
      .slice(1)
      .map((cHi, i) => [concentrationNodes[i]!, cHi, indexNodes[i]!, indexNodes[i + 1]!] as const),
  );
}

/**
 * The unrounded index value of `c` on `rows`. The row is the first whose `cHi` is at least
 * `c`; inputs are truncated or rounded to the table's resolution first, so a value never falls
 * between two rows (one that did would get its row's `iLo`). Above the last row the last row's
 * slope continues without limit (*decided* for every table that has an open top).
 *
 * @param c - a non-negative concentration at the table's resolution and unit
 * @example
 * const pm25 = breakpointRows([[0, 9, 0, 50], [9.1, 35.4, 51, 100]]);
 * interpolateRows(pm25, 17.4); // 66.46…
 * interpolateRows(pm25, 40); // 108.57… (the 51–100 slope continued)
 */
export function interpolateRows(rows: readonly BreakpointRow[], c: number): number {
  const last = rows.length - 1;
  let r = 0;
  while (r < last && c > rows[r]!.cHi) r++;
  const row = rows[r]!; // 0 <= r <= last
  if (c < row.cLo) return row.iLo;
  return ((row.iHi - row.iLo) / (row.cHi - row.cLo)) * (c - row.cLo) + row.iLo;
}
