import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyRing } from '../../src/http/api-keys.js';
import { ConnectionKeys, sameTextInConstantTime } from '../../src/http/connection-keys.js';
import { createApi } from '../../src/http/create-api.js';
import { isPromise } from '../../src/http/maybe-promise.js';
import type { ClientLimits } from '../../src/http/rate-limiter.js';
import { coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';
import { RUNS } from '../helpers/property-runs.js';

// The configured keys of the fake ring, and keys that nearly match them: the same length with
// one character changed, a prefix, an extension, another case.
const KNOWN = new Map<string, ClientLimits>([
  ['demo', { clientId: 'client-demo', dayLimit: 100, minuteLimit: 50 }],
  ['partner-key', { clientId: 'client-partner', dayLimit: 5000, minuteLimit: 120 }],
]);
const POOL = ['demo', 'demx', 'dem', 'demo!', 'DEMO', 'partner-key', 'partner-kez', 'partner', ''];

/** A key ring over {@link KNOWN} that counts the keys it is asked about. */
function countingRing(answerLater = false): KeyRing & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    size: KNOWN.size,
    identify(presentedKey) {
      asked.push(presentedKey);
      const client = KNOWN.get(presentedKey);
      return answerLater ? Promise.resolve(client) : client;
    },
  };
}

describe('sameTextInConstantTime', () => {
  it('compares like === (examples)', () => {
    expect(sameTextInConstantTime('', '')).toBe(true);
    expect(sameTextInConstantTime('demo', 'demo')).toBe(true);
    expect(sameTextInConstantTime('demo', 'demx')).toBe(false);
    expect(sameTextInConstantTime('demo', 'dem')).toBe(false);
    expect(sameTextInConstantTime('', 'a')).toBe(false);
    expect(sameTextInConstantTime('zażółć', 'zażółć')).toBe(true);
    expect(sameTextInConstantTime('zażółć', 'zażółc')).toBe(false);
    // One code unit of a surrogate pair differs: same length, different text.
    expect(sameTextInConstantTime('\u{1F600}', '\u{1F601}')).toBe(false);
    expect(sameTextInConstantTime('\uD83D', '\uD83E')).toBe(false);
  });

  it('is a === b for any texts, and for equal lengths with one code unit changed', () => {
    const text = fc.string({ unit: 'binary', maxLength: 24 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(sameTextInConstantTime(a, b)).toBe(a === b);
        expect(sameTextInConstantTime(a, a)).toBe(true);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }),
        fc.nat(),
        fc.integer({ min: 1, max: 0xffff }),
        (a, at, flip) => {
          const i = at % a.length;
          const b = a.slice(0, i) + String.fromCharCode(a.charCodeAt(i) ^ flip) + a.slice(i + 1);
          expect(b.length).toBe(a.length);
          expect(sameTextInConstantTime(a, b)).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

describe('ConnectionKeys', () => {
  it('asks the ring once per run of one key on one connection', () => {
    const ring = countingRing();
    const keys = new ConnectionKeys(ring);
    const socket = {};
    expect(keys.identify('demo', socket)).toBe(KNOWN.get('demo'));
    expect(keys.identify('demo', socket)).toBe(KNOWN.get('demo'));
    expect(ring.asked).toEqual(['demo']);
    // Another key on the same connection is asked about again, and its answer wins.
    expect(keys.identify('demx', socket)).toBeUndefined();
    expect(keys.identify('demx', socket)).toBeUndefined();
    expect(keys.identify('demo', socket)).toBe(KNOWN.get('demo'));
    expect(ring.asked).toEqual(['demo', 'demx', 'demo']);
  });

  it('keeps connections apart, and asks every time without a connection', () => {
    const ring = countingRing();
    const keys = new ConnectionKeys(ring);
    const [a, b] = [{}, {}];
    expect(keys.identify('demo', a)).toBe(KNOWN.get('demo'));
    expect(keys.identify('partner', b)).toBeUndefined();
    expect(keys.identify('demo', a)).toBe(KNOWN.get('demo'));
    expect(keys.identify('partner', b)).toBeUndefined();
    expect(keys.identify('partner-key', a)).toBe(KNOWN.get('partner-key'));
    expect(ring.asked).toEqual(['demo', 'partner', 'partner-key']);
    for (let i = 0; i < 3; i++) expect(keys.identify('demo', undefined)).toBe(KNOWN.get('demo'));
    expect(ring.asked).toHaveLength(6);
  });

  it('works with a ring that answers later, and remembers the answer once it came', async () => {
    const ring = countingRing(true);
    const keys = new ConnectionKeys(ring);
    const socket = {};
    const first = keys.identify('demo', socket);
    expect(isPromise(first)).toBe(true);
    expect(await first).toBe(KNOWN.get('demo'));
    // Remembered: at once, without asking.
    expect(keys.identify('demo', socket)).toBe(KNOWN.get('demo'));
    expect(ring.asked).toEqual(['demo']);
    const unknown = keys.identify('demx', socket);
    expect(isPromise(unknown)).toBe(true);
    expect(await unknown).toBeUndefined();
    expect(keys.identify('demx', socket)).toBeUndefined();
    expect(await keys.identify('demo', socket)).toBe(KNOWN.get('demo'));
    expect(ring.asked).toEqual(['demo', 'demx', 'demo']);
  });

  it('answers exactly what the configured keys say, over any sequence of keys and connections', async () => {
    const step = fc.record({
      connection: fc.constantFrom(0, 1, 2, 3),
      key: fc.constantFrom(...POOL),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), fc.boolean(), async (steps, later) => {
        const ring = countingRing(later);
        const keys = new ConnectionKeys(ring);
        const connections = [{}, {}, {}, undefined]; // 3: a request without a connection
        const lastKey = new Map<number, string>();
        let asks = 0;
        for (const { connection, key } of steps) {
          const asked = connection === 3 || lastKey.get(connection) !== key;
          lastKey.set(connection, key);
          if (asked) asks++;
          const answer = keys.identify(key, connections[connection]);
          // Only a question to the ring that answers later waits.
          expect(isPromise(answer)).toBe(asked && later);
          expect(await answer).toBe(KNOWN.get(key));
          expect(ring.asked).toHaveLength(asks);
          if (asked) expect(ring.asked.at(-1)).toBe(key);
        }
      }),
      RUNS,
    );
  });
});

describe('createApi on one connection', () => {
  it('answers a valid key, then an unknown one, then the valid one: 200, 401, 200', async () => {
    const api = createApi({
      service: createFakeService(),
      keys: ['demo'],
      clock: () => Date.parse('2026-11-21T09:27:00.000Z'),
    });
    const connection = {};
    const ask = async (apikey: string) =>
      (await api.handle(coreRequest('/v2/meta/indexes', { headers: { apikey }, connection })))
        .status;
    expect(await ask('demo')).toBe(200);
    expect(await ask('demx')).toBe(401);
    expect(await ask('demo')).toBe(200);
    expect(await ask('dem')).toBe(401);
    // The key in the query of a request on the same connection is checked the same way.
    const byQuery = coreRequest('/v2/meta/indexes?apikey=demo!', { connection });
    expect((await api.handle(byQuery)).status).toBe(401);
    expect(await ask('demo')).toBe(200);
  });
});
