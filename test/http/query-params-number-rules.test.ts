import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type ParamRule, parseParams } from '../../src/http/query-params.js';

// One text read by a required rule, as a route reads its parameter: the value, or undefined for
// a violation. The text decoding depends only on the kind of number the rule takes.
function readWith(rule: ParamRule, text: string): unknown {
  const parsed = parseParams({ x: rule }, new Map([['x', [text]]]));
  return parsed.ok ? parsed.values.x : undefined;
}
const parseDecimal = (text: string) => readWith(v.number(), text);
const parseSafeInteger = (text: string) => readWith(v.pipe(v.number(), v.safeInteger()), text);

describe('a number rule reads plain decimals only', () => {
  it.each([
    ['50.062006', 50.062006],
    ['-3', -3],
    ['3.000000', 3],
    ['+1.5', 1.5],
    ['.5', 0.5],
    ['5.', 5],
    ['007', 7],
  ])('accepts %s', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });

  it.each([
    '1e999',
    '1e3',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '12abc',
    '',
    ' 1',
    '1 ',
    '.',
    '-',
    '1,5',
    '0b1',
    `1${'0'.repeat(400)}`,
  ])('rejects %j', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it('reads back every finite double written with toFixed, as Number does', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e15, max: 1e15, noNaN: true }),
        fc.integer({ min: 0, max: 10 }),
        (value, digits) => {
          const text = value.toFixed(digits);
          expect(parseDecimal(text)).toBe(Number(text));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('rejects any text with a character outside digits, one dot and a leading sign', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (text) => {
        fc.pre(/[^0-9.+-]/.test(text));
        expect(parseDecimal(text)).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('an integer rule reads plain safe integers only', () => {
  it('accepts integers, with a fraction of zeros too, and rejects everything else', () => {
    expect(parseSafeInteger('-1')).toBe(-1);
    expect(parseSafeInteger('42')).toBe(42);
    // JSON Schema's integer: 2.0 is the integer 2 (issue 39: the parser agrees with the document).
    expect(parseSafeInteger('2.0')).toBe(2);
    expect(parseSafeInteger('-3.000')).toBe(-3);
    expect(parseSafeInteger('0.0')).toBe(0);
    expect(parseSafeInteger('7.')).toBe(7);
    for (const text of [
      '1.5',
      '2.01',
      '1e2',
      '',
      '9007199254740993',
      '9007199254740990.5',
      '0x1',
      ' 1',
      '.0',
    ])
      expect(parseSafeInteger(text)).toBeUndefined();
  });

  it('reads back every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(parseSafeInteger(String(value))).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });
});
