// End to end (issue 38): three `airq --follow sensor-community` instances on one throwaway
// PostgreSQL. Each asks the stand-in under its own path prefix, so the stand-in knows which
// instance polled: one instance polls at a time (no two polls overlap, the poll rate is one
// poller's), another takes over after a SIGKILL of the poller, and every instance serves the
// same stored samples, each stored once with the value the stand-in gave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTRA_LOCATION_BASE,
  extraElement,
  type FollowReplayServer,
  movedScTimestamp,
  startFollowReplayServer,
} from '../helpers/follow-replay-server.js';
import {
  bundleCli,
  type CliBundle,
  type CliProcess,
  startCli,
} from '../helpers/live-cli-process.js';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../helpers/postgres-server.js';
import { serverSuitesRun } from '../helpers/throwaway-server.js';
import {
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
const EVERY_MS = 2000;
const BASE = ID_BASES[SOURCE];
const binaries = postgresBinaries();

/** What the stand-in gives, written out: installation → time (ms) → the values served there. */
function servedValues(shiftMs: number, rounds: number): Map<string, number[]> {
  const at = (timestamp: string) =>
    Date.parse(`${movedScTimestamp(timestamp, shiftMs).replace(' ', 'T')}Z`);
  const rows: [number, string, number[]][] = [
    [1071, '2019-04-25 01:51:12', [19.13, 16.23]],
    [1071, '2019-04-25 01:51:13', [76.7, 18.8]],
    [28, '2019-04-25 01:52:18', [68.4, 10.6]],
    [1071, '2019-04-25 01:53:40', [18.4, 16.8]],
    [1071, '2019-04-25 01:53:41', [76.9, 18.7]],
  ];
  for (let round = 1; round <= rounds; round++) {
    const extra = extraElement(round);
    rows.push([extra.locationId, extra.timestamp, [extra.p1, extra.p2]]);
  }
  return new Map(
    rows.map(([location, time, values]) => [`${BASE + location}@${at(time)}`, values]),
  );
}

describe.runIf(serverSuitesRun('PostgreSQL', binaries))(
  'three airq --follow instances on one PostgreSQL',
  () => {
    let bundle: CliBundle;
    let postgres: PostgresServer;
    let replay: FollowReplayServer;
    let clock: FollowClock;
    beforeAll(async () => {
      if (!binaries.available) return;
      clock = followClock(Date.now());
      [bundle, postgres, replay] = await Promise.all([
        bundleCli(),
        startPostgres(binaries.path),
        startFollowReplayServer(
          clock.replay,
          { openaq: OPENAQ_KEY, purpleair: PURPLEAIR_KEY },
          { growing: true },
        ),
      ]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([bundle?.remove(), postgres?.stop(), replay?.close()]);
    }, 60_000);

    it('one poller at a time, a takeover after its SIGKILL, the same samples everywhere', async () => {
      const flags = (prefix: string) => [
        ...followFlags(SOURCE, replay.urlFor(prefix), clock.nowIso[SOURCE], [
          '--database',
          postgres.connectionString,
        ]).filter((flag) => flag !== '1s'),
      ];
      // followFlags says every 1s; this suite polls every 2 s.
      const withEvery = (prefix: string) => {
        const list = flags(prefix);
        const at = list.indexOf('--follow-every');
        list.splice(at + 1, 0, `${EVERY_MS / 1000}s`);
        return list;
      };
      const instances = new Map<string, CliProcess>();
      try {
        // One first (it creates the tables), then the other two.
        instances.set('i0', await startCli(bundle.entry, withEvery('i0')));
        const others = await Promise.all(
          ['i1', 'i2'].map((p) => startCli(bundle.entry, withEvery(p))),
        );
        instances.set('i1', others[0]!);
        instances.set('i2', others[1]!);
        const watchFromMs = Date.now();
        const startCount = replay.requests.length;
        await eventually('five polls after all three started', async () =>
          replay.requests.length >= startCount + 5 ? true : undefined,
        );
        const watched = replay.requests.slice(startCount);
        const elapsedMs = Date.now() - watchFromMs;
        // No two polls overlap: each begins after the one before it ended.
        const ordered = [...replay.requests].sort((a, b) => a.startedAtMs - b.startedAtMs);
        for (let k = 1; k < ordered.length; k++) {
          expect(ordered[k]!.startedAtMs).toBeGreaterThanOrEqual(
            ordered[k - 1]!.endedAtMs ?? Infinity,
          );
        }
        // One poller's rate (three would ask about three times as often); an upper bound only.
        expect(watched.length).toBeLessThanOrEqual(Math.ceil(elapsedMs / EVERY_MS) + 3);
        expect(new Set(watched.map((r) => r.prefix)).size).toBe(1);

        // SIGKILL the poller; another instance polls within 10 intervals (two are the target).
        const poller = watched.at(-1)!.prefix.slice(1);
        await instances.get(poller)!.kill();
        instances.delete(poller);
        const killedAtMs = Date.now();
        const takeover = await eventually(
          'a poll by another instance',
          async () =>
            replay.requests.find((r) => r.startedAtMs > killedAtMs && r.prefix !== `/${poller}`),
          60_000,
        );
        expect(takeover.startedAtMs - killedAtMs).toBeLessThan(10 * EVERY_MS);
        // A round stored after the takeover is served by both survivors.
        const round = takeover.goodRound!;
        for (const airq of instances.values()) {
          await eventually('the takeover poll served', async () =>
            (await networkIds(airq.url)).includes(BASE + EXTRA_LOCATION_BASE + round)
              ? true
              : undefined,
          );
        }
        // Polling stops adding (the source answers 500 from now on); a poll begins only after
        // the one before it was stored, so once a 500 was served everything good is stored.
        replay.setFallback(SOURCE, 'status-500');
        const stoppedAt = replay.requests.length;
        await eventually('a refused poll', async () =>
          replay.requests.slice(stoppedAt).some((r) => r.answer === 'status-500')
            ? true
            : undefined,
        );
        const [a, b] = [...instances.values()];
        const idsA = await networkIds(a!.url);
        expect(await networkIds(b!.url)).toEqual(idsA);
        for (const id of idsA) {
          const path = `/v2/measurements/installation?installationId=${id}`;
          expect((await read(a!.url, path)).body).toEqual((await read(b!.url, path)).body);
        }
        for (const airq of instances.values()) expect(await airq.stop()).toBe(0);
        instances.clear();

        // In the database: every row is a value the stand-in served at that place and time.
        const client = await postgres.connectClient();
        try {
          const rounds = Math.max(...replay.requests.map((r) => r.goodRound ?? 0));
          const served = servedValues(clock.replay.sensorCommunityShiftMs, rounds);
          const { rows } = await client.query<{
            id: string;
            at: Date;
            type: number;
            value: number;
          }>(
            'SELECT installation_id::text AS id, at, type_ordinal AS type, value FROM airq_samples',
          );
          expect(rows.length).toBeGreaterThanOrEqual(10 + 2 * round);
          const problems = rows.filter(
            (row) => !(served.get(`${row.id}@${row.at.getTime()}`) ?? []).includes(row.value),
          );
          expect(problems).toEqual([]);
          const keys = rows.map((row) => `${row.id}@${row.at.getTime()}@${row.type}`);
          expect(new Set(keys).size).toBe(keys.length);
        } finally {
          await client.end();
        }
      } finally {
        await Promise.all([...instances.values()].map((airq) => airq.kill()));
      }
    }, 180_000);
  },
);
