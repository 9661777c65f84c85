import { describe, expect, it } from 'vitest';
import { importOpenData } from '../../src/import/import-open-data.js';
import { loadStoreFromFiles } from '../../src/store/load-store.js';
import { freshDirs } from '../helpers/import-open-data-files.js';

// The output of --from purpleair loaded by the store's own loader: the installations keep their
// correction, and a window's PM25 is the correction of the window's raw A/B means, which the
// importer stored. The expected numbers are worked here from the fixtures' raw lines and the
// published formulas (AIRNOW_2021 below 30 µg/m³ and EPA_2022 below 570 µg/m³ are both
// 0.524·PM − 0.0862·RH + 5.75).

const freshDir = freshDirs();
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const epaLine = (pm: number, rh: number) => 0.524 * pm - 0.0862 * rh + 5.75;
const hour = (iso: string) => {
  const fromMs = Date.parse(iso);
  return { fromMs, tillMs: fromMs + 3_600_000 };
};

async function importedStore() {
  const summary = await importOpenData({
    from: 'purpleair',
    files: ['test/fixtures/purpleair'],
    outDir: freshDir(),
  });
  return loadStoreFromFiles({
    installationsPath: summary.installationsPath,
    samplesPath: summary.samplesPath,
  });
}

function expectCloseAverages(actual: object | undefined, expected: Record<string, number>): void {
  expect(Object.keys(actual ?? {}).sort()).toEqual(Object.keys(expected).sort());
  for (const [name, want] of Object.entries(expected)) {
    const got = (actual as Record<string, number>)[name]!;
    expect(Math.abs(got - want), name).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  }
}

describe('importOpenData --from purpleair, loaded by the store', () => {
  it('loads every sample and both installations, with their corrections', async () => {
    const store = await importedStore();
    expect(store.sampleCount).toBe(45);
    const installations = await store.listActiveInstallations();
    expect(installations.map((i) => [i.id, i.vendor, i.sponsor.name])).toEqual([
      [205273, false, 'PurpleAir'],
      [900001, false, 'PurpleAir'],
    ]);
  });

  it('outside: the hour 14:00 UTC is AIRNOW_2021 of the means of six kept 10-minute lines', async () => {
    const store = await importedStore();
    // Lines 09:00 to 09:50 −05:00 of the real slice: humidity, °F, hPa, pm2.5_atm A and B.
    const lines = [
      [25.4, 66.4, 977.73, 2.798, 2.498],
      [24.6, 66.8, 977.404, 3.438, 3.538],
      [24.0, 67.8, 977.132, 4.762, 4.854],
      [23.2, 68.6, 977.066, 5.48, 5.876],
      [22.4, 69.2, 976.984, 5.244, 5.69],
      [22.0, 70.0, 976.944, 5.988, 6.16],
    ];
    const rh = mean(lines.map((l) => l[0]!));
    const pm = mean(lines.map((l) => (l[3]! + l[4]!) / 2));
    const [averages] = await store.windowAverages(205273, [hour('2024-10-02T14:00:00Z')]);
    expectCloseAverages(averages, {
      HUMIDITY: rh,
      TEMPERATURE: mean(lines.map((l) => (l[1]! - 32) / 1.8)),
      PRESSURE: mean(lines.map((l) => l[2]!)),
      PM25: epaLine(pm, rh), // pm ≈ 4.36 < 30: AIRNOW_2021's first piece
    });
  });

  it('inside: the hour 17:00 UTC is EPA_2022 of the cf_1 mean; PM10 and PM1 stay raw', async () => {
    const store = await importedStore();
    // The written line 1727888400: cf_1 A 5.0, B 5.5; pm10.0_atm 8 and 9; pm1.0_atm 3 and 3.5.
    const [averages] = await store.windowAverages(900001, [hour('2024-10-02T17:00:00Z')]);
    expectCloseAverages(averages, {
      HUMIDITY: 42,
      TEMPERATURE: (76.1 - 32) / 1.8,
      PRESSURE: 978.1,
      PM25: epaLine(5.25, 42),
      PM10: 8.5,
      PM1: 3.25,
    });
  });

  it('has no PM25 where the lines were refused: the hour of the failing channel A is empty', async () => {
    const store = await importedStore();
    const [averages] = await store.windowAverages(205273, [hour('2024-10-02T15:00:00Z')]);
    expect(averages).toEqual({});
  });
});
