import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import {
  type MeasurementsEntry,
  MeasurementsResponses,
} from '../../src/http/measurements-responses.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { joinChunks } from '../../src/payload/json-parts.js';
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
    deflated: undefined,
  };
}

describe('MeasurementsResponses.body: the bounds of current', () => {
  it('writes the bounds of the request instant before the kept tail', async () => {
    const responses = new MeasurementsResponses(0, createNodeGzip(), undefined);
    const a = entry(',"values":[1]}}');
    expect(decoder.decode(joinChunks(await responses.body(a, NOW_MS, false)))).toBe(
      '{"current":{"fromDateTime":"2026-11-21T08:27:00.000Z","tillDateTime":"2026-11-21T09:27:00.000Z","values":[1]}}',
    );
    expect(decoder.decode(joinChunks(await responses.body(a, NOW_MS + 1, false)))).toBe(
      '{"current":{"fromDateTime":"2026-11-21T08:27:00.001Z","tillDateTime":"2026-11-21T09:27:00.001Z","values":[1]}}',
    );
  });

  it('sends the tail alone when the bounds do not move, and gzips the whole otherwise', async () => {
    const responses = new MeasurementsResponses(0, createNodeGzip(), undefined);
    const still = entry('{"current":{}}', false);
    expect(await responses.body(still, NOW_MS, false)).toEqual([still.tail]);
    expect((await responses.body(still, NOW_MS, false))[0]).toBe(still.tail);
    const moving = entry(',"values":[]}}');
    const gzipped = joinChunks(await responses.body(moving, NOW_MS, true));
    expect(gunzipSync(gzipped).toString()).toBe(`${boundsText(NOW_MS)},"values":[]}}`);
  });

  it('gives each body, plain, spliced or gzipped whole, the bounds of its own instant, over any sequence of instants', async () => {
    const instant = fc.oneof(
      fc.integer({ min: NOW_MS - 3, max: NOW_MS + 3 }), // several answers in one millisecond
      fc.integer({ min: NOW_MS - 2_000, max: NOW_MS + 2_000 }),
      fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2100-01-01') }),
      fc.constantFrom(NOW_MS - 27 * 60_000, Date.parse('2027-01-01'), Date.parse('2026-01-01')),
    );
    const kept = (rest: string, movingBounds = true): MeasurementsEntry => ({
      ...entry(rest, movingBounds),
      freshness: { validAt: () => true, secondsLeft: () => 60, movingBounds },
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(instant, fc.boolean()), { minLength: 1, maxLength: 20 }),
        fc.nat(),
        async (asks, n) => {
          const responses = new MeasurementsResponses(
            1 << 20,
            createNodeGzip(),
            createNodeDeflateRaw(),
          );
          // Kept entries are spliced when gzipped; one without a horizon is gzipped whole.
          const entries = [
            kept(',"a":1}}'),
            kept(',"b":2}}'),
            kept('{}', false),
            entry(',"d":4}}'),
          ];
          const bodies: [number, Uint8Array, MeasurementsEntry, boolean][] = [];
          for (const [i, [nowMs, gzip]] of asks.entries()) {
            const chosen = entries[(n + i) % entries.length]!;
            const body = joinChunks(await responses.body(chosen, nowMs, gzip));
            bodies.push([nowMs, body, chosen, gzip]);
          }
          // Checked after the whole sequence: answers of one instant share their bounds and
          // opening, and no body changed when a later one was made.
          for (const [nowMs, body, chosen, gzip] of bodies) {
            const rest = decoder.decode(chosen.tail);
            expect(decoder.decode(gzip ? gunzipSync(body) : body)).toBe(
              chosen.movingBounds ? boundsText(nowMs) + rest : rest,
            );
          }
        },
      ),
      RUNS,
    );
  });
});

describe('the bounds of current through createApi', () => {
  it('follow the clock on every answer, cached or not', async () => {
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
      return decoder.decode(answer.body ?? new Uint8Array(0));
    };
    for (const path of [
      '/v2/measurements/installation?installationId=1',
      '/v2/measurements/installation?installationId=1',
      '/v2/measurements/point?lat=50.0634&lng=19.9366',
    ]) {
      expect((await ask(path)).startsWith(boundsText(NOW_MS))).toBe(true);
    }
    nowMs += 250;
    for (const installationId of [1, 2]) {
      const body = await ask(`/v2/measurements/installation?installationId=${installationId}`);
      expect(body.startsWith(boundsText(NOW_MS + 250))).toBe(true);
    }
  });
});
