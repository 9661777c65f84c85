import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import {
  type MeasurementsEntry,
  MeasurementsResponses,
} from '../../src/http/measurements-responses.js';
import { createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { coreRequest } from '../helpers/http-client.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';
import { RUNS } from '../helpers/property-runs.js';

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const HOUR_MS = 3_600_000;
const decoder = new TextDecoder();

// The oracle: the spec's `<timestamp>` (ISO 8601, UTC, milliseconds) of both ends of the
// moving hour `[now − 1 h, now)`, as the body's first bytes.
function boundsText(nowMs: number): string {
  const iso = (atMs: number) => new Date(atMs).toISOString();
  return `{"current":{"fromDateTime":"${iso(nowMs - HOUR_MS)}","tillDateTime":"${iso(nowMs)}"`;
}

/** An entry as the cache makes one for a payload whose `current` follows the clock. */
function entry(rest: string, movingBounds = true): MeasurementsEntry {
  return {
    freshness: undefined,
    tail: new TextEncoder().encode(rest),
    etag: 'W/"test"',
    movingBounds,
    kept: false,
    deflated: undefined,
  };
}

function chunksOf(body: Uint8Array[] | Promise<Uint8Array[]>): Uint8Array[] {
  if (body instanceof Promise) throw new Error('a plain body is there at once');
  return body;
}

describe('MeasurementsResponses.body: the bounds of current', () => {
  it('shares one head between the bodies of one millisecond, and makes a new one after', () => {
    const responses = new MeasurementsResponses(0, createNodeGzip(), undefined);
    const [a, b] = [entry(',"values":[1]}}'), entry(',"values":[2]}}')];
    const [headA, tailA] = chunksOf(responses.body(a, NOW_MS, false));
    const [headB, tailB] = chunksOf(responses.body(b, NOW_MS, false));
    expect(headB).toBe(headA);
    expect(tailA).toBe(a.tail);
    expect(tailB).toBe(b.tail);
    expect(decoder.decode(headA)).toBe(
      '{"current":{"fromDateTime":"2026-11-21T08:27:00.000Z","tillDateTime":"2026-11-21T09:27:00.000Z"',
    );
    const [later] = chunksOf(responses.body(a, NOW_MS + 1, false));
    expect(later).not.toBe(headA);
    expect(decoder.decode(later)).toBe(
      '{"current":{"fromDateTime":"2026-11-21T08:27:00.001Z","tillDateTime":"2026-11-21T09:27:00.001Z"',
    );
    // The earlier head was not overwritten in place: answers still being sent keep their bytes.
    expect(decoder.decode(headA)).toBe(boundsText(NOW_MS));
  });

  it('sends only the tail when the bounds do not move, and gzips the whole otherwise', async () => {
    const responses = new MeasurementsResponses(0, createNodeGzip(), undefined);
    const still = entry('{"current":{}}', false);
    expect(chunksOf(responses.body(still, NOW_MS, false))).toEqual([still.tail]);
    const moving = entry(',"values":[]}}');
    const [gzipped] = await responses.body(moving, NOW_MS, true);
    expect(gunzipSync(gzipped!).toString()).toBe(`${boundsText(NOW_MS)},"values":[]}}`);
  });

  it('gives each body the bounds of its own instant, over any sequence of instants', () => {
    const instant = fc.oneof(
      fc.integer({ min: NOW_MS - 2_000, max: NOW_MS + 2_000 }),
      fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2100-01-01') }),
      fc.constantFrom(NOW_MS - 27 * 60_000, Date.parse('2027-01-01'), Date.parse('2026-01-01')),
    );
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), fc.nat(), (instants, n) => {
        const responses = new MeasurementsResponses(0, createNodeGzip(), undefined);
        const entries = [entry(',"a":1}}'), entry(',"b":2}}'), entry('{}', false)];
        const heads: [number, Uint8Array][] = [];
        instants.forEach((nowMs, i) => {
          const chosen = entries[(n + i) % entries.length]!;
          const chunks = chunksOf(responses.body(chosen, nowMs, false));
          expect(chunks.at(-1)).toBe(chosen.tail);
          if (!chosen.movingBounds) {
            expect(chunks).toHaveLength(1);
            return;
          }
          expect(chunks).toHaveLength(2);
          expect(decoder.decode(chunks[0])).toBe(boundsText(nowMs));
          // Shared exactly within one instant: the same bytes as the last moving body's, when
          // that one was at the same instant.
          const previous = heads.at(-1);
          if (previous !== undefined && previous[0] === nowMs) expect(chunks[0]).toBe(previous[1]);
          heads.push([nowMs, chunks[0]!]);
        });
        // No head changed afterwards.
        for (const [nowMs, head] of heads) expect(decoder.decode(head)).toBe(boundsText(nowMs));
      }),
      RUNS,
    );
  });
});

describe('the bounds of current through createApi', () => {
  it('are one set of bytes for every answer of a millisecond', async () => {
    const store = new InMemoryStore([
      fakeInstallation(1, 50.0614, 19.9366),
      fakeInstallation(2, 50.0654, 19.9366),
    ]);
    for (const installationId of [1, 2]) {
      store.ingest([{ installationId, name: 'PM10', atMs: NOW_MS - 600_000, value: 25 }]);
    }
    let nowMs = NOW_MS;
    const api = createApi({
      service: createMeasurementsService({ store }),
      keys: ['demo'],
      clock: () => nowMs,
    });
    const ask = async (path: string) => {
      const answer = await api.handle(coreRequest(path, { headers: { apikey: 'demo' } }));
      expect(answer.status).toBe(200);
      expect(answer.bodyChunks).toHaveLength(2);
      return answer.bodyChunks![0]!; // two pieces, checked above
    };
    const first = await ask('/v2/measurements/installation?installationId=1');
    const again = await ask('/v2/measurements/installation?installationId=1');
    const point = await ask('/v2/measurements/point?lat=50.0634&lng=19.9366');
    expect(again).toBe(first);
    expect(point).toBe(first);
    expect(decoder.decode(first)).toBe(boundsText(NOW_MS));
    nowMs += 250;
    const later = await ask('/v2/measurements/installation?installationId=2');
    expect(later).not.toBe(first);
    expect(decoder.decode(later)).toBe(boundsText(NOW_MS + 250));
    expect(decoder.decode(first)).toBe(boundsText(NOW_MS));
  });
});
