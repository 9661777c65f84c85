import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitFrame,
  fromBase,
  inverseMercator,
  mercator,
  toBase,
} from '../../../src/page/client/map-projection.js';
import { RUNS } from '../../helpers/property-runs.js';

// Web Mercator written out from its definition (x = λ/2π + ½, y = ½ − ln tan(π/4 + φ/2)/2π),
// the oracle of the page's form.
function oracle(latitude: number, longitude: number) {
  const phi = (latitude * Math.PI) / 180;
  return {
    x: longitude / 360 + 0.5,
    y: 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI),
  };
}

const latitudeArb = fc.double({ min: -85, max: 85, noNaN: true });
const longitudeArb = fc.double({ min: -180, max: 180, noNaN: true });
const positionArb = fc.record({ latitude: latitudeArb, longitude: longitudeArb });

describe('mercator', () => {
  it('puts (0, 0) in the middle of the unit square and the antimeridian at its edges', () => {
    expect(mercator({ latitude: 0, longitude: 0 })).toEqual({ x: 0.5, y: 0.5 });
    expect(mercator({ latitude: 0, longitude: -180 }).x).toBe(0);
    expect(mercator({ latitude: 0, longitude: 180 }).x).toBe(1);
    // North is up: a northern latitude has a smaller y.
    expect(mercator({ latitude: 50.0614, longitude: 19.9366 }).y).toBeCloseTo(0.338879, 6); // by hand (Python)
  });

  it('agrees with the textbook formula and inverts', () => {
    fc.assert(
      fc.property(latitudeArb, longitudeArb, (latitude, longitude) => {
        const point = mercator({ latitude, longitude });
        const expected = oracle(latitude, longitude);
        expect(point.x).toBeCloseTo(expected.x, 12);
        expect(point.y).toBeCloseTo(expected.y, 12);
        const back = inverseMercator(point);
        expect(back.latitude).toBeCloseTo(latitude, 9);
        expect(back.longitude).toBeCloseTo(longitude, 9);
      }),
      RUNS,
    );
  });
});

describe('fitFrame', () => {
  it('fits every position inside the padded box, touching it on at least one axis', () => {
    fc.assert(
      fc.property(
        fc.array(positionArb, { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 200, max: 2000 }),
        fc.integer({ min: 200, max: 2000 }),
        (positions, width, height) => {
          const xs = positions.map((p) => mercator(p).x);
          const ys = positions.map((p) => mercator(p).y);
          fc.pre(
            Math.max(...xs) - Math.min(...xs) > 1e-4 && Math.max(...ys) - Math.min(...ys) > 1e-4,
          );
          const frame = fitFrame(positions, width, height, 20);
          const points = positions.map((p) => toBase(frame, p));
          const eps = 1e-6;
          for (const { x, y } of points) {
            expect(x).toBeGreaterThanOrEqual(20 - eps);
            expect(x).toBeLessThanOrEqual(width - 20 + eps);
            expect(y).toBeGreaterThanOrEqual(20 - eps);
            expect(y).toBeLessThanOrEqual(height - 20 + eps);
          }
          const spanX = Math.max(...points.map((p) => p.x)) - Math.min(...points.map((p) => p.x));
          const spanY = Math.max(...points.map((p) => p.y)) - Math.min(...points.map((p) => p.y));
          expect(Math.max(spanX / (width - 40), spanY / (height - 40))).toBeCloseTo(1, 9);
        },
      ),
      RUNS,
    );
  });

  it('round-trips base pixels to positions', () => {
    fc.assert(
      fc.property(
        fc.array(positionArb, { minLength: 1, maxLength: 10 }),
        positionArb,
        (positions, probe) => {
          const frame = fitFrame(positions, 800, 600, 24);
          const back = fromBase(frame, toBase(frame, probe));
          expect(back.latitude).toBeCloseTo(probe.latitude, 7);
          expect(back.longitude).toBeCloseTo(probe.longitude, 7);
        },
      ),
      RUNS,
    );
  });

  it('centres a single installation with a finite scale', () => {
    const frame = fitFrame([{ latitude: 50, longitude: 20 }], 800, 600, 24);
    expect(Number.isFinite(frame.scale)).toBe(true);
    const point = toBase(frame, { latitude: 50, longitude: 20 });
    expect(point.x).toBeCloseTo(400, 6);
    expect(point.y).toBeCloseTo(300, 6);
  });
});
