import { describe, expect, it } from 'vitest';
import { KRAKOW_STREETS } from '../../src/sample/krakow-streets.js';
import { SAMPLE_NETWORK_CENTRE } from '../../src/sample/site-factory.js';
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
