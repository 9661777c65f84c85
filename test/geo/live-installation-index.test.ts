import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InstallationIndex } from '../../src/geo/installation-index.js';
import { LiveInstallationIndex } from '../../src/geo/live-installation-index.js';
import { geoPointsArb, latitudeArb, longitudeArb } from '../helpers/geo-arbitraries.js';
import { RUNS } from '../helpers/property-runs.js';

describe('LiveInstallationIndex', () => {
  it('starts empty by default', () => {
    const live = new LiveInstallationIndex();
    expect(live.current.size).toBe(0);
    expect(live.current.nearest(50, 20, { maxDistanceKM: -1 })).toEqual([]);
  });

  it('swaps in a complete new index; a held snapshot keeps answering from the old set', () => {
    const live = new LiveInstallationIndex([{ id: 1, latitude: 50, longitude: 20 }]);
    const before = live.current;
    live.replace([{ id: 2, latitude: 50, longitude: 20.001 }]);
    expect(live.current.nearest(50, 20)).toEqual([{ id: 2, distanceKm: expect.any(Number) }]);
    expect(before.nearest(50, 20)).toEqual([{ id: 1, distanceKm: 0 }]);
  });

  it('keeps the current index when the new points are invalid', () => {
    const live = new LiveInstallationIndex([{ id: 1, latitude: 50, longitude: 20 }]);
    const before = live.current;
    expect(() =>
      live.replace([
        { id: 1, latitude: 50, longitude: 20 },
        { id: 1, latitude: 51, longitude: 20 },
      ]),
    ).toThrow(RangeError);
    expect(live.current).toBe(before);
  });

  it('after any series of replacements answers exactly like an index of the last set', () => {
    fc.assert(
      fc.property(
        fc.array(geoPointsArb, { minLength: 1, maxLength: 3 }),
        latitudeArb,
        longitudeArb,
        (sets, latitude, longitude) => {
          const live = new LiveInstallationIndex(sets[0]);
          for (const points of sets.slice(1)) live.replace(points);
          const fresh = InstallationIndex.from(sets.at(-1)!);
          const options = { maxDistanceKM: 2000, maxResults: 5 };
          expect(live.current.size).toBe(fresh.size);
          expect(live.current.nearest(latitude, longitude, options)).toEqual(
            fresh.nearest(latitude, longitude, options),
          );
          expect(live.current.within(latitude, longitude, 500)).toEqual(
            fresh.within(latitude, longitude, 500),
          );
        },
      ),
      RUNS,
    );
  });
});
