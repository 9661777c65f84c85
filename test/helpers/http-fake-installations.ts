import type { Installation } from '../../src/model/api-types.js';

// The installations behind the fake measurements service of the HTTP tests
// (http-fake-service.ts): a small network in Kraków with replaced and removed installations,
// and the distance its nearest search measures with.

/** A fake installation with its fate. */
export interface FakeInstallation {
  readonly installation: Installation;
  readonly successorId?: number;
  readonly removed?: boolean;
}

function installation(id: number, latitude: number, longitude: number): Installation {
  return {
    id,
    location: { latitude, longitude },
    address: { country: 'Poland', city: 'Kraków', street: 'Fake', number: String(id) },
    elevation: 200 + id,
    vendor: id % 2 === 1,
    sponsor: { id: 1, name: 'Test sponsor' },
  };
}

/**
 * The fixture network: 1 and 3 active; 2 replaced by 3; 5 replaced by 2 (so finally 3);
 * 4 removed; 7 active far away (about 2.2 km north of 1).
 */
export const FAKE_INSTALLATIONS: readonly FakeInstallation[] = Object.freeze([
  { installation: installation(1, 50.06, 19.94) },
  { installation: installation(2, 50.061, 19.941), successorId: 3 },
  { installation: installation(3, 50.062, 19.942) },
  { installation: installation(4, 50.07, 19.95), removed: true },
  { installation: installation(5, 50.063, 19.943), successorId: 2 },
  { installation: installation(7, 50.08, 19.94) },
]);

/** A point near installation 1 and 3 (Kraków main square). */
export const FAKE_CENTRE = Object.freeze({ latitude: 50.0615, longitude: 19.9375 });

/** A brute-force great-circle distance for the fake nearest search (km). */
export function fakeDistanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}
