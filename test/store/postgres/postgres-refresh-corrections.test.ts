// A correction set by another process reaches this one through refresh: the change log's poll
// publishes the installation's new data version, then the installations are read. An answer
// computed between the two still has the old correction; the version it was cached under must
// be left behind once the new installations are in, or the stale answer would be served from
// the cache for as long as the data does not change. `readInstallations` is wrapped (not
// replaced) so that the test can run a query in that gap; the server is real.
import { describe, expect, it, vi } from 'vitest';
import { postgresBinaries } from '../../helpers/postgres-server.js';
import { postgresSuite } from '../../helpers/postgres-suite.js';
import { hourOf21November, installation } from '../../helpers/store-fixtures.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const gap = vi.hoisted(() => ({ run: undefined as (() => Promise<void>) | undefined }));

vi.mock('../../../src/store/postgres/installation-rows.js', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../../src/store/postgres/installation-rows.js')>();
  return {
    ...actual,
    readInstallations: async (...args: Parameters<typeof actual.readInstallations>) => {
      const rows = await actual.readInstallations(...args);
      const run = gap.run;
      gap.run = undefined;
      await run?.();
      return rows;
    },
  };
});

const binaries = postgresBinaries();
const hour9 = hourOf21November(9);
const at = (minute: number) => hour9.fromMs + minute * 60_000;
const LINEAR = Object.freeze({
  method: 'LINEAR',
  coefficients: Object.freeze({ intercept: 1.5, pm25: 0.75, rh: -0.0625 }),
} as const);
// Means of 09:00–10:00: PM25 21, HUMIDITY 48; corrected 1.5 + 0.75 · 21 − 0.0625 · 48 = 14.25.
const SAMPLES = [
  { installationId: 21, name: 'PM25', atMs: at(5), value: 20 },
  { installationId: 21, name: 'PM25', atMs: at(35), value: 22 },
  { installationId: 21, name: 'HUMIDITY', atMs: at(5), value: 40 },
  { installationId: 21, name: 'HUMIDITY', atMs: at(35), value: 56 },
];

describe.runIf(serverSuitesRun('PostgreSQL', binaries))(
  'PostgresStore.refresh and corrections',
  () => {
    const suite = postgresSuite(binaries);

    it('leaves behind the data version of an answer computed with the old correction', async () => {
      const schema = await suite.server.createSchema('refresh_correction');
      const writer = await suite.connectStore(schema);
      await writer.putInstallations([installation(21)], SAMPLES);
      const reader = await suite.connectStore(schema);
      await reader.refresh();
      expect(await reader.windowAverages(21, [hour9])).toEqual([{ PM25: 21, HUMIDITY: 48 }]);

      await writer.putInstallations([installation(21, { correction: LINEAR })]);
      let inGap: { version: number; averages: unknown } | undefined;
      gap.run = async () => {
        inGap = {
          version: reader.dataVersion(21, hour9.tillMs),
          averages: await reader.windowAverages(21, [hour9]),
        };
      };
      await reader.refresh();

      // In the gap the new version was already out, with the old (absent) correction applied.
      expect(inGap?.averages).toEqual([{ PM25: 21, HUMIDITY: 48 }]);
      expect(reader.dataVersion(21, hour9.tillMs)).toBeGreaterThan(inGap!.version);
      expect(await reader.windowAverages(21, [hour9])).toEqual([{ PM25: 14.25, HUMIDITY: 48 }]);
    });

    it('changes no version when the installations were read again without a correction change', async () => {
      const schema = await suite.server.createSchema('refresh_same');
      const writer = await suite.connectStore(schema);
      await writer.putInstallations([installation(21, { correction: LINEAR })], SAMPLES);
      const reader = await suite.connectStore(schema);
      await reader.refresh();
      const before = reader.dataVersion(21, hour9.tillMs);
      // A new installation: the set changed, installation 21 and its correction did not.
      await writer.putInstallations([installation(22)]);
      await reader.refresh();
      expect(reader.dataVersion(21, hour9.tillMs)).toBe(before);
    });
  },
);
