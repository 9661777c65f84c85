import { describe, expect, it } from 'vitest';
import { KRAKOW_STREETS, SAMPLE_NETWORK_CENTRE } from '../../src/sample/index.js';
import { bruteHaversineKm } from '../helpers/store-haversine.js';

describe('KRAKOW_STREETS', () => {
  it('lists distinct streets within the 20 × 20 km of the sample network', () => {
    expect(new Set(KRAKOW_STREETS.map((s) => s.street)).size).toBe(KRAKOW_STREETS.length);
    for (const street of KRAKOW_STREETS) {
      const km = bruteHaversineKm(
        street.latitude,
        street.longitude,
        SAMPLE_NETWORK_CENTRE.latitude,
        SAMPLE_NETWORK_CENTRE.longitude,
      );
      expect(km).toBeLessThan(14.2);
      expect(street.area.length).toBeGreaterThan(0);
    }
    expect(Object.isFrozen(KRAKOW_STREETS)).toBe(true);
  });
});
