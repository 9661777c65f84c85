// The reading thread of a Sensor.Community source against the calling thread: the same function
// runs in both (readSensorCommunityFile), so every answer, good or bad, must settle the same way
// on either: the same batch to the last field, or a PollFailure with the same message and wait.
// One reading thread serves the whole file, as one serves a followed source for the process's
// life; the servers are local (sensor-community-server.ts).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type FollowedBatch, PollFailure } from '../../src/follow/followed-batch.js';
import type { SensorCommunityFilter } from '../../src/follow/sensor-community-elements.js';
import { readSensorCommunityFile } from '../../src/follow/sensor-community-read.js';
import { SensorCommunityThread } from '../../src/follow/sensor-community-thread.js';
import {
  CAN_COUNT_THREADS,
  lowPriorityThreads,
  lowPriorityThreadsBecome,
} from './reading-threads.js';
import {
  RECORDED_DATA_JSON as FIXTURE,
  GERMANY,
  RECORDED_NOW_MS as NOW_MS,
  type ReplayServer,
  startReplayServer,
} from './sensor-community-server.js';

const PATH = '/static/v1/data.json';

// A fetch of the test's own: the calling thread reads with it, as a source given one does.
const callerFetch: typeof fetch = (input, init) => fetch(input, init);
const thread = new SensorCommunityThread();
let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => thread.close());

type Outcome = { batch: FollowedBatch } | { failure: PollFailure };

async function outcome(read: Promise<FollowedBatch>): Promise<Outcome> {
  try {
    return { batch: await read };
  } catch (error) {
    expect(error).toBeInstanceOf(PollFailure);
    return { failure: error as PollFailure };
  }
}

/** Reads `server`'s file on both threads, one after the other; expects the same outcome. */
async function bothThreads(filter: SensorCommunityFilter): Promise<Outcome> {
  const url = `${server!.baseUrl}${PATH}`;
  const signal = new AbortController().signal;
  const here = await outcome(readSensorCommunityFile(callerFetch, url, filter, signal, NOW_MS));
  const there = await outcome(thread.read(url, filter, signal, NOW_MS));
  expect(there).toStrictEqual(here);
  if ('failure' in here && 'failure' in there) {
    expect(there.failure.retryAfterMs).toBe(here.failure.retryAfterMs);
  }
  return there;
}

function serving(status: number, body: string | Uint8Array, headers = {}): Promise<ReplayServer> {
  return startReplayServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body);
  });
}

// A file of `locations` outdoor SDS011 locations in Germany, each read twice (P1 and P2 each
// time): 2 × `locations` elements, 4 × `locations` samples. With 600 locations the batch is
// more than one part of the reading thread's (250 places, 2,000 samples a part): 3 + 2 parts.
function germanFile(locations: number): Buffer {
  const elements = Array.from({ length: 2 * locations }, (_, i) => {
    const location = (i % locations) + 1;
    const second = String(location % 60).padStart(2, '0');
    return {
      id: 7_000_000 + i,
      sampling_rate: null,
      timestamp: `2019-04-25 01:5${i < locations ? 0 : 1}:${second}`,
      location: {
        id: location,
        latitude: (48 + (location % 70) / 10).toFixed(4),
        longitude: (6 + Math.floor(location / 70) / 10).toFixed(4),
        altitude: `${location % 400}.0`,
        country: 'DE',
        exact_location: 0,
        indoor: 0,
      },
      sensor: { id: location * 2, pin: '1', sensor_type: { id: 14, name: 'SDS011' } },
      sensordatavalues: [
        { id: 8_000_000 + 2 * i, value: String((i % 97) / 4), value_type: 'P1' },
        { id: 8_000_001 + 2 * i, value: String((i % 53) / 4), value_type: 'P2' },
      ],
    };
  });
  return Buffer.from(JSON.stringify(elements));
}

describe('SensorCommunityThread: the same batch as the calling thread', () => {
  it.each([
    ['Germany', { box: GERMANY, indoor: false }],
    ['Berlin', { box: { minLat: 52, minLng: 13, maxLat: 53, maxLng: 14 }, indoor: false }],
    [
      'across the antimeridian',
      { box: { minLat: 48, minLng: 9, maxLat: 53, maxLng: -170 }, indoor: true },
    ],
    ['Fiji', { box: { minLat: -20, minLng: 175, maxLat: -15, maxLng: -178 }, indoor: false }],
  ])('on the recorded file, %s', async (_name, filter) => {
    server = await serving(200, FIXTURE);
    const read = await bothThreads(filter);
    expect('batch' in read).toBe(true);
  });

  it('on a batch larger than one part of the reading thread (600 places, 2,400 samples)', async () => {
    server = await serving(200, germanFile(600));
    const read = await bothThreads({ box: GERMANY, indoor: false });
    expect(read).toMatchObject({ batch: { skipped: {} } });
    const { places, samples } = (read as { batch: FollowedBatch }).batch;
    expect([places.length, samples.length]).toEqual([600, 2_400]);
  });

  it('runs at the lowest priority, one thread kept between reads (Linux)', async () => {
    if (!CAN_COUNT_THREADS) return;
    server = await serving(200, ' [ ]');
    expect(await bothThreads({ box: GERMANY, indoor: false })).toEqual({
      batch: { places: [], samples: [], skipped: {} },
    });
    expect(lowPriorityThreads()).toBe(1);
  });
});

