// A correction set by another process reaches this one through refresh: the change log's poll
// publishes the installation's new data version, then the installations are read. An answer
// computed between the two still has the old correction; the version it was cached under must
// be left behind once the new installations are in, or the stale answer would be served from
// the cache for as long as the data does not change. `readInstallations` is wrapped (not
// replaced) so that the test can run a query in that gap; the server is real.
import { describe, expect, it, vi } from 'vitest';
import {
  CORRECTED_MEANS,
  CORRECTION_SAMPLES,
  CORRECTION_HOUR as hour9,
  LINEAR_CORRECTION,
  RAW_MEANS,
} from '../../helpers/correction-fixtures.js';
import { postgresBinaries } from '../../helpers/postgres-server.js';
import { postgresSuite } from '../../helpers/postgres-suite.js';
import { installation } from '../../helpers/store-fixtures.js';
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

describe.runIf(serverSuitesRun('PostgreSQL', binaries))(
  'PostgresStore.refresh and corrections',
  () => {
    const suite = postgresSuite(binaries);

    it('leaves behind the data version of an answer computed with the old correction', async () => {
      const schema = await suite.server.createSchema('refresh_correction');
      const writer = await suite.connectStore(schema);
      await writer.putInstallations([installation(21)], CORRECTION_SAMPLES);
      const reader = await suite.connectStore(schema);
      await reader.refresh();
      expect(await reader.windowAverages(21, [hour9])).toEqual([RAW_MEANS]);

      await writer.putInstallations([installation(21, { correction: LINEAR_CORRECTION })]);
      let inGap: { version: number; averages: unknown } | undefined;
      gap.run = async () => {
        inGap = {
          version: reader.dataVersion(21, hour9.tillMs),
          averages: await reader.windowAverages(21, [hour9]),
        };
      };
      await reader.refresh();

      // In the gap the new version was already out, with the old (absent) correction applied.
      expect(inGap?.averages).toEqual([RAW_MEANS]);
      expect(reader.dataVersion(21, hour9.tillMs)).toBeGreaterThan(inGap!.version);
      expect(await reader.windowAverages(21, [hour9])).toEqual([CORRECTED_MEANS]);
    });

    it('changes no version when the installations were read again without a correction change', async () => {
      const schema = await suite.server.createSchema('refresh_same');
      const writer = await suite.connectStore(schema);
      await writer.putInstallations(
        [installation(21, { correction: LINEAR_CORRECTION })],
        CORRECTION_SAMPLES,
      );
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
