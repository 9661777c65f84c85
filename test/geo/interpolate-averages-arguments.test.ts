import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NeighbourHit } from '../../src/geo/geo-point.js';
import { interpolateAverages } from '../../src/geo/interpolate-averages.js';
import type { WindowAverages } from '../../src/model/window-averages.js';
import { neighboursWithAveragesArb } from '../helpers/geo-idw-arbitraries.js';
import { RUNS } from '../helpers/property-runs.js';

// The whole message and the error class of each check (`toThrow(error)` compares both): a
// check that let a bad neighbour through would otherwise pass on whatever the engine throws.
function call(neighbours: unknown, averages: unknown): () => unknown {
  return () => interpolateAverages(neighbours as NeighbourHit[], averages as WindowAverages[]);
}

describe('interpolateAverages argument checks', () => {
  it('names an argument that is not an array', () => {
    expect(call([], 'x')).toThrow(
      new TypeError('interpolateAverages: averages must be an array, got "x"'),
    );
    expect(call([], { length: 0 })).toThrow(
      new TypeError('interpolateAverages: averages must be an array, got {"length":0}'),
    );
  });

  it('names a neighbour that is not an object', () => {
    for (const [bad, shown] of [
      [null, 'null'],
      [5, '5'],
      ['n', '"n"'],
    ] as const) {
      expect(call([{ id: 1, distanceKm: 1 }, bad], [{}, {}])).toThrow(
        new TypeError(
          `interpolateAverages: neighbours[1] must be an object with id and distanceKm, got ${shown}`,
        ),
      );
    }
  });

  it('gives a TypeError for an id or a distance that is not a number', () => {
    expect(call([{ id: '1', distanceKm: 1 }], [{}])).toThrow(
      new TypeError('interpolateAverages: neighbours[0].id must be a number, got "1"'),
    );
    expect(call([{ id: 1, distanceKm: '1' }], [{}])).toThrow(
      new TypeError(
        'interpolateAverages: neighbours[0].distanceKm must be a finite number >= 0, got "1"',
      ),
    );
    expect(call([{ id: 1, distanceKm: Number.NaN }], [{}])).toThrow(
      new RangeError(
        'interpolateAverages: neighbours[0].distanceKm must be a finite number >= 0, got NaN',
      ),
    );
  });

  it('names an average that is present but not a finite number, of any type', () => {
    expect(call([{ id: 1, distanceKm: 1 }], [{ PM10: '5' }])).toThrow(
      new RangeError(
        'interpolateAverages: averages[0].PM10 must be a finite number or absent, got "5"',
      ),
    );
    expect(call([{ id: 1, distanceKm: 1 }], [{ PM10: null }])).toThrow(
      new RangeError(
        'interpolateAverages: averages[0].PM10 must be a finite number or absent, got null',
      ),
    );
  });
});

describe('interpolateAverages result shape', () => {
  it('lists the types in sorted order, whatever order they came in', () => {
    const result = interpolateAverages(
      [
        { id: 1, distanceKm: 1 },
        { id: 2, distanceKm: 2 },
      ],
      [
        { PM25: 1, TEMPERATURE: 2 },
        { NO2: 3, CO: 4, PM10: 5 },
      ],
    );
    expect(Object.keys(result)).toEqual(['CO', 'NO2', 'PM10', 'PM25', 'TEMPERATURE']);
    fc.assert(
      fc.property(neighboursWithAveragesArb, ({ neighbours, averages }) => {
        const keys = Object.keys(interpolateAverages(neighbours, averages));
        expect(keys).toEqual([...keys].sort());
      }),
      RUNS,
    );
  });

  it('keeps a type named __proto__ as a plain, writable own value', () => {
    const record = JSON.parse('{"__proto__": 5, "PM10": 1}') as WindowAverages;
    const result = interpolateAverages([{ id: 1, distanceKm: 1 }], [record]);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')).toEqual({
      value: 5,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.getOwnPropertyDescriptor(result, 'PM10')).toEqual({
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});
