import { describe, expect, it } from 'vitest';
import type { NeighbourHit } from '../../src/geo/geo-point.js';
import { interpolateAverages } from '../../src/geo/interpolate-averages.js';
import type { WindowAverages } from '../../src/model/window-averages.js';

// interpolateAverages on worked examples (the properties against the direct IDW oracle:
// interpolate-averages-properties.test.ts; every argument check:
// interpolate-averages-arguments.test.ts).

describe('interpolateAverages examples', () => {
  it('weights each type over the neighbours that have it', () => {
    expect(
      interpolateAverages(
        [
          { id: 1, distanceKm: 0.5 },
          { id: 2, distanceKm: 1 },
        ],
        [{ PM10: 10, PM25: 8 }, { PM10: 40 }],
      ),
    ).toEqual({ PM10: 20, PM25: 8 });
  });

  it('has no key for a type no neighbour has, and nothing without neighbours', () => {
    const result = interpolateAverages([{ id: 1, distanceKm: 1 }], [{ PM10: 5, PM25: undefined }]);
    expect(Object.keys(result)).toEqual(['PM10']);
    expect(interpolateAverages([], [])).toEqual({});
  });

  it('throws on mismatched lengths and non-finite averages', () => {
    expect(() => interpolateAverages([{ id: 1, distanceKm: 1 }], [])).toThrow(
      new RangeError('interpolateAverages: averages must hold one entry per neighbour (1), got 0'),
    );
    expect(() => interpolateAverages([{ id: 1, distanceKm: 1 }], [{ PM10: Number.NaN }])).toThrow(
      new RangeError(
        'interpolateAverages: averages[0].PM10 must be a finite number or absent, got NaN',
      ),
    );
  });
});

describe('interpolateAverages examples moved from interpolateInverseDistance', () => {
  it('weights by 1 / distance whatever order the neighbours come in', () => {
    const result = interpolateAverages(
      [
        { id: 2, distanceKm: 1 },
        { id: 1, distanceKm: 0.5 },
      ],
      [{ PM10: 40 }, { PM10: 10 }],
    );
    expect(result.PM10).toBe(20);
  });

  it('returns a sensor standing at the point exactly, several such sensors as their mean', () => {
    const near = { id: 3, distanceKm: 0.3 };
    expect(
      interpolateAverages([near, { id: 1, distanceKm: 0 }], [{ PM10: 90 }, { PM10: 7 }]),
    ).toEqual({ PM10: 7 });
    expect(
      interpolateAverages(
        [near, { id: 5, distanceKm: 0.0009 }, { id: 4, distanceKm: 0.0002 }],
        [{ PM10: 90 }, { PM10: 12 }, { PM10: 6 }],
      ),
    ).toEqual({ PM10: 9 });
  });

  it('throws naming the bad neighbour or argument', () => {
    expect(() => interpolateAverages([{ id: 1, distanceKm: -0.1 }], [{ PM10: 1 }])).toThrow(
      new RangeError(
        'interpolateAverages: neighbours[0].distanceKm must be a finite number >= 0, got -0.1',
      ),
    );
    expect(() =>
      interpolateAverages([{ id: 1, distanceKm: Number.POSITIVE_INFINITY }], [{ PM10: 1 }]),
    ).toThrow(/neighbours\[0\]\.distanceKm .* got Infinity/);
    expect(() => interpolateAverages([{ id: Number.NaN, distanceKm: 1 }], [{ PM10: 1 }])).toThrow(
      new TypeError('interpolateAverages: neighbours[0].id must be a number, got NaN'),
    );
    expect(() =>
      interpolateAverages(
        [
          { id: 1, distanceKm: 1 },
          { id: 2, distanceKm: 1 },
        ],
        [{ PM10: 1 }, { PM10: Number.NaN }],
      ),
    ).toThrow(
      new RangeError(
        'interpolateAverages: averages[1].PM10 must be a finite number or absent, got NaN',
      ),
    );
    expect(() => interpolateAverages('x' as unknown as NeighbourHit[], [])).toThrow(
      new TypeError('interpolateAverages: neighbours must be an array, got "x"'),
    );
    expect(() => interpolateAverages([null as unknown as NeighbourHit], [{}])).toThrow(TypeError);
    expect(() =>
      interpolateAverages([{ id: 1, distanceKm: 1 }], [null as unknown as WindowAverages]),
    ).toThrow(new TypeError('interpolateAverages: averages[0] must be an object, got null'));
  });

  it('keeps a type named __proto__ as a value of its own', () => {
    const record = JSON.parse('{"__proto__": 5, "PM10": 1}') as WindowAverages;
    const result = interpolateAverages([{ id: 1, distanceKm: 1 }], [record]);
    expect(Object.keys(result)).toEqual(['PM10', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe(5);
  });
});
