// rollingMean's running sum where rounding decides the answer. The sum is compensated
// (Neumaier: the error of each addition is kept, taken from whichever operand is larger), so a
// window of small values gives their exact mean after a huge value has entered and left; and an
// empty window starts the sum afresh, so no residue of the values before a gap reaches the
// windows after it. Expected values: the plain mean of the window's values, worked out by hand,
// and the brute-force oracle of test/helpers/trends-periods-oracle.ts elsewhere.
import { describe, expect, it } from 'vitest';
import { rollingMean } from '../../src/trends/rolling-mean.js';
import { agrees, naiveRolling } from '../helpers/trends-periods-oracle.js';

const HOUR = 3_600_000;

function rolling3h(hours: number[], values: number[]): number[] {
  const atMs = hours.map((h) => h * HOUR);
  const got = [...rollingMean({ atMs, values }, { hours: 3, minCapture: 0 }).values];
  const want = naiveRolling(atMs, values, 3, 'right', 0, HOUR).values;
  for (const [i, v] of got.entries()) {
    expect(agrees(v, want[i]!), `${i}: ${v} vs ${want[i]}`).toBe(true);
  }
  return got;
}

describe('the compensated running sum', () => {
  it('keeps a small value that entered before a huge one', () => {
    // 1 enters, then 1e100: the 1 is lost from the plain sum and kept in the compensation.
    // At hour 4 the window (1 h, 4 h] holds 1, 1, 1 again.
    const values = rolling3h([0, 1, 2, 3, 4], [1, 1e100, 1, 1, 1]);
    expect(values[4]).toBe(1);
    expect(values[0]).toBe(1);
  });

  it('keeps small values that entered after a huge one', () => {
    const values = rolling3h([0, 1, 2, 3, 4], [1e100, 1, 1, 1, 1]);
    expect(values[3]).toBe(1);
    expect(values[4]).toBe(1);
  });
});

describe('an empty window', () => {
  it('starts the sum afresh: the window after a gap is exact', () => {
    // 1e16, 0.1 and 7e20 enter and leave again; their compensated sum then reads 5.8e-12,
    // not 0. At hour 5 (a missing value) the window (2 h, 5 h] is empty; at hour 6 it holds 1.
    const values = rolling3h([0, 1, 2, 5, 6], [1e16, 0.1, 7e20, Number.NaN, 1]);
    expect(values[3]).toBeNaN();
    expect(values[4]).toBe(1);
    const small = rolling3h([0, 1, 2, 5, 6, 7], [1e16, 0.1, 7e20, Number.NaN, 1e-9, 3e-9]);
    expect(small[4]).toBe(1e-9);
    expect(small[5]).toBe(2e-9);
  });
});
