import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '../../src/geo/geo-point.js';
import { buildTree } from '../../src/geo/tree-build.js';

// The messages are the contract of the argument checks (preamble: function, parameter, value),
// written out here in full: a check that let a bad point through, or named the wrong thing,
// would otherwise pass a test that only asks for "some TypeError". (`toThrow(error)` compares
// the class and the message.)
const OK: GeoPoint = { id: 1, latitude: 50, longitude: 20 };

function fromPoints(points: readonly unknown[]): () => unknown {
  return () => buildTree(points as GeoPoint[]);
}

describe('buildTree (InstallationIndex.from) argument checks', () => {
  it('names a point that is not an object', () => {
    for (const [bad, shown] of [
      [null, 'null'],
      [5, '5'],
      ['x', '"x"'],
      [undefined, 'undefined'],
    ] as const) {
      expect(fromPoints([OK, bad])).toThrow(
        new TypeError(
          `InstallationIndex.from: points[1] must be an object with id, latitude and longitude, got ${shown}`,
        ),
      );
    }
  });

  it('gives a TypeError for an id that is not a number, a RangeError for one that is not a safe integer', () => {
    expect(fromPoints([{ id: '1', latitude: 0, longitude: 0 }])).toThrow(
      new TypeError('InstallationIndex.from: points[0].id must be a safe integer, got "1"'),
    );
    expect(fromPoints([OK, { id: 2 ** 53, latitude: 0, longitude: 0 }])).toThrow(
      new RangeError(
        'InstallationIndex.from: points[1].id must be a safe integer, got 9007199254740992',
      ),
    );
  });

  it('rejects coordinates that are strings, null or outside their range, each named', () => {
    const cases: [Partial<Record<keyof GeoPoint, unknown>>, Error][] = [
      [
        { latitude: '50', longitude: 20 },
        new TypeError(
          'InstallationIndex.from: points[0].latitude (installation 3) must be a number, got "50"',
        ),
      ],
      [
        { latitude: null, longitude: 20 },
        new TypeError(
          'InstallationIndex.from: points[0].latitude (installation 3) must be a number, got null',
        ),
      ],
      [
        { latitude: 50, longitude: '20' },
        new TypeError(
          'InstallationIndex.from: points[0].longitude (installation 3) must be a number, got "20"',
        ),
      ],
      [
        { latitude: -90.5, longitude: 20 },
        new RangeError(
          'InstallationIndex.from: points[0].latitude (installation 3) must be a finite number in [-90, 90], got -90.5',
        ),
      ],
      [
        { latitude: 0, longitude: -181 },
        new RangeError(
          'InstallationIndex.from: points[0].longitude (installation 3) must be a finite number in [-180, 180], got -181',
        ),
      ],
      [
        { latitude: 0, longitude: 180.5 },
        new RangeError(
          'InstallationIndex.from: points[0].longitude (installation 3) must be a finite number in [-180, 180], got 180.5',
        ),
      ],
    ];
    for (const [coordinates, error] of cases) {
      expect(fromPoints([{ id: 3, ...coordinates }])).toThrow(error);
    }
  });

  it('names both positions of a repeated id, wherever they are', () => {
    const at = (id: number) => ({ id, latitude: 0, longitude: 0 });
    expect(fromPoints([at(5), at(1), at(2), at(1)])).toThrow(
      'InstallationIndex.from: points[3].id 1 duplicates points[1].id ({"id":1,"latitude":0,"longitude":0})',
    );
    expect(fromPoints([at(9), at(8), at(7), at(8)])).toThrow(
      'points[3].id 8 duplicates points[1].id',
    );
  });

  it('accepts the coordinate extremes: both poles and both spellings of the antimeridian', () => {
    const built = buildTree([
      { id: 1, latitude: -90, longitude: -180 },
      { id: 2, latitude: 90, longitude: 180 },
    ]);
    expect(Array.from(built.idsByPosition)).toEqual([1, 2]);
  });
});
