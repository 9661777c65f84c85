import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentError, describeValue } from '../../src/arguments/describe-value.js';

describe('describeValue', () => {
  it('describes values of every kind without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue('x')).toBe('"x"');
    expect(describeValue(1n)).toBe('1n');
    expect(describeValue(cyclic)).toBe('[object Object]');
    expect(describeValue(Number.NaN)).toBe('NaN');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(new Date(Number.NaN))).toBe('Date(Invalid)');
    expect(describeValue(new Date(0))).toBe('Date(1970-01-01T00:00:00.000Z)');
    expect(describeValue({ a: 1 })).toBe('{"a":1}');
    fc.assert(
      fc.property(fc.anything(), (v) => typeof describeValue(v) === 'string'),
      { numRuns: 1000 },
    );
  });
});

describe('argumentError', () => {
  it('names function, parameter, expectation and value', () => {
    const error = argumentError(RangeError, 'f', 'radiusKm', 'must be positive', -1);
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe('f: radiusKm must be positive, got -1');
  });

  it('keeps the one message shape for any names and values', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.anything(), (fn, param, what, v) => {
        const error = argumentError(TypeError, fn, param, what, v);
        expect(error).toBeInstanceOf(TypeError);
        expect(error.message).toBe(`${fn}: ${param} ${what}, got ${describeValue(v)}`);
      }),
      { numRuns: 1000 },
    );
  });
});