describe('SensorCommunityThread: the same PollFailure as the calling thread', () => {
  it('500 and 429 with Retry-After', async () => {
    server = await serving(500, 'oops', { 'retry-after': '120' });
    const failed = await bothThreads({ box: GERMANY, indoor: false });
    expect(failed).toEqual({ failure: expect.any(PollFailure) });
    await server.close();
    server = await serving(429, '', { 'retry-after': new Date(NOW_MS + 90_000).toUTCString() });
    await bothThreads({ box: GERMANY, indoor: false });
  });

  it('a body cut short, an element that is not JSON, a body that is not UTF-8', async () => {
    for (const body of [
      FIXTURE.subarray(0, FIXTURE.byteLength - 3),
      FIXTURE.toString('utf8').replace('"value": "18.70"', '"value": 18.70.1'),
      Uint8Array.from([0x5b, 0x22, 0xff, 0x22, 0x5d]),
    ]) {
      server = await serving(200, body);
      const read = await bothThreads({ box: GERMANY, indoor: false });
      expect('failure' in read).toBe(true);
      await server.close();
    }
    server = undefined;
  });

  it('a connection closed in the middle of the body', async () => {
    server = await startReplayServer((_request, response) => {
      response.writeHead(200, { 'content-length': String(FIXTURE.byteLength) });
      response.write(FIXTURE.subarray(0, 2000), () => response.destroy());
    });
    const read = await bothThreads({ box: GERMANY, indoor: false });
    expect(read).toEqual({
      failure: expect.objectContaining({
        message: expect.stringMatching(/^Sensor\.Community: the answer could not be read whole/),
      }),
    });
  });

  it('a read aborted in the middle of the body: its connection closes', async () => {
    const closed: Promise<void>[] = [];
    let sent: () => void = () => undefined;
    server = await startReplayServer((_request, response) => {
      closed.push(new Promise((resolve) => response.once('close', () => resolve())));
      response.writeHead(200);
      response.write(FIXTURE.subarray(0, 2000), () => sent());
    });
    const url = `${server.baseUrl}${PATH}`;
    const filter = { box: GERMANY, indoor: false };
    const reads = [
      (signal: AbortSignal) => readSensorCommunityFile(callerFetch, url, filter, signal, NOW_MS),
      (signal: AbortSignal) => thread.read(url, filter, signal, NOW_MS),
    ];
    for (const read of reads) {
      const controller = new AbortController();
      const started = new Promise<void>((resolve) => {
        sent = resolve;
      });
      const reading = outcome(read(controller.signal));
      await started;
      controller.abort(new PollFailure('no complete answer within 20 s'));
      // Whether fetch had its answer's head when the abort came is a race on either thread.
      expect(await reading).toEqual({
        failure: expect.objectContaining({
          message: expect.stringMatching(
            /^Sensor\.Community( could not be reached|: the answer could not be read whole) \(no complete answer within 20 s\)$/,
          ),
        }),
      });
      await closed.at(-1);
    }
  });

  it('a server that cannot be reached, and a signal aborted before the read', async () => {
    server = await serving(200, FIXTURE);
    const url = `${server.baseUrl}${PATH}`;
    await server.close();
    server = undefined;
    const filter = { box: GERMANY, indoor: false };
    const here = await outcome(
      readSensorCommunityFile(callerFetch, url, filter, AbortSignal.abort('gone'), NOW_MS),
    );
    const there = await outcome(thread.read(url, filter, AbortSignal.abort('gone'), NOW_MS));
    expect(there).toStrictEqual(here);
    expect(there).toEqual({
      failure: new PollFailure('Sensor.Community could not be reached (gone)'),
    });
    const unreachable = await outcome(thread.read(url, filter, new AbortController().signal, 0));
    expect(unreachable).toEqual({
      failure: expect.objectContaining({
        message: expect.stringMatching(/^Sensor\.Community could not be reached \(/),
      }),
    });
  });
});

describe('SensorCommunityThread.close', () => {
  it('rejects the read under way, ends the thread, and the next read starts another', async () => {
    server = await startReplayServer((_request, response) => {
      response.writeHead(200);
      response.write('[');
    });
    const url = `${server.baseUrl}${PATH}`;
    const filter = { box: GERMANY, indoor: false };
    const before = CAN_COUNT_THREADS ? lowPriorityThreads() : 0;
    const own = new SensorCommunityThread();
    const reading = outcome(own.read(url, filter, new AbortController().signal, NOW_MS));
    await expect.poll(() => server!.paths.length, { timeout: 10_000 }).toBe(1);
    await own.close();
    expect(await reading).toEqual({
      failure: new PollFailure('Sensor.Community: the reading thread was stopped'),
    });
    if (CAN_COUNT_THREADS) expect(await lowPriorityThreadsBecome(before)).toBe(before);
    await server.close();
    server = await serving(200, '[]');
    const again = new URL(PATH, server.baseUrl).href;
    expect(await own.read(again, filter, new AbortController().signal, NOW_MS)).toEqual({
      places: [],
      samples: [],
      skipped: {},
    });
    await own.close();
    await own.close();
  });
});
