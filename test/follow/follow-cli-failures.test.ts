// End to end (issue 38): failures of a followed source never reach a reader and nothing of a
// failed answer is stored; a restart (SIGTERM, then SIGKILL) keeps what was fetched. Sensor.
// Community's stand-in answers good answers (each adds one place, EXTRA_LOCATION_BASE + round)
// between failures whose bodies carry a poison place and poison values at location 1071.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTRA_LOCATION_BASE,
  extraElement,
  type FollowReplayServer,
  POISON_LOCATION,
  startFollowReplayServer,
} from '../helpers/follow-replay-server.js';
import {
  bundleCli,
  type CliBundle,
  type CliProcess,
  startCli,
} from '../helpers/live-cli-process.js';
import {
  currentValues,
  EXPECTED_PLACES,
  eventually,
  type FollowClock,
  followClock,
  followFlags,
  ID_BASES,
  networkIds,
  OPENAQ_KEY,
  PURPLEAIR_KEY,
  read,
} from './follow-cli-helpers.js';

const SOURCE = 'sensor-community';
const BASE = ID_BASES[SOURCE];
const FIXTURE_IDS = EXPECTED_PLACES[SOURCE].map((place) => place.id);
const placeOfRound = (round: number) => BASE + EXTRA_LOCATION_BASE + round;

/** Everything a reader sees of the followed places: the network, and each one's answers. */
async function snapshot(url: string): Promise<unknown> {
  const network = await read(url, '/v2/airq/network');
  const ids = (network.body.installations as { id: number }[]).map((i) => i.id);
  const answers = await Promise.all(
    ids.map(async (id) => [
      (await read(url, `/v2/installations/${id}`)).body,
      (await read(url, `/v2/measurements/installation?installationId=${id}`)).body,
    ]),
  );
  return { network: network.body, answers };
}

