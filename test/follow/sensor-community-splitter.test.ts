// JsonArraySplitter: worked examples, then properties over generated JSON arrays cut into
// chunks anywhere, checked against JSON.parse of the whole text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonArraySplitter } from '../../src/follow/sensor-community-splitter.js';
import { RUNS } from '../helpers/property-runs.js';

/** Feeds `chunks` and returns the element texts, or the SyntaxError's message. */
function split(chunks: readonly string[], maxElementChars = 1000): string[] | string {
  const splitter = new JsonArraySplitter(maxElementChars);
  const texts: string[] = [];
  try {
    for (const chunk of chunks) splitter.push(chunk, (text) => texts.push(text));
    splitter.end();
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return (error as Error).message;
  }
  return texts;
}

/** Cuts `text` at the given positions (any order, repeats and ends allowed). */
function cut(text: string, positions: readonly number[]): string[] {
  const at = [...new Set(positions.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const to of at) {
    chunks.push(text.slice(from, to));
    from = to;
  }
  chunks.push(text.slice(from));
  return chunks;
}

describe('JsonArraySplitter', () => {
  it('finds the end of each element past strings, escapes and nesting', () => {
    const text = '[{"a": "x], {y\\"}", "b": [1, [2]]}, "\\\\", -1.5e3 ,null,[]]';
    expect(split([text])).toEqual([
      '{"a": "x], {y\\"}", "b": [1, [2]]}',
      '"\\\\"',
      '-1.5e3 ',
      'null',
      '[]',
    ]);
    // The same, one character at a time.
    expect(split([...text])).toEqual(split([text]));
  });

  it('reads empty arrays and white space around the array', () => {
    expect(split(['\n [ \t', ']\r\n '])).toEqual([]);
    expect(split(['[', '', ']'])).toEqual([]);
  });

  it('refuses text that cannot be one JSON array', () => {
    expect(split([''])).toBe('no JSON array');
    expect(split(['[1,', '2'])).toBe('the array ends before its closing ]');
    expect(split(['[1, ]'])).toBe('expected an element after a comma, got "]"');
    expect(split(['[1,,2]'])).toBe('expected an element after a comma, got ","');
    expect(split(['[,1]'])).toBe('expected an element or ] after [, got ","');
    expect(split(['{"a": 1}'])).toBe('expected [ at the start, got "{"');
    expect(split(['[1]x'])).toBe('expected nothing after the array, got "x"');
    expect(split(['[{"a": 1}}]'])).toBe('an unmatched } in an element');
    expect(split(['["', 'x'.repeat(20)], 10)).toBe('an element longer than 10 characters');
  });

  it('leaves an element that is not JSON to JSON.parse', () => {
    // Found as one element; JSON.parse then refuses each.
    for (const element of ['1 2', "{'a': 1}", '[1,]', 'tru', '"\\x"']) {
      const texts = split([`[${element}]`]);
      expect(texts).toEqual([element]);
      expect(() => JSON.parse(element)).toThrow(SyntaxError);
    }
  });

  it('gives the elements JSON.parse gives, wherever the chunks are cut (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }),
        fc.constantFrom(undefined, 1, 2, '\t'),
        fc.array(fc.nat(), { maxLength: 12 }),
        (array, indent, positions) => {
          const text = JSON.stringify(array, null, indent);
          const chunks = cut(text, positions);
          const splitter = new JsonArraySplitter(text.length);
          const texts: string[] = [];
          for (const chunk of chunks) splitter.push(chunk, (t) => texts.push(t));
          splitter.end();
          expect(texts.map((t) => JSON.parse(t))).toEqual(JSON.parse(text));
          // It holds at most the unfinished element and one chunk.
          const longestElement = Math.max(0, ...texts.map((t) => t.length));
          const longestChunk = Math.max(...chunks.map((c) => c.length));
          expect(splitter.peakBufferedChars).toBeLessThanOrEqual(longestElement + longestChunk);
        },
      ),
      RUNS,
    );
  });

  it('reads strings of quotes and backslashes cut inside their escapes (1,000 runs)', () => {
    // The splitter jumps from a string's opening quote to its closing one: escaped quotes and
    // runs of backslashes, split between chunks at any place, must not end a string early.
    const awkward = fc.string({ unit: fc.constantFrom('\\', '"', ']', ',', '{', 'a') });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(awkward, fc.dictionary(awkward, awkward)), { maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (array, positions) => {
          const text = JSON.stringify(array);
          const texts = split(cut(text, positions), text.length);
          expect(Array.isArray(texts) ? texts.map((t) => JSON.parse(t)) : texts).toEqual(array);
        },
      ),
      RUNS,
    );
  });

  it('never finishes an array cut short, wherever it is cut (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 6 }),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 6 }),
        (array, end, positions) => {
          const text = JSON.stringify(array, null, 1);
          const prefix = text.slice(0, end % text.length);
          expect(typeof split(cut(prefix, positions), text.length)).toBe('string');
        },
      ),
      RUNS,
    );
  });
});
