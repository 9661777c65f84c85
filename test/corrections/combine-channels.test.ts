import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChannelPeriod, combineChannels, correctPm25 } from '../../src/corrections/index.js';
import { nextDown, nextUp, oracleCombine } from '../helpers/corrections-oracle.js';
import { RUNS } from '../helpers/property-runs.js';

// §7.2 (A1–A13) and the §7.3 pipeline as tables; decisions compared exactly with the oracle,
// on generated pairs and on pairs built to sit exactly on each limit or a hair beyond.

const NaN_ = Number.NaN;

// biome-ignore format: one row of the reference's table a line
const ROWS: readonly [string, number, number, ChannelPeriod, 0 | 1, number][] = [
  ['A1', 10, 14.9, 'HOUR', 1, 12.45],
  ['A2', 1, 6, 'HOUR', 1, 3.5],
  ['A3', 0, 6, 'HOUR', 0, NaN_],
  ['A4', 13.5, 6.5, 'HOUR', 1, 10],
  ['A5', 13.75, 6.25, 'HOUR', 0, NaN_],
  ['A6', 13.25, 6.75, 'HOUR', 1, 10],
  ['A7', 130.5, 69.5, 'DAY', 1, 100],
  ['A8', 131, 69, 'DAY', 0, NaN_],
  ['A9', 131, 69, 'HOUR', 1, 100],
  ['A10', 100, 130, 'HOUR', 1, 115],
  ['A11', NaN_, 5, 'HOUR', 0, NaN_],
  ['A12', -1, 3, 'HOUR', 0, NaN_],
  ['A13', 0, 0, 'HOUR', 1, 0],
];

describe('combineChannels: the worked examples of §7.2', () => {
  it.each(ROWS)('%s', (_, a, b, period, valid, value) => {
    const result = combineChannels({ a: [a], b: [b] }, { period });
    expect(result.valid).toEqual(Uint8Array.of(valid));
    expect(result.values).toEqual(Float64Array.of(value));
    // Swapping the channels changes nothing.
    expect(combineChannels({ a: [b], b: [a] }, { period })).toEqual(result);
  });

  it('uses the HOUR thresholds by default', () => {
    expect(combineChannels({ a: [131], b: [69] }).valid).toEqual(Uint8Array.of(1));
    expect(combineChannels({ a: [131], b: [69] }, {}).valid).toEqual(Uint8Array.of(1));
    expect(combineChannels({ a: [13.75], b: [6.25] }).valid).toEqual(Uint8Array.of(0));
  });

  it('runs the §7.3 pipeline', () => {
    const combined = combineChannels({ a: [10, 0, 13.75], b: [14.9, 6, 6.25] }, { period: 'HOUR' });
    expect(combined.values).toEqual(Float64Array.of(12.45, NaN_, NaN_));
    expect(combined.valid).toEqual(Uint8Array.of(1, 0, 0));
    const corrected = correctPm25(
      { pm25: combined.values, rh: [50, 50, 50] },
      { method: 'EPA_2021' },
    );
    expect(corrected[0]).toBeCloseTo(7.9638, 12);
    expect([...corrected.subarray(1)]).toEqual([NaN_, NaN_]);
  });

  it('gives no value for a missing, infinite or negative channel, and none from the other', () => {
    const a = [NaN_, 5, Number.POSITIVE_INFINITY, 5, -0.5, 5, Number.NEGATIVE_INFINITY];
    const b = [5, NaN_, 5, Number.POSITIVE_INFINITY, 5, -0.5, 5];
    const { values, valid } = combineChannels({ a, b });
    expect([...valid]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(values.every(Number.isNaN)).toBe(true);
    expect(combineChannels({ a: [-0], b: [0] }).valid).toEqual(Uint8Array.of(1));
  });

  it('accepts typed arrays, empty ones included, and returns new arrays', () => {
    const a = Float32Array.of(10, 20);
    const result = combineChannels({ a, b: Float64Array.of(12, 20) });
    expect(result.values).toEqual(Float64Array.of(11, 20));
    expect(result.valid).toBeInstanceOf(Uint8Array);
    expect(combineChannels({ a: [], b: [] })).toEqual({
      values: new Float64Array(0),
      valid: new Uint8Array(0),
    });
  });
});

describe('combineChannels against the oracle', () => {
  const channelArb = fc.oneof(
    fc.double({ min: 0, max: 500, noNaN: true }),
    fc.double({ min: 0, max: 20, noNaN: true }),
    fc.constantFrom(0, -0, -1, NaN_, Number.POSITIVE_INFINITY),
  );
  const periodArb = fc.constantFrom<ChannelPeriod>('HOUR', 'DAY');

  it('decides exactly as the oracle, value included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(channelArb, channelArb), { maxLength: 30 }),
        periodArb,
        (pairs, period) => {
          const a = pairs.map(([x]) => x);
          const b = pairs.map(([, y]) => y);
          const { values, valid } = combineChannels({ a, b }, { period });
          pairs.forEach(([x, y], i) => {
            const expected = oracleCombine(x, y, period);
            expect(valid[i]).toBe(expected.valid);
            expect(Object.is(values[i], expected.value) || values[i] === expected.value).toBe(true);
          });
        },
      ),
      RUNS,
    );
  });

  // Pairs on the limits: a difference of exactly 5 passes, a relative difference of exactly
  // maxRel passes, and the next double beyond either (with the other test failing) does not.
  it('keeps a pair exactly on a limit and rejects one a hair beyond both', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), periodArb, (base, period) => {
        const rel = period === 'DAY' ? 0.61 : 0.7;
        // A difference of exactly 5 passes however small the mean.
        const low = base / 8;
        expect(combineChannels({ a: [low], b: [low + 5] }, { period }).valid[0]).toBe(1);
        // A relative difference beyond maxRel passes while the difference is at most 5.
        expect(combineChannels({ a: [0], b: [5] }, { period }).valid[0]).toBe(1);
        const beyond = nextUp(5);
        const small = combineChannels({ a: [0], b: [beyond] }, { period });
        expect(small.valid[0]).toBe(0);
        // Means where `d / mean` is exactly maxRel: d = rel·m with m a multiple of 200.
        const mean = 200 * (base + 1);
        const d = rel * mean;
        const onLimit = combineChannels({ a: [mean + d / 2], b: [mean - d / 2] }, { period });
        expect(onLimit.valid[0]).toBe(oracleCombine(mean + d / 2, mean - d / 2, period).valid);
        const wider = combineChannels({ a: [mean + d], b: [mean - d] }, { period });
        expect(wider.valid[0]).toBe(0);
        const narrower = combineChannels(
          { a: [nextDown(mean + d / 4)], b: [mean - d / 4] },
          { period },
        );
        expect(narrower.valid[0]).toBe(1);
      }),
      RUNS,
    );
  });

  it('rejects a relative difference just over 0.70 by the hour and 0.61 by the day', () => {
    // d = 7.5 at a mean of 10: RPD 0.75, over both limits.
    expect(combineChannels({ a: [13.75], b: [6.25] }, { period: 'DAY' }).valid[0]).toBe(0);
    // RPD 0.65 at a mean of 10: passes by the hour, fails by the day.
    expect(combineChannels({ a: [13.25], b: [6.75] }, { period: 'HOUR' }).valid[0]).toBe(1);
    expect(combineChannels({ a: [13.25], b: [6.75] }, { period: 'DAY' }).valid[0]).toBe(0);
    // RPD 0.61 exactly passes by the day; RPD 0.70 exactly passes by the hour.
    expect(combineChannels({ a: [130.5], b: [69.5] }, { period: 'DAY' }).valid[0]).toBe(1);
    expect(combineChannels({ a: [135], b: [65] }, { period: 'HOUR' }).valid[0]).toBe(1);
    expect(combineChannels({ a: [135.25], b: [64.75] }, { period: 'HOUR' }).valid[0]).toBe(0);
  });
});

