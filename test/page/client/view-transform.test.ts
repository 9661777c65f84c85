import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IDENTITY_VIEW,
  MAX_ZOOM,
  MIN_ZOOM,
  pan,
  toBasePoint,
  toScreen,
  transformAttribute,
  zoomAt,
} from '../../../src/page/client/view-transform.js';
import { RUNS } from '../../helpers/property-runs.js';

const coordinateArb = fc.double({ min: -5000, max: 5000, noNaN: true });
const pointArb = fc.record({ x: coordinateArb, y: coordinateArb });
const viewArb = fc.record({
  tx: coordinateArb,
  ty: coordinateArb,
  k: fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true }),
});

describe('view transform', () => {
  it('writes the SVG transform and pans by screen pixels', () => {
    expect(transformAttribute(IDENTITY_VIEW)).toBe('translate(0 0) scale(1)');
    expect(pan({ tx: 1, ty: 2, k: 3 }, 10, -5)).toEqual({ tx: 11, ty: -3, k: 3 });
  });

  it('keeps the point under the cursor where it is when zooming, within the limits', () => {
    fc.assert(
      fc.property(
        viewArb,
        pointArb,
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (view, screen, factor) => {
          const anchor = toBasePoint(view, screen);
          const zoomed = zoomAt(view, screen, factor);
          expect(zoomed.k).toBeCloseTo(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k * factor)), 12);
          const after = toScreen(zoomed, anchor);
          expect(after.x).toBeCloseTo(screen.x, 6);
          expect(after.y).toBeCloseTo(screen.y, 6);
        },
      ),
      RUNS,
    );
  });

  it('maps screen to base and back', () => {
    fc.assert(
      fc.property(viewArb, pointArb, (view, point) => {
        const back = toBasePoint(view, toScreen(view, point));
        expect(back.x).toBeCloseTo(point.x, 6);
        expect(back.y).toBeCloseTo(point.y, 6);
      }),
      RUNS,
    );
  });
});
