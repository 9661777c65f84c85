import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NetworkState } from '../../../src/page/client/api-client.js';
import { sameInstallations } from '../../../src/page/client/network-marks.js';

const state = (ids: readonly number[], color = '#00E400'): NetworkState => ({
  indexType: 'US_AQI',
  installations: ids.map((id) => ({
    id,
    location: { latitude: 50, longitude: 20 },
    index: { name: 'US_AQI', value: 10, level: 'GOOD', description: 'Good', color },
  })),
});

describe('sameInstallations', () => {
  it('keeps the marks for new colours of the same installations, not for another set', () => {
    expect(sameInstallations(undefined, state([1, 2]))).toBe(false);
    expect(sameInstallations(state([1, 2]), state([1, 2], '#FF0000'))).toBe(true);
    expect(sameInstallations(state([1, 2]), state([1, 2, 3]))).toBe(false);
    expect(sameInstallations(state([1, 2]), state([1, 3]))).toBe(false);
    expect(sameInstallations(state([]), state([]))).toBe(true);
  });

  it('is true exactly when the id lists are equal', () => {
    const ids = fc
      .uniqueArray(fc.nat(30), { maxLength: 8 })
      .map((list) => list.sort((a, b) => a - b));
    fc.assert(
      fc.property(ids, ids, (a, b) => {
        expect(sameInstallations(state(a), state(b))).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { numRuns: 1000 },
    );
  });
});
