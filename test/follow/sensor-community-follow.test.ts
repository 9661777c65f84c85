// A Sensor.Community source followed as the CLI follows it (the global fetch, so the reading
// thread), on the follower's virtual clock: what a failed read logs and stores, what the
// deadline does to the read under way, and that stopping the follower ends the reading thread.
// The clock is virtual (follower-harness.ts) but the reads are real: a test waits for them.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ALWAYS_HELD_LEASE } from '../../src/follow/follow-sink-lease.js';
import type { FollowedBatch, FollowSink } from '../../src/follow/followed-batch.js';
import { startFollower } from '../../src/follow/follower.js';
import { POLL_DEADLINE_MS } from '../../src/follow/poll-backoff.js';
import { sensorCommunitySource } from '../../src/follow/sensor-community-source.js';
import { VirtualClock } from './follower-harness.js';
import {
  CAN_COUNT_THREADS,
  lowPriorityThreads,
  lowPriorityThreadsBecome,
} from './reading-threads.js';
import {
  RECORDED_DATA_JSON as FIXTURE,
  GERMANY,
  type ReplayServer,
  startReplayServer,
  RECORDED_NOW_MS as T0,
} from './sensor-community-server.js';

const iso = (ms: number) => new Date(ms).toISOString();

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Waits (real time) until `done()` holds, for at most 10 s. */
async function until(done: () => boolean): Promise<void> {
  await expect.poll(done, { timeout: 10_000, interval: 10 }).toBe(true);
}

/** A follower of `server`'s file every minute, storing into `stored`, logging into `lines`. */
function following(baseUrl: string) {
  const clock = new VirtualClock(T0);
  const stored: FollowedBatch[] = [];
  const sink: FollowSink = {
    async storeBatch(_source, batch) {
      stored.push(batch);
      const samples = batch.samples.length;
      return {
        newInstallations: batch.places.length,
        acceptedSamples: samples,
        repeatedSamples: 0,
        rejectedSamples: 0,
      };
    },
  };
  const lines: string[] = [];
  const source = sensorCommunitySource({
    box: GERMANY,
    indoor: false,
    baseUrl,
  });
  const follower = startFollower([{ source, everyMs: 60_000 }], {
    sink,
    lease: ALWAYS_HELD_LEASE,
    log: (line) => lines.push(line),
    clock,
  });
  return { clock, stored, lines, follower };
}

describe('following Sensor.Community on the reading thread', () => {
  it('stores the batch the file gives', async () => {
    server = await startReplayServer((_request, response) => {
      response.writeHead(200);
      response.end(FIXTURE);
    });
    const { clock, stored, lines, follower } = following(server.baseUrl);
    await clock.runNext();
    await until(() => lines.length > 0);
    expect(lines).toEqual([
      'follow sensor-community: first poll: 10 of 10 samples stored, from 2 places (2 new installations)',
    ]);
    expect(stored.map((batch) => batch.places.map((place) => place.sourceId))).toEqual([
      [1071, 28],
    ]);
    await follower.stop();
  });

  it.each([
    [
      '500',
      (response: ServerResponse) => {
        response.writeHead(500);
        response.end();
      },
      'Sensor.Community answered 500 Internal Server Error',
    ],
    [
      'a body cut short',
      (response: ServerResponse) => {
        response.writeHead(200, { 'content-length': String(FIXTURE.byteLength) });
        response.write(FIXTURE.subarray(0, 2000), () => response.destroy());
      },
      'Sensor.Community: the answer could not be read whole (terminated)',
    ],
  ])('%s: the poll fails whole, nothing is stored', async (_name, answer, reason) => {
    server = await startReplayServer((_request, response) => answer(response));
    const { clock, stored, lines, follower } = following(server.baseUrl);
    await clock.runNext();
    await until(() => lines.length > 0);
    expect(lines).toEqual([
      `follow sensor-community: poll failed (${reason}); next try at ${iso(T0 + 60_000)} (in 60 s)`,
    ]);
    expect(stored).toEqual([]);
    await follower.stop();
  });

  it('the deadline aborts the read in the middle of the body: its connection closes', async () => {
    let closed = false;
    server = await startReplayServer((_request, response) => {
      response.once('close', () => {
        closed = true;
      });
      response.writeHead(200);
      response.write(FIXTURE.subarray(0, 2000));
    });
    const { clock, stored, lines, follower } = following(server.baseUrl);
    await clock.runNext();
    await until(() => server!.paths.length === 1);
    await clock.runUntil(T0 + POLL_DEADLINE_MS);
    await until(() => lines.length > 0);
    expect(lines).toEqual([
      `follow sensor-community: poll failed (no complete answer within 20 s); next try at ${iso(T0 + POLL_DEADLINE_MS + 60_000)} (in 60 s)`,
    ]);
    await until(() => closed);
    expect(stored).toEqual([]);
    await follower.stop();
  });

  it('stopping the follower aborts the read and ends the reading thread (Linux)', async () => {
    if (!CAN_COUNT_THREADS) return;
    let closed = false;
    server = await startReplayServer((_request, response) => {
      response.once('close', () => {
        closed = true;
      });
      response.writeHead(200);
      response.write('[');
    });
    const before = lowPriorityThreads();
    const { clock, stored, lines, follower } = following(server.baseUrl);
    await clock.runNext();
    await until(() => server!.paths.length === 1);
    expect(await lowPriorityThreadsBecome(before + 1)).toBe(before + 1);
    await follower.stop();
    expect(await lowPriorityThreadsBecome(before)).toBe(before);
    await until(() => closed);
    expect(lines).toEqual([]);
    expect(stored).toEqual([]);
  });
});
