import { describe, expect, it } from 'vitest';
import { type Api, createApi } from '../../src/http/create-api.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import type { MeasurementStore } from '../../src/store/measurement-store.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { coreJson, coreRequest } from '../helpers/http-client.js';
import { postgresBinaries } from '../helpers/postgres-server.js';
import { postgresSuite } from '../helpers/postgres-suite.js';
import { installation } from '../helpers/store-fixtures.js';
import { serverSuitesRun } from '../helpers/throwaway-server.js';

// The network answer over the PostgreSQL store: the same bytes as over the in-memory store
// holding the same data, each installation's index that of its own measurement route, and a
// sample written by another process seen at the next request (the store refreshes, and the
// adapter keeps no network answer over a store with `refresh`).

const binaries = postgresBinaries();
const KEY = 'network-pg';
const START = Date.UTC(2026, 10, 21, 9, 27);
const INSTALLATIONS = [
  installation(1),
  installation(2, { vendor: false }),
  installation(3),
  installation(4, { removed: true }),
  installation(5),
];

// Every 10 minutes for 30 hours; the third-party station publishes on the hour; 5 has none.
function samples(): Sample[] {
  const all: Sample[] = [];
  for (let atMs = START - 30 * MS_PER_HOUR; atMs < START; atMs += 10 * MS_PER_MINUTE) {
    const wave = (atMs / MS_PER_MINUTE) % 17;
    for (const installationId of [1, 3, 4]) {
      all.push({ installationId, name: 'PM10', atMs, value: 20 + wave + installationId });
      all.push({ installationId, name: 'PM25', atMs, value: 8 + wave / 2 });
    }
    if (atMs % MS_PER_HOUR === 0) all.push({ installationId: 2, name: 'PM10', atMs, value: 60 });
  }
  return all;
}

function apiOver(store: MeasurementStore, clock: () => number): Api {
  const service = createMeasurementsService({ store });
  return createApi({ service, keys: [KEY], clock, dayLimit: 10_000, minuteLimit: 10_000 });
}

async function json(api: Api, path: string, language = 'en') {
  const headers = { apikey: KEY, 'accept-language': language };
  return coreJson(await api.handle(coreRequest(path, { headers })));
}

describe.runIf(serverSuitesRun('PostgreSQL', binaries))(
  'the network answer over PostgreSQL',
  () => {
    const suite = postgresSuite(binaries);

    it('equals the in-memory answer and each installation’s own current index', async () => {
      const schema = await suite.server.createSchema('network');
      const postgres = await suite.connectStore(schema);
      await postgres.putInstallations(INSTALLATIONS, samples());
      const memory = new InMemoryStore(INSTALLATIONS);
      memory.ingest(samples());
      let nowMs = START;
      const clock = () => nowMs;
      const overPostgres = apiOver(postgres, clock);
      const overMemory = apiOver(memory, clock);
      for (const stepMs of [0, 1, 7 * MS_PER_MINUTE, 40 * MS_PER_MINUTE, 2 * MS_PER_HOUR]) {
        nowMs += stepMs;
        for (const query of ['', 'indexType=US_AQI', 'minLat=50&minLng=19&maxLat=51&maxLng=20']) {
          const path = `/v2/airq/network?${query}`;
          const answer = (await json(overPostgres, path, 'pl')) as {
            installations: { id: number; index: Record<string, unknown> }[];
          };
          expect(answer).toEqual(await json(overMemory, path, 'pl'));
          expect(answer.installations.map((entry) => entry.id)).toEqual([1, 2, 3, 5]);
          const indexType = query.includes('US_AQI') ? '&indexType=US_AQI' : '';
          for (const entry of answer.installations) {
            const own = (await json(
              overPostgres,
              `/v2/measurements/installation?installationId=${entry.id}${indexType}`,
              'pl',
            )) as { current: { indexes: Record<string, unknown>[] } };
            const { advice, dominantPollutant, subIndexes, ...index } = own.current.indexes[0]!;
            expect(entry.index).toEqual(index);
          }
        }
      }
    }, 120_000);

    it('shows a sample another process wrote at the next request', async () => {
      const schema = await suite.server.createSchema('network_refresh');
      const writer = await suite.connectStore(schema);
      await writer.putInstallations(INSTALLATIONS, samples());
      const reader = await suite.connectStore(schema);
      const api = apiOver(reader, () => START);
      const before = (await json(api, '/v2/airq/network')) as {
        installations: { id: number; index: { value: number | null } }[];
      };
      expect(before.installations[3]).toMatchObject({ id: 5, index: { value: null } });
      await writer.ingest([
        { installationId: 5, name: 'PM10', atMs: START - 3 * MS_PER_MINUTE, value: 80 },
      ]);
      const after = (await json(api, '/v2/airq/network')) as typeof before;
      expect(after.installations[3]?.index.value).not.toBeNull();
      expect(after.installations.slice(0, 3)).toEqual(before.installations.slice(0, 3));
    }, 120_000);
  },
);
