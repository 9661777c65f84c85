import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PURPLEAIR_DEFAULT_EVERY_MS,
  PURPLEAIR_FOLLOW_FIELDS,
  purpleAirFollowFields,
  purpleAirSensorsUrls,
} from '../../src/follow/purpleair-request.js';
import { RUNS } from '../helpers/property-runs.js';

// What a PurpleAir poll asks for: the fields (each paid per row), the box as PurpleAir's
// north-west and south-east corners (two boxes across the antimeridian), location_type and
// modified_since. The oracle of the box property is a naive containment test written here.

const OUTDOOR_FIELDS = [
  'name',
  'latitude',
  'longitude',
  'altitude',
  'location_type',
  'last_seen',
  'humidity',
  'pm2.5_atm_a',
  'pm2.5_atm_b',
];

describe('purpleAirFollowFields', () => {
  it('asks for the installation, the time, humidity and the outdoor PM2.5 channels', () => {
    expect(purpleAirFollowFields(false)).toEqual(OUTDOOR_FIELDS);
  });

  it('adds the CF=1 channels of inside sensors with indoor', () => {
    expect(purpleAirFollowFields(true)).toEqual([
      ...OUTDOOR_FIELDS,
      'pm2.5_cf_1_a',
      'pm2.5_cf_1_b',
    ]);
  });

  it('says why each listed field is paid for, in a frozen table', () => {
    expect(Object.isFrozen(PURPLEAIR_FOLLOW_FIELDS)).toBe(true);
    for (const entry of PURPLEAIR_FOLLOW_FIELDS) {
      expect(Object.isFrozen(entry)).toBe(true);
      expect(entry.why.length).toBeGreaterThan(10);
    }
  });

  it('polls every 10 minutes by default', () => {
    expect(PURPLEAIR_DEFAULT_EVERY_MS).toBe(10 * 60 * 1000);
  });
});

describe('purpleAirSensorsUrls', () => {
  it('writes the box as north-west and south-east corners, after the base URL', () => {
    const box = { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 };
    const [url, ...more] = purpleAirSensorsUrls('http://mirror.test/pa', box, false, 1667666181);
    expect(more).toEqual([]);
    expect(url).toBe(
      'http://mirror.test/pa/v1/sensors?fields=name%2Clatitude%2Clongitude%2Caltitude%2Clocation_type%2Clast_seen%2Chumidity%2Cpm2.5_atm_a%2Cpm2.5_atm_b&location_type=0&nwlng=19.79&nwlat=50.13&selng=20.22&selat=49.97&modified_since=1667666181',
    );
  });

  it('splits a box across the antimeridian at 180°', () => {
    const box = { minLat: -20, minLng: 170, maxLat: -10, maxLng: -170 };
    const corners = purpleAirSensorsUrls('http://x', box, true, undefined).map((url) => {
      const query = new URL(url).searchParams;
      return ['nwlng', 'nwlat', 'selng', 'selat'].map((name) => query.get(name)).join(' ');
    });
    expect(corners).toEqual(['170 -10 180 -20', '-180 -10 -170 -20']);
  });

  // A point strictly between −180 and 180 is in the box exactly when it is in one of the
  // requested corner boxes (PurpleAir's boxes run from nwlng east to selng).
  const naiveInBox = (
    box: { minLat: number; minLng: number; maxLat: number; maxLng: number },
    latitude: number,
    longitude: number,
  ) =>
    latitude >= box.minLat &&
    latitude <= box.maxLat &&
    (box.minLng <= box.maxLng
      ? longitude >= box.minLng && longitude <= box.maxLng
      : longitude >= box.minLng || longitude <= box.maxLng);

  it('covers the box and nothing else, with the same query otherwise (property)', () => {
    const latitude = fc.double({ min: -90, max: 90, noNaN: true });
    const longitude = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(
        latitude,
        latitude,
        longitude,
        longitude,
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 2 ** 31 }), { nil: undefined }),
        fc.array(
          fc.tuple(
            latitude,
            longitude.filter((x) => Math.abs(x) < 180),
          ),
          {
            maxLength: 8,
          },
        ),
        (lat1, lat2, minLng, maxLng, indoor, since, points) => {
          const box = {
            minLat: Math.min(lat1, lat2),
            minLng,
            maxLat: Math.max(lat1, lat2),
            maxLng,
          };
          const queries = purpleAirSensorsUrls('http://x', box, indoor, since).map(
            (url) => new URL(url).searchParams,
          );
          expect(queries).toHaveLength(minLng > maxLng ? 2 : 1);
          for (const query of queries) {
            expect(query.get('fields')).toBe(purpleAirFollowFields(indoor).join(','));
            expect(query.get('location_type')).toBe(indoor ? null : '0');
            expect(query.get('modified_since')).toBe(since === undefined ? null : String(since));
          }
          const corner = (query: URLSearchParams, name: string) => Number(query.get(name));
          // The corners and the middle, so that points on the edges and inside are tried too.
          const middle = box.minLng <= box.maxLng ? (box.minLng + box.maxLng) / 2 : 180 - 1e-9;
          const edges: [number, number][] = [box.minLat, (box.minLat + box.maxLat) / 2, box.maxLat]
            .flatMap((lat) =>
              [box.minLng, middle, box.maxLng].map((lng): [number, number] => [lat, lng]),
            )
            .filter(([, lng]) => Math.abs(lng) < 180);
          for (const [lat, lng] of [...points, ...edges]) {
            const asked = queries.some(
              (query) =>
                lat <= corner(query, 'nwlat') &&
                lat >= corner(query, 'selat') &&
                lng >= corner(query, 'nwlng') &&
                lng <= corner(query, 'selng'),
            );
            expect(asked).toBe(naiveInBox(box, lat, lng));
          }
        },
      ),
      RUNS,
    );
  });
});
