// A synthetic data.json of more than 20 MB (the size of Sensor.Community's five-minute file),
// generated while it is sent and never held whole by the test either: the reader holds at most
// the longest element plus one chunk, and one poll gives the places and samples inside the box.
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { sensorCommunitySource } from '../../src/follow/sensor-community-source.js';
import { readJsonArrayElements } from '../../src/follow/sensor-community-stream.js';
import { oracleInstallation } from './sensor-community-oracle.js';
import { type ReplayServer, startReplayServer } from './sensor-community-server.js';

const ELEMENTS = 52_000;
const LOCATIONS = 10_000;
const KRAKOW = { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 };

/** Every hundredth location stands in Kraków; the others are spread over Europe, outside it. */
function place(location: number): [string, string] {
  if (location % 100 === 0) return [(50 + (location % 997) / 10_000).toFixed(4), '19.9400'];
  return [(40 + (location % 200) / 10).toFixed(4), (-5 + (location % 300) / 10).toFixed(4)];
}

/** Element `i`, in the feed's shape (compact): an SDS011 reading of location i mod 10,000. */
function element(i: number): string {
  const location = (i % LOCATIONS) + 1;
  const [latitude, longitude] = place(location);
  const seconds = i % 300;
  const time = `2026-12-01 10:0${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const p1 = ((i % 5000) / 100).toFixed(2);
  const p2 = ((i % 3000) / 100).toFixed(2);
  return (
    `{"id":${9_000_000_000 + i},"sampling_rate":null,"timestamp":"${time}",` +
    `"location":{"id":${location},"latitude":"${latitude}","longitude":"${longitude}",` +
    `"altitude":"219.0","country":"PL","exact_location":0,"indoor":0},` +
    `"sensor":{"id":${location * 2},"pin":"1","sensor_type":{"id":14,"name":"SDS011",` +
    `"manufacturer":"Nova Fitness"}},"sensordatavalues":[` +
    `{"id":${20_000_000_000 + 2 * i},"value":"${p1}","value_type":"P1"},` +
    `{"id":${20_000_000_001 + 2 * i},"value":"${p2}","value_type":"P2"}]}`
  );
}

/** The body in pieces of about 64 KiB, made as they are sent; `sent` counts what went out. */
function* body(sent: { bytes: number; longestElement: number }): Generator<string> {
  let piece = '[';
  for (let i = 0; i < ELEMENTS; i++) {
    const text = element(i);
    sent.longestElement = Math.max(sent.longestElement, text.length);
    piece += (i === 0 ? '' : ',') + text;
    if (piece.length >= 65_536) {
      sent.bytes += piece.length;
      yield piece;
      piece = '';
    }
  }
  sent.bytes += piece.length + 1;
  yield `${piece}]`;
}

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serveLarge() {
  const sent = { bytes: 0, longestElement: 0 };
  server = await startReplayServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    Readable.from(body(sent)).pipe(response);
  });
  return { baseUrl: server.baseUrl, sent };
}

// Two 20 MB reads over loopback on a shared CI machine: a generous deadline, no time asserted.
describe('sensorCommunitySource on a 20 MB file', { timeout: 180_000 }, () => {
  it('holds at most the longest element plus 8 KiB of text while reading it', async () => {
    const { baseUrl, sent } = await serveLarge();
    const answer = await fetch(`${baseUrl}/static/v1/data.json`);
    let longestChunk = 0;
    const measured = answer.body!.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          longestChunk = Math.max(longestChunk, chunk.byteLength);
          controller.enqueue(chunk);
        },
      }),
    );
    let count = 0;
    const stats = await readJsonArrayElements('test', new Response(measured), () => count++);
    expect(sent.bytes).toBeGreaterThan(20_000_000);
    expect(count).toBe(ELEMENTS);
    expect(stats.elements).toBe(ELEMENTS);
    // ASCII: one character per byte.
    expect(stats.peakBufferedChars).toBeLessThanOrEqual(sent.longestElement + longestChunk);
    expect(stats.peakBufferedChars).toBeLessThan(sent.bytes / 20);
    // Whatever the chunks, their bytes are decoded 8 KiB at a time: the splitter never holds a
    // string of a whole chunk, which V8 would place in its old generation once it is large.
    expect(longestChunk).toBeGreaterThan(8_192);
    expect(stats.peakBufferedChars).toBeLessThanOrEqual(sent.longestElement + 8_192);
  });

  it('gives the places and samples inside the box in one poll, the same on either thread', async () => {
    const { baseUrl } = await serveLarge();
    const source = sensorCommunitySource({ box: KRAKOW, indoor: false, baseUrl });
    // The global fetch reads on the source's reading thread, a fetch of the caller's own here.
    const callerFetch: typeof fetch = (input, init) => fetch(input, init);
    const batch = await source.poll(callerFetch, new AbortController().signal, 0);
    try {
      expect(await source.poll(fetch, new AbortController().signal, 0)).toStrictEqual(batch);
    } finally {
      await source.close?.();
    }
    // Locations 100, 200, …, 10,000 are in Kraków; 52,000 elements cycle 5.2 times through
    // the 10,000 locations, so those up to 2,000 appear 6 times and the others 5.
    const inside = Array.from({ length: 100 }, (_, k) => (k + 1) * 100);
    const appearances = (location: number) => (location <= 2000 ? 6 : 5);
    expect(batch.places.map((p) => p.sourceId)).toEqual(inside);
    expect(batch.places[0]).toEqual({
      sourceId: 100,
      installation: oracleInstallation(100, 50.01, 19.94, 'PL', 219),
    });
    const expectedSamples = inside.reduce((sum, location) => sum + 2 * appearances(location), 0);
    expect(batch.samples).toHaveLength(expectedSamples);
    expect(batch.skipped).toEqual({ 'outside the box': ELEMENTS - expectedSamples / 2 });
  });
});
