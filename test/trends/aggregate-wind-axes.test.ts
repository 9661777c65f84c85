// aggregateWind where the mean vector lies on an axis (reference §4.4): `direction` is
// atan2(ū, v̄) in degrees, and 0 only for a calm period, when ū and v̄ are both exactly 0. Two
// opposite winds cancel on one axis exactly and leave a rounding residue on the other; the
// direction is then that residue's, straight along the axis, not the calm rule's 0. Checked
// against the brute-force oracle (test/helpers/trends-periods-oracle.ts) and written out.
import { describe, expect, it } from 'vitest';
import { aggregateWind } from '../../src/trends/aggregate-wind.js';
import { naiveWind } from '../helpers/trends-periods-oracle.js';

const H = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

function dayWind(direction: number[], speed?: number[]) {
  const atMs = direction.map((_, i) => H + i * HOUR);
  const series = speed === undefined ? { atMs, direction } : { atMs, direction, speed };
  const got = aggregateWind(series, { period: 'day' });
  const want = naiveWind(atMs, direction, speed, { period: 'day' });
  expect([...got.direction]).toEqual(want.direction);
  expect([...got.resultant]).toEqual(want.resultant);
  return { direction: got.direction[0], resultant: got.resultant[0] };
}

describe('a mean vector on an axis', () => {
  it('east and west cancel in ū (exactly 0); v̄ is a tiny negative residue: south, 180', () => {
    // sin 90° = 1 and sin 270° = −1 exactly; cos of both leave −6.1e-17 on average.
    const wind = dayWind([90, 270]);
    expect(wind.direction).toBe(180);
    expect(wind.resultant).toBeGreaterThan(0);
    expect(wind.resultant).toBeLessThan(1e-15);
    expect(dayWind([270, 90]).direction).toBe(180);
    expect(dayWind([45, 225]).direction).toBe(180);
  });

  it('north and south cancel in v̄ (exactly 0); ū is a tiny residue: east 90 or west 270', () => {
    expect(dayWind([0, 180]).direction).toBe(90);
    expect(dayWind([180, 0]).direction).toBe(90);
    expect(dayWind([10, 190]).direction).toBe(270);
  });

  it('ū exactly 0 and v̄ positive is north, 0, as is a calm period', () => {
    expect(dayWind([90, 270, 0])).toEqual({ direction: 0, resultant: 1 / 3 });
    expect(dayWind([10, 200], [0, 0])).toEqual({ direction: 0, resultant: 0 });
  });
});
