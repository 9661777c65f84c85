// Followed places in PostgreSQL: the follow sink's ids are the same through a second store on
// the same database (a restart, another process), a move splits, a batch stored twice writes
// nothing, two stores racing on one place agree, and the id of a file's installation is never
// taken.
import { describe, expect, it } from 'vitest';
import { createFollowSink } from '../../../src/follow/follow-sink.js';
import type { PostgresStore } from '../../../src/store/postgres/postgres-store.js';
import { at, batchOf, expectedId, place, pm10 } from '../../follow/follow-sink-helpers.js';
import { postgresBinaries } from '../../helpers/postgres-server.js';
import { postgresSuite } from '../../helpers/postgres-suite.js';
import { installation } from '../../helpers/store-fixtures.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();
const SC = 'sensor-community';

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('followed places in PostgreSQL', () => {
  const suite = postgresSuite(binaries);

  const pm10At = async (store: PostgresStore, id: number, minute: number) => {
    const window = { fromMs: at(minute), tillMs: at(minute) + 1 };
    const [averages] = await store.windowAverages(id, [window]);
    return averages?.PM10;
  };

  it('keeps ids through a second store on the database, splits on a move, and writes nothing for a batch stored twice', async () => {
    const schema = await suite.server.createSchema('places');
    const first = await suite.connectStore(schema);
    await first.putInstallations([installation(1071)]);
    const sink = createFollowSink(first);
    const batch = batchOf([place(1071, 0), place(2, 1)], [pm10(1071, 0, 20), pm10(2, 0, 4)]);
    expect(await sink.storeBatch(SC, batch)).toEqual({
      newInstallations: 2,
      acceptedSamples: 2,
      repeatedSamples: 0,
      rejectedSamples: 0,
    });
    const changes = async (rows: 'IS NULL' | 'IS NOT NULL') =>
      (
        await suite.admin.query(
          `SELECT count(*)::int AS n FROM ${schema}.airq_changes WHERE installation_id ${rows}`,
        )
      ).rows[0].n;
    const [before, samplesBefore] = [await changes('IS NULL'), await changes('IS NOT NULL')];
    expect(samplesBefore).toBeGreaterThan(0); // the first batch's samples are in the log
    expect(await sink.storeBatch(SC, batch)).toMatchObject({
      newInstallations: 0,
      acceptedSamples: 0,
      repeatedSamples: 2,
    });
    expect(await changes('IS NULL')).toBe(before); // the installation set was not written again
    expect(await changes('IS NOT NULL')).toBe(samplesBefore); // nor were the samples

    const second = await suite.connectStore(schema);
    expect((await second.listActiveInstallations()).map((found) => found.id)).toEqual([
      1071,
      expectedId(SC, 2, 0),
      expectedId(SC, 1071, 0),
    ]);
    const otherSink = createFollowSink(second);
    expect(
      await otherSink.storeBatch(SC, batchOf([place(1071, 2)], [pm10(1071, 1, 21)])),
    ).toMatchObject({
      newInstallations: 1,
    });
    await otherSink.storeBatch(SC, batchOf([place(1071, 0)], [pm10(1071, 2, 22)]));
    await first.refresh();
    expect((await first.listActiveInstallations()).map((found) => found.id)).toContain(
      expectedId(SC, 1071, 1),
    );
    expect(await pm10At(first, expectedId(SC, 1071, 0), 2)).toBe(22);
    expect(await pm10At(first, expectedId(SC, 1071, 1), 1)).toBe(21);
    expect(await pm10At(first, expectedId(SC, 1071, 0), 0)).toBe(20);
    expect(await first.readPlaces(SC, [1071, 2, 5])).toMatchObject([
      {
        place: { source: SC, sourceId: 1071, k: 0 },
        installation: { id: expectedId(SC, 1071, 0) },
      },
      {
        place: { source: SC, sourceId: 1071, k: 1 },
        installation: { id: expectedId(SC, 1071, 1) },
      },
      { place: { source: SC, sourceId: 2, k: 0 }, installation: { id: expectedId(SC, 2, 0) } },
    ]);
    // A description that changed: the same id, the new elevation, in every process.
    await sink.storeBatch(SC, batchOf([place(2, 1, 55)]));
    await second.refresh();
    expect(await second.findInstallation(expectedId(SC, 2, 0))).toMatchObject({
      status: 'active',
      installation: { elevation: 55 },
    });
  });

  it('gives one place one id when two stores store it at the same time', async () => {
    const schema = await suite.server.createSchema('race');
    const stores = await Promise.all([suite.connectStore(schema), suite.connectStore(schema)]);
    const reports = await Promise.all(
      stores.map((store, i) =>
        createFollowSink(store).storeBatch(SC, batchOf([place(9, 0)], [pm10(9, i, i)])),
      ),
    );
    expect(reports.map((report) => report.acceptedSamples)).toEqual([1, 1]);
    const { rows } = await suite.admin.query(
      `SELECT source, source_id::float8 AS source_id, k, installation_id::float8 AS id FROM ${schema}.airq_followed_places`,
    );
    expect(rows).toEqual([{ source: SC, source_id: 9, k: 0, id: expectedId(SC, 9, 0) }]);
    // Racing on two different spots: one wins k = 0, the other is refused and goes on next time.
    const moves = await Promise.allSettled(
      stores.map((store, i) => createFollowSink(store).storeBatch(SC, batchOf([place(10, i + 1)]))),
    );
    const refused = moves.filter((move) => move.status === 'rejected');
    expect(refused.length).toBeLessThanOrEqual(1);
    await Promise.all(
      stores.map((store, i) => createFollowSink(store).storeBatch(SC, batchOf([place(10, i + 1)]))),
    );
    const places = await stores[0]!.readPlaces(SC, [10]);
    expect(places.map((found) => found.installation.id).sort()).toEqual([
      expectedId(SC, 10, 0),
      expectedId(SC, 10, 1),
    ]);
  });

  it('never takes the id of an installation that is no followed place', async () => {
    const schema = await suite.server.createSchema('taken');
    const store = await suite.connectStore(schema);
    await store.putInstallations([installation(3, { id: expectedId(SC, 3, 0) })]);
    await expect(
      createFollowSink(store).storeBatch(SC, batchOf([place(3, 0)], [pm10(3, 0, 1)])),
    ).rejects.toThrow(
      new RangeError(
        'PostgresStore.writePlaces: installation id 1000000000000003 is taken by an installation that is no followed place',
      ),
    );
    const { rows } = await suite.admin.query(
      `SELECT count(*)::int AS n FROM ${schema}.airq_followed_places`,
    );
    expect(rows).toEqual([{ n: 0 }]);
    await expect(store.readPlaces(SC, [1.5])).rejects.toThrow(
      new TypeError(
        'PostgresStore.readPlaces: sourceIds[0] must be a positive safe integer, got 1.5',
      ),
    );
  });
});
