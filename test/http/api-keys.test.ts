import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyRing, parseKeyList, presentedKey } from '../../src/http/api-keys.js';

const DEFAULTS = { dayLimit: 100, minuteLimit: 50 };
const keyArbitrary = fc.stringMatching(/^[A-Za-z0-9_.~-]{1,24}$/);

describe('parseKeyList', () => {
  it('reads keys with optional day and minute limits', () => {
    expect(parseKeyList('demo, partner:5000:120,third:7')).toEqual([
      { key: 'demo' },
      { key: 'partner', dayLimit: 5000, minuteLimit: 120 },
      { key: 'third', dayLimit: 7 },
    ]);
  });

  it.each(['', 'a,,b', 'a:0', 'a:x', 'a:1:2:3', 'a b', 'a:-1', 'a:1.5'])(
    'rejects %j without echoing a key',
    (text) => {
      expect(() => parseKeyList(text)).toThrow(RangeError);
      try {
        parseKeyList(text);
      } catch (error) {
        expect((error as Error).message).toMatch(/^parseKeyList: key list entry \d/);
      }
    },
  );

  it('round-trips any list of keys and limits', () => {
    const entry = fc.record(
      {
        key: keyArbitrary,
        dayLimit: fc.integer({ min: 1, max: 1e6 }),
        minuteLimit: fc.integer({ min: 1, max: 1e4 }),
      },
      { requiredKeys: ['key'] },
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 5 }), (entries) => {
        fc.pre(entries.every((e) => e.minuteLimit === undefined || e.dayLimit !== undefined));
        const text = entries
          .map((e) => [e.key, e.dayLimit, e.minuteLimit].filter((p) => p !== undefined).join(':'))
          .join(',');
        expect(parseKeyList(text)).toEqual(entries);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('createKeyRing', () => {
  it('identifies configured keys with their limits and nothing else', async () => {
    const ring = createKeyRing(['demo', { key: 'big', dayLimit: 5000 }], DEFAULTS);
    expect(ring.size).toBe(2);
    const demo = await ring.identify('demo');
    expect(demo).toMatchObject({ dayLimit: 100, minuteLimit: 50 });
    expect(demo?.clientId).toMatch(/^[0-9a-f]{64}$/);
    expect(demo?.clientId).not.toContain('demo');
    expect(await ring.identify('big')).toMatchObject({ dayLimit: 5000 });
    for (const guess of ['', 'dem', 'demo ', 'DEMO', 'demox'])
      expect(await ring.identify(guess)).toBeUndefined();
  });

  it('finds a key exactly when it is configured', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(keyArbitrary, { minLength: 1, maxLength: 5 }),
        keyArbitrary,
        async (keys, guess) => {
          const ring = createKeyRing(keys, DEFAULTS);
          expect((await ring.identify(guess)) !== undefined).toBe(keys.includes(guess));
          for (const key of keys) expect(await ring.identify(key)).toBeDefined();
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('presentedKey', () => {
  it('prefers the header, then one distinct non-empty query value', () => {
    expect(presentedKey('h', ['q'])).toEqual({ status: 'present', key: 'h' });
    expect(presentedKey(undefined, ['q'])).toEqual({ status: 'present', key: 'q' });
    expect(presentedKey('', ['q', 'q', ''])).toEqual({ status: 'present', key: 'q' });
    expect(presentedKey(undefined, [])).toEqual({ status: 'missing' });
    expect(presentedKey(undefined, [''])).toEqual({ status: 'missing' });
    expect(presentedKey(undefined, ['a', 'b'])).toEqual({ status: 'ambiguous' });
  });
});
