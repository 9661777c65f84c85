// End to end (issue 38): `airq --follow SOURCE` against a local stand-in replaying each source's
// recorded answers (test/helpers/follow-replay-server.ts). Every installation of the fixture
// inside the box is served at its place with the values written out by hand from the fixture
// (follow-cli-helpers.ts), the key reaches the stand-in only as the X-API-Key header and never
// the CLI's output, and what Sensor.Community's followed data serve equals what `airq import`
// makes of the same measurements written as archive files.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FollowReplayServer,
  movedScTimestamp,
  type ReplaySource,
  startFollowReplayServer,
} from '../helpers/follow-replay-server.js';
import { bundleCli, type CliBundle, startCli } from '../helpers/live-cli-process.js';
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
  READ_KEYS,
  read,
} from './follow-cli-helpers.js';
import { CAN_COUNT_THREADS, lowPriorityThreads } from './reading-threads.js';

const KEYS: Readonly<Record<ReplaySource, string | undefined>> = {
  'sensor-community': undefined,
  openaq: OPENAQ_KEY,
  purpleair: PURPLEAIR_KEY,
};

describe('airq --follow serves what each source answers', () => {
  let bundle: CliBundle;
  let replay: FollowReplayServer;
  let dir: string;
  let clock: FollowClock;
  beforeAll(async () => {
    clock = followClock(Date.now());
    [bundle, replay, dir] = await Promise.all([
      bundleCli(),
      startFollowReplayServer(clock.replay, { openaq: OPENAQ_KEY, purpleair: PURPLEAIR_KEY }),
      mkdtemp(join(tmpdir(), 'airq-follow-cli-')),
    ]);
    // The child inherits these (spawnCli passes the environment on); this file's worker only.
    process.env.AIRQ_OPENAQ_KEY = OPENAQ_KEY;
    process.env.AIRQ_PURPLEAIR_KEY = PURPLEAIR_KEY;
  }, 60_000);
  afterAll(async () => {
    delete process.env.AIRQ_OPENAQ_KEY;
    delete process.env.AIRQ_PURPLEAIR_KEY;
    await Promise.all([bundle?.remove(), replay?.close()]);
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }, 30_000);

  it.each(['sensor-community', 'openaq', 'purpleair'] as const)(
    '%s: every installation of the box at its place, with the fixture values',
    async (source) => {
      const prefix = `one-${source}`;
      const airq = await startCli(
        bundle.entry,
        followFlags(source, replay.urlFor(prefix), clock.nowIso[source], [
          '--data-dir',
          join(dir, source),
        ]),
      );
      try {
        const expected = EXPECTED_PLACES[source];
        const ids = expected.map((place) => place.id);
        await eventually(`${source}'s places in the network`, async () => {
          const served = await networkIds(airq.url);
          return ids.every((id) => served.includes(id)) ? served : undefined;
        });
        // Sensor.Community's file is read on a thread of its own at nice 19 (the other sources'
        // answers are small and read on the server's thread).
        if (CAN_COUNT_THREADS) {
          expect(lowPriorityThreads(airq.pid)).toBe(source === 'sensor-community' ? 1 : 0);
        }
        const network = await read(airq.url, '/v2/airq/network');
        // Exactly the fixture's installations: nothing outside the box, no null-coordinate row.
        expect(network.body.installations.map((i: { id: number }) => i.id)).toEqual(ids);
        for (const place of expected) {
          const listed = network.body.installations.find((i: { id: number }) => i.id === place.id);
          expect(listed.location).toEqual({ latitude: place.latitude, longitude: place.longitude });
          const nearest = await read(
            airq.url,
            `/v2/installations/nearest?lat=${place.latitude}&lng=${place.longitude}&maxDistanceKM=0.01`,
          );
          expect(nearest.status).toBe(200);
          expect(nearest.body.map((i: { id: number }) => i.id)).toEqual([place.id]);
          expect(nearest.body[0]).toMatchObject({
            location: { latitude: place.latitude, longitude: place.longitude },
            vendor: false,
          });
          expect(await currentValues(airq.url, place.id)).toEqual(place.values);
        }
        const asked = replay.requests.filter((request) => request.prefix === `/${prefix}`);
        expect(asked.length).toBeGreaterThan(0);
        const key = KEYS[source];
        for (const request of asked) {
          expect(request.key).toBe(key);
          if (key !== undefined) expect(request.path).not.toContain(key);
        }
        await airq.stop();
        for (const secret of [OPENAQ_KEY, PURPLEAIR_KEY]) {
          expect(airq.output()).not.toContain(secret);
        }
      } finally {
        await airq.kill();
      }
    },
    90_000,
  );

  it('sensor-community: the followed /v2 answers equal those of `airq import` of the same data', async () => {
    const source = 'sensor-community';
    const nowIso = clock.nowIso[source];
    const prefix = 'importer-comparison';
    const followed = await startCli(
      bundle.entry,
      followFlags(source, replay.urlFor(prefix), nowIso, ['--data-dir', join(dir, 'compare')]),
    );
    // The fixture's five elements as the archive writes them: one file per sensor and day,
    // the same locations, coordinates, times (moved as the stand-in moves them) and values.
    const at = (timestamp: string) =>
      movedScTimestamp(timestamp, clock.replay.sensorCommunityShiftMs).replace(' ', 'T');
    const archive = join(dir, 'archive');
    const out = join(dir, 'imported');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(archive, { recursive: true });
    const day = at('2019-04-25 01:51:12').slice(0, 10);
    await writeFile(
      join(archive, `${day}_sds011_sensor_2129.csv`),
      [
        'sensor_id;sensor_type;location;lat;lon;timestamp;P1;durP1;ratioP1;P2;durP2;ratioP2',
        `2129;SDS011;1071;52.544;13.374;${at('2019-04-25 01:51:12')};19.13;;;16.23;;`,
        `2129;SDS011;1071;52.544;13.374;${at('2019-04-25 01:53:40')};18.40;;;16.80;;`,
      ].join('\n'),
    );
    await writeFile(
      join(archive, `${day}_dht22_sensor_2130.csv`),
      [
        'sensor_id;sensor_type;location;lat;lon;timestamp;temperature;humidity',
        `2130;DHT22;1071;52.544;13.374;${at('2019-04-25 01:51:13')};18.80;76.70`,
        `2130;DHT22;1071;52.544;13.374;${at('2019-04-25 01:53:41')};18.70;76.90`,
      ].join('\n'),
    );
    await writeFile(
      join(archive, `${day}_dht22_sensor_657.csv`),
      [
        'sensor_id;sensor_type;location;lat;lon;timestamp;temperature;humidity',
        `657;DHT22;28;48.778;9.236;${at('2019-04-25 01:52:18')};10.60;68.40`,
      ].join('\n'),
    );
    await promisify(execFile)(process.execPath, [
      bundle.entry,
      'import',
      '--from',
      source,
      '--out',
      out,
      archive,
    ]);
    const imported = await startCli(bundle.entry, [
      '--keys',
      READ_KEYS,
      '--installations',
      join(out, 'installations.json'),
      '--samples',
      join(out, 'samples.csv'),
      '--now',
      nowIso,
    ]);
    try {
      const ids = EXPECTED_PLACES[source].map((place) => place.id);
      await eventually('the followed places', async () => {
        const served = await networkIds(followed.url);
        return ids.every((id) => served.includes(id)) ? served : undefined;
      });
      // The importer's ids are the locations'; followed ones are base + location.
      const base = ID_BASES[source];
      const mapIds = (body: unknown): unknown =>
        JSON.parse(
          JSON.stringify(body).replaceAll(
            /"id":(\d+)/g,
            (_, id) => `"id":${Number(id) >= base ? Number(id) - base : Number(id)}`,
          ),
        );
      expect(mapIds((await read(followed.url, '/v2/airq/network')).body)).toEqual(
        (await read(imported.url, '/v2/airq/network')).body,
      );
      for (const id of ids) {
        for (const query of ['', '&indexType=CAQI', '&indexType=EAQI', '&indexType=US_AQI']) {
          const fromFollowed = await read(
            followed.url,
            `/v2/measurements/installation?installationId=${id}${query}`,
          );
          const fromImport = await read(
            imported.url,
            `/v2/measurements/installation?installationId=${id - base}${query}`,
          );
          expect(fromFollowed.status).toBe(200);
          expect(fromFollowed.body).toEqual(fromImport.body);
        }
        const place = await read(followed.url, `/v2/installations/${id}`);
        const importedPlace = await read(imported.url, `/v2/installations/${id - base}`);
        // The feed gives the altitude and country the archive lacks; the rest is the same.
        const { elevation: _e1, address: a1, id: _i1, ...restFollowed } = place.body;
        const { elevation: _e2, address: a2, id: _i2, ...restImported } = importedPlace.body;
        expect(restFollowed).toEqual(restImported);
        expect(a1.displayAddress1).toBe(a2.displayAddress1);
      }
    } finally {
      await Promise.all([followed.stop(), imported.stop()]);
    }
  }, 90_000);
});
