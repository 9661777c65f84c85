import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridStep, gridValues } from '../../../src/page/client/grid-lines.js';
import { RUNS } from '../../helpers/property-runs.js';

describe('grid lines', () => {
  it('picks the smallest listed step that gives at most maxLines lines', () => {
    expect(gridStep(0.3, 8)).toBe(0.05);
    expect(gridStep(0.04, 8)).toBe(0.005);
    expect(gridStep(1000, 8)).toBe(30);
  });

  it('lists the multiples of the step within the range, printable', () => {
    expect(gridValues(19.82, 20.07, 0.05)).toEqual([19.85, 19.9, 19.95, 20, 20.05]);
    expect(gridValues(0.25, 0.35, 0.1)).toEqual([0.3]);
    expect(gridValues(-0.02, 0.02, 0.01)).toEqual([-0.02, -0.01, 0, 0.01, 0.02]);
  });

  it('gives every multiple in range and nothing else (brute force over integer multiples)', () => {
    const steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];
    fc.assert(
      fc.property(
        fc.constantFrom(...steps),
        fc.integer({ min: -50_000, max: 50_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        (step, startThousandths, spanThousandths) => {
          const min = startThousandths / 1000;
          const max = (startThousandths + spanThousandths) / 1000;
          const stepThousandths = Math.round(step * 1000);
          const expected: number[] = [];
          for (let m = startThousandths; m <= startThousandths + spanThousandths; m++)
            if (m % stepThousandths === 0) expected.push(m / 1000);
          expect(gridValues(min, max, step)).toEqual(expected);
        },
      ),
      RUNS,
    );
  });
});
