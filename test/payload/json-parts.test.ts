import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeJsonWithParts, freezeAsJsonPart } from '../../src/payload/json-parts.js';

const decoder = new TextDecoder();
const text = (value: unknown) => decoder.decode(encodeJsonWithParts(value));

describe('freezeAsJsonPart / encodeJsonWithParts', () => {
  it('copies a marked part into the body (the examples)', () => {
    const history = freezeAsJsonPart([1, 2]);
    expect(text({ current: 0, history })).toBe('{"current":0,"history":[1,2]}');
    const nested = freezeAsJsonPart([{ values: [{ name: 'PM10', value: 1 }] }]);
    expect(Object.isFrozen(nested[0]?.values[0])).toBe(true);
    expect(Object.keys(nested)).toEqual(['0']);
    expect(JSON.stringify(nested)).toBe('[{"values":[{"name":"PM10","value":1}]}]');
  });

  it('keeps JSON.stringify’s rules for the other members', () => {
    const part = freezeAsJsonPart({ a: 'ą' });
    const body = { skipped: undefined, f: () => 1, part, n: null, when: new Date(0) };
    expect(text(body)).toBe(JSON.stringify(body));
    expect(text({ part, later: { toJSON: () => 'x' } })).toBe('{"part":{"a":"ą"},"later":"x"}');
    expect(text([part])).toBe('[{"a":"ą"}]');
  });

  it('gives exactly the bytes of JSON.stringify for any object with marked parts', () => {
    const member = fc.oneof(
      fc.jsonValue().map((value) => ({ value, marked: false })),
      fc
        .oneof(fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()))
        .map((value) => ({ value: freezeAsJsonPart(value), marked: true })),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), member), fc.boolean(), (members, twice) => {
        // Own data properties, whatever the key: `body[key] = value` would make a `__proto__`
        // key the body's prototype instead (and a frozen one makes later keys read-only).
        const body: Record<string, unknown> = Object.fromEntries(
          Object.entries(members).map(([key, { value }]) => [key, value]),
        );
        if (twice) encodeJsonWithParts(body); // the second encoding reuses the kept bytes
        expect(text(body)).toBe(JSON.stringify(body));
      }),
      { numRuns: 1000 },
    );
  });
});
