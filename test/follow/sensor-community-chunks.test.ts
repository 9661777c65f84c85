// sensorCommunitySource over generated data.json bodies whose bytes arrive in arbitrary chunks
// (cut anywhere, inside strings, escapes and multi-byte characters): the batch equals the naive
// oracle's reading of JSON.parse of the whole text (sensor-community-oracle.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PollFailure } from '../../src/follow/followed-batch.js';
import { sensorCommunitySource } from '../../src/follow/sensor-community-source.js';
import { RUNS } from '../helpers/property-runs.js';
import { generatedElement, type OracleBox, oracleBatch } from './sensor-community-oracle.js';

const KRAKOW = { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 };

/** Boxes around the generated places, across the antimeridian, to ±180, the world, any. */
const box: fc.Arbitrary<OracleBox> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(KRAKOW) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      { minLat: -20, minLng: 175, maxLat: -10, maxLng: -175 },
      { minLat: -20, minLng: 170, maxLat: -10, maxLng: 180 },
      { minLat: -20, minLng: -180, maxLat: 51, maxLng: -175 },
      { minLat: -90, minLng: -180, maxLat: 90, maxLng: 180 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.integer({ min: -90_000, max: 90_000 }),
        fc.integer({ min: -90_000, max: 90_000 }),
        fc.integer({ min: -180_000, max: 180_000 }),
        fc.integer({ min: -180_000, max: 180_000 }),
      )
      .map(([a, b, west, east]) => ({
        minLat: Math.min(a, b) / 1000,
        maxLat: Math.max(a, b) / 1000,
        minLng: west / 1000,
        maxLng: east / 1000,
      })),
  },
);

/** `bytes` cut at the given positions, as a `fetch` that answers them in those chunks. */
function chunkedFetch(bytes: Uint8Array, positions: readonly number[], urls: string[]) {
  const at = [...new Set(positions.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, bytes.length]) {
    chunks.push(bytes.slice(from, to));
    from = to;
  }
  return (async (url: string | URL | Request) => {
    urls.push(String(url));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    return new Response(body, { status: 200 });
  }) as typeof fetch;
}

const body = fc.tuple(
  fc.array(generatedElement, { maxLength: 12 }),
  fc.constantFrom(undefined, 2, '\t'),
);

describe('sensorCommunitySource, chunks cut anywhere', () => {
  it('gives the oracle batch of the whole parsed text (1,000 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        box,
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 40 }),
        async ([elements, indent], box, indoor, positions) => {
          const text = JSON.stringify(elements, null, indent);
          const urls: string[] = [];
          const fetch = chunkedFetch(new TextEncoder().encode(text), positions, urls);
          const source = sensorCommunitySource({ box, indoor, baseUrl: 'http://mirror.test' });
          const batch = await source.poll(fetch, new AbortController().signal, 0);
          expect(urls).toEqual(['http://mirror.test/static/v1/data.json']);
          expect(batch).toEqual(oracleBatch(JSON.parse(text), box, indoor));
        },
      ),
      RUNS,
    );
  });

  it('reads a chunk larger than its 8 KiB pieces with a character across their cut', async () => {
    // The reader decodes a chunk's bytes 8,192 at a time. Here a two-byte character of a note
    // starts at byte 8,191 of a single 40 kB chunk, so the cut falls inside it.
    const elements = fc.sample(generatedElement, { seed: 38, numRuns: 80 });
    const noted = [{ ...(elements[0] as object), note: 'ąę'.repeat(4_000) }, ...elements.slice(1)];
    const text = JSON.stringify(noted);
    const plain = new TextEncoder().encode(text);
    const firstWide = plain.findIndex((byte) => byte >= 0x80);
    expect(firstWide).toBeGreaterThan(0);
    expect(firstWide).toBeLessThan(8_191);
    const bytes = new TextEncoder().encode(' '.repeat(8_191 - firstWide) + text);
    expect(bytes[8_191]).toBe(0xc4); // 'ą' is c4 85, 'ę' c4 99
    expect(bytes.length).toBeGreaterThan(3 * 8_192);
    for (const box of [KRAKOW, { minLat: -90, minLng: -180, maxLat: 90, maxLng: 180 }]) {
      const source = sensorCommunitySource({ box, indoor: true, baseUrl: 'http://mirror.test' });
      const batch = await source.poll(chunkedFetch(bytes, [], []), new AbortController().signal, 0);
      expect(batch).toEqual(oracleBatch(JSON.parse(text), box, true));
    }
  });

  it('rejects the whole poll when the body is cut short, wherever (1,000 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 20 }),
        async ([elements, indent], end, positions) => {
          const bytes = new TextEncoder().encode(JSON.stringify(elements, null, indent));
          const cutShort = bytes.slice(0, end % bytes.length);
          const source = sensorCommunitySource({
            box: { minLat: -90, minLng: -180, maxLat: 90, maxLng: 180 },
            indoor: true,
            baseUrl: 'http://mirror.test',
          });
          const fetch = chunkedFetch(cutShort, positions, []);
          await expect(source.poll(fetch, new AbortController().signal, 0)).rejects.toThrow(
            PollFailure,
          );
        },
      ),
      RUNS,
    );
  });
});