// biome-ignore format: one case a line
const MISUSE: readonly [string, () => unknown, typeof TypeError | typeof RangeError, string][] = [
  ['lengths that differ', () => combineChannels({ a: [1, 2], b: [1] }), RangeError, 'channels.b.length must have the length of channels.a (2), got 1'],
  ['a period that is neither', () => combineChannels({ a: [1], b: [1] }, { period: 'WEEK' as ChannelPeriod }), RangeError, 'options.period must be one of HOUR, DAY, got "WEEK"'],
  ['a lower-case period', () => combineChannels({ a: [1], b: [1] }, { period: 'hour' as ChannelPeriod }), RangeError, 'options.period must be one of HOUR, DAY, got "hour"'],
  ['an unknown option', () => combineChannels({ a: [1], b: [1] }, { perod: 'DAY' } as never), TypeError, 'options key must be one of period, got "perod"'],
  ['options that are not an object', () => combineChannels({ a: [1], b: [1] }, 'DAY' as never), TypeError, 'options must be an object, got "DAY"'],
  ['a channel that is not an array', () => combineChannels({ a: 1, b: [1] } as never), TypeError, 'channels.a must be an array or typed array of numbers, got 1'],
  ['a channel b that is not an array', () => combineChannels({ a: [1], b: null } as never), TypeError, 'channels.b must be an array or typed array of numbers, got null'],
  ['channels that are not an object', () => combineChannels(undefined as never), TypeError, 'channels must be an object, got undefined'],
];

describe('combineChannels misuse', () => {
  it.each(MISUSE)('refuses %s', (_, call, ErrorType, message) => {
    expect(call).toThrow(new ErrorType(`combineChannels: ${message}`));
    expect(call).toThrow(ErrorType);
  });
});
