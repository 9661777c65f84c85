import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkArrayLike,
  checkFiniteNumber,
  checkFunction,
  checkNonEmptyString,
  checkNotNaN,
  checkNumberInRange,
  checkObject,
  checkOneOf,
  checkOptionalFunction,
  checkSafeInteger,
  isNumberArrayLike,
} from '../../src/arguments/argument-checks.js';

// Oracle for checkNumberInRange: a number passes exactly when min <= value <= max.
const inRange = (v: number, min: number, max: number) => !Number.isNaN(v) && v >= min && v <= max;

describe('checkNumberInRange', () => {
  it('rejects a non-number with a TypeError and an out-of-range number with a RangeError', () => {
    expect(() => checkNumberInRange('f', 'latitude', '1', -90, 90)).toThrow(
      new TypeError('f: latitude must be a number, got "1"'),
    );
    expect(() => checkNumberInRange('f', 'latitude', 91, -90, 90)).toThrow(
      new RangeError('f: latitude must be a finite number in [-90, 90], got 91'),
    );
    expect(() => checkNumberInRange('f', 'latitude', Number.NaN, -90, 90)).toThrow(RangeError);
    expect(() => checkNumberInRange('f', 'latitude', -90, -90, 90)).not.toThrow();
  });

  it('passes exactly the numbers inside the closed range', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        (v, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const passes = (() => {
            try {
              checkNumberInRange('f', 'x', v, min, max);
              return true;
            } catch (error) {
              expect(error).toBeInstanceOf(RangeError);
              return false;
            }
          })();
          expect(passes).toBe(inRange(v, min, max));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('checkFiniteNumber / checkNotNaN / checkSafeInteger', () => {
  it('names function, parameter and value', () => {
    expect(() => checkFiniteNumber('InMemoryStore.pruneBefore', 'atMs', Number.NaN)).toThrow(
      new RangeError('InMemoryStore.pruneBefore: atMs must be a finite number, got NaN'),
    );
    expect(() => checkFiniteNumber('f', 'atMs', null)).toThrow(
      new TypeError('f: atMs must be a finite number, got null'),
    );
    expect(() => checkNotNaN('f', 'maxDistanceKm', Number.NaN)).toThrow(
      new RangeError('f: maxDistanceKm must not be NaN, got NaN'),
    );
    expect(() => checkNotNaN('f', 'maxDistanceKm', Number.POSITIVE_INFINITY)).not.toThrow();
    expect(() => checkNotNaN('f', 'maxDistanceKm', 'x')).toThrow(TypeError);
    expect(() => checkSafeInteger('f', 'installationId', 1.5)).toThrow(
      new RangeError('f: installationId must be an integer, got 1.5'),
    );
    expect(() => checkSafeInteger('f', 'installationId', '1')).toThrow(
      new TypeError('f: installationId must be a number, got "1"'),
    );
  });

  it('agree with the number predicates for every value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.anything()), (v) => {
        const passes = (check: () => void) => {
          try {
            check();
            return true;
          } catch {
            return false;
          }
        };
        const isNumber = typeof v === 'number';
        expect(passes(() => checkFiniteNumber('f', 'x', v))).toBe(isNumber && Number.isFinite(v));
        expect(passes(() => checkNotNaN('f', 'x', v))).toBe(isNumber && !Number.isNaN(v));
        expect(passes(() => checkSafeInteger('f', 'x', v))).toBe(Number.isSafeInteger(v));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('checkOneOf / checkObject / checkFunction / checkOptionalFunction / isNumberArrayLike', () => {
  it('name function, parameter and value', () => {
    expect(() => checkOneOf('f', 'options.language', 'de', ['en', 'pl'])).toThrow(
      new RangeError('f: options.language must be one of en, pl, got "de"'),
    );
    expect(() => checkOneOf('f', 'options.language', 'pl', ['en', 'pl'])).not.toThrow();
    expect(() => checkObject('f', 'options', 3)).toThrow(
      new TypeError('f: options must be an object, got 3'),
    );
    expect(() => checkObject('f', 'options', null)).toThrow(TypeError);
    expect(() => checkObject('f', 'options', [])).not.toThrow();
    expect(() => checkFunction('f', 'options.clock', 3)).toThrow(
      new TypeError('f: options.clock must be a function, got 3'),
    );
    expect(() => checkFunction('f', 'options.clock', () => 0)).not.toThrow();
    expect(() => checkOptionalFunction('f', 'options.store.refresh', true)).toThrow(
      new TypeError('f: options.store.refresh must be a function when present, got true'),
    );
    expect(() => checkOptionalFunction('f', 'options.store.refresh', null)).toThrow(TypeError);
    expect(() => checkOptionalFunction('f', 'options.store.refresh', undefined)).not.toThrow();
    expect(() => checkOptionalFunction('f', 'options.store.refresh', () => 0)).not.toThrow();
    expect(isNumberArrayLike(new Float64Array(2))).toBe(true);
    expect(isNumberArrayLike([1, 2])).toBe(true);
    expect(isNumberArrayLike({ length: '2' })).toBe(false);
    expect(isNumberArrayLike(null)).toBe(false);
  });

  it('checkNonEmptyString takes a string with a character, and names what it expected', () => {
    expect(() => checkNonEmptyString('f', 'options.outDir', '')).toThrow(
      new TypeError('f: options.outDir must be a non-empty string, got ""'),
    );
    expect(() => checkNonEmptyString('f', 'options.outDir', 7, 'a directory path')).toThrow(
      new TypeError('f: options.outDir must be a directory path, got 7'),
    );
    expect(() => checkNonEmptyString('f', 'p', ' ')).not.toThrow();
  });
});

describe('checkArrayLike', () => {
  it('takes arrays and typed arrays, and names any other value without printing an object whole', () => {
    expect(() => checkArrayLike('f', 'values', [1, 2])).not.toThrow();
    expect(() => checkArrayLike('f', 'values', new Float64Array(3))).not.toThrow();
    const message = (got: string) =>
      new TypeError(`f: values must be an array or typed array of numbers, got ${got}`);
    expect(() => checkArrayLike('f', 'values', null)).toThrow(message('null'));
    expect(() => checkArrayLike('f', 'values', undefined)).toThrow(message('undefined'));
    expect(() => checkArrayLike('f', 'values', 3)).toThrow(message('3'));
    expect(() => checkArrayLike('f', 'values', 'abc')).toThrow(message('"abc"'));
    expect(() => checkArrayLike('f', 'values', { length: -1 })).toThrow(message('[object Object]'));
    expect(() => checkArrayLike('f', 'values', new Map())).toThrow(message('[object Map]'));
  });
});