describe('airq --follow through failures and restarts', () => {
  let bundle: CliBundle;
  let replay: FollowReplayServer;
  let dir: string;
  let clock: FollowClock;
  beforeAll(async () => {
    clock = followClock(Date.now());
    [bundle, replay, dir] = await Promise.all([
      bundleCli(),
      startFollowReplayServer(
        clock.replay,
        { openaq: OPENAQ_KEY, purpleair: PURPLEAIR_KEY },
        { growing: true },
      ),
      mkdtemp(join(tmpdir(), 'airq-follow-failures-')),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([bundle?.remove(), replay?.close()]);
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }, 30_000);

  const start = (prefix: string): Promise<CliProcess> =>
    startCli(
      bundle.entry,
      followFlags(SOURCE, replay.urlFor(prefix), clock.nowIso[SOURCE], [
        '--data-dir',
        join(dir, 'data'),
      ]),
    );

  it('failures between good answers: readers always get 200, nothing failed is stored, the next good answer is', async () => {
    // Good answers 0…5 (round r ≥ 1 adds place 5000 + r) around each kind of failure.
    replay.script(
      SOURCE,
      'good',
      'status-500',
      'good',
      'status-429',
      'good',
      'status-402',
      'good',
      'truncated',
      'good',
      'stall',
      'good',
    );
    const airq = await start('failures');
    // Polls begin once the server listens: until the first good answer is stored, location
    // 1071 is rightly unknown (404). From then on no failure may reach a reader.
    await eventually(
      'the place of the first good answer',
      async () => ((await networkIds(airq.url)).includes(BASE + 1071) ? true : undefined),
      60_000,
    );
    const statuses: number[] = [];
    const poisonSeen: string[] = [];
    let reading = true;
    // A reader polling the network and location 1071 while the rest of the script plays.
    const reader = (async () => {
      while (reading) {
        const network = await read(airq.url, '/v2/airq/network');
        const measurements = await read(
          airq.url,
          `/v2/measurements/installation?installationId=${BASE + 1071}`,
        );
        statuses.push(network.status, measurements.status);
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (JSON.stringify(network.body).includes(String(BASE + POISON_LOCATION))) {
          poisonSeen.push('poison place in the network');
        }
        const values = measurements.body?.current?.values ?? [];
        if (values.some((v: { value: number }) => v.value >= 100)) {
          poisonSeen.push(`poison values at 1071: ${JSON.stringify(values)}`);
        }
      }
    })();
    try {
      // The last scripted good answer (round 5) served, stored and visible.
      await eventually(
        'the place of the sixth good answer',
        async () => ((await networkIds(airq.url)).includes(placeOfRound(5)) ? true : undefined),
        60_000,
      );
      reading = false;
      await reader;
      expect(replay.pending(SOURCE)).toBe(0);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(poisonSeen).toEqual([]);
      // Every kind of failure was served to this instance.
      const served = replay.requests.filter((r) => r.prefix === '/failures').map((r) => r.answer);
      for (const failure of ['status-500', 'status-429', 'status-402', 'truncated', 'stall']) {
        expect(served).toContain(failure);
      }
      expect((await read(airq.url, `/v2/installations/${BASE + POISON_LOCATION}`)).status).toBe(
        404,
      );
      const ids = await networkIds(airq.url);
      expect(ids).not.toContain(BASE + POISON_LOCATION);
      for (const id of [...FIXTURE_IDS, ...[1, 2, 3, 4, 5].map(placeOfRound)]) {
        expect(ids).toContain(id);
      }
      for (const place of EXPECTED_PLACES[SOURCE]) {
        expect(await currentValues(airq.url, place.id)).toEqual(place.values);
      }
      for (const round of [1, 2, 3, 4, 5]) {
        const extra = extraElement(round);
        expect(await currentValues(airq.url, placeOfRound(round))).toEqual({
          PM10: extra.p1,
          PM25: extra.p2,
        });
      }
    } finally {
      reading = false;
      await reader.catch(() => undefined);
      expect(await airq.stop()).toBe(0);
    }
  }, 120_000);

  it('a restart after SIGTERM and after SIGKILL serves what was fetched, the source answering 500 only', async () => {
    // The first test's data dir: its places and samples, stored by polls that the stop ended.
    const before = await (async () => {
      replay.setFallback(SOURCE, 'status-500');
      const airq = await start('after-term');
      try {
        await eventually('a refused poll of the restarted instance', async () =>
          replay.requests.some((r) => r.prefix === '/after-term' && r.answer === 'status-500')
            ? true
            : undefined,
        );
        const ids = await networkIds(airq.url);
        for (const id of [...FIXTURE_IDS, placeOfRound(5)]) expect(ids).toContain(id);
        for (const place of EXPECTED_PLACES[SOURCE]) {
          expect(await currentValues(airq.url, place.id)).toEqual(place.values);
        }
        // One good answer more, stored, then SIGKILL right after it is served.
        const round = replay.requests.filter((r) => r.answer === 'good').length;
        replay.setFallback(SOURCE, 'good');
        await eventually('the place of one more good answer', async () =>
          (await networkIds(airq.url)).includes(placeOfRound(round)) ? true : undefined,
        );
        replay.setFallback(SOURCE, 'status-500');
        const seen = await snapshot(airq.url);
        await airq.kill();
        return { seen, round };
      } finally {
        await airq.kill();
      }
    })();
    const again = await start('after-kill');
    try {
      await eventually('a refused poll after the SIGKILL', async () =>
        replay.requests.some((r) => r.prefix === '/after-kill' && r.answer === 'status-500')
          ? true
          : undefined,
      );
      // Same ids, places and answers (a poll may have stored one more round before the kill).
      const after = (await snapshot(again.url)) as { network: { installations: { id: number }[] } };
      const seenIds = (before.seen as typeof after).network.installations.map((i) => i.id);
      const afterIds = after.network.installations.map((i) => i.id);
      for (const id of seenIds) expect(afterIds).toContain(id);
      expect(afterIds).toContain(placeOfRound(before.round));
      if (afterIds.length === seenIds.length) expect(after).toEqual(before.seen);
      for (const place of EXPECTED_PLACES[SOURCE]) {
        expect(await currentValues(again.url, place.id)).toEqual(place.values);
      }
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 120_000);
});
