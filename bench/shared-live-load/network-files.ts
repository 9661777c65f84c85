// The files the first `airq` of `npm run bench:shared-load` loads into PostgreSQL: vendor
// installations spread over a region, each fed by one airRohr device, and the last hours of
// PM25 and PM10 of each, so that every route has something to answer from the first request.
// Each installation reads at its own phase within the interval: devices are not synchronised,
// and samples all at the same instants would make every installation's moving hour change at
// once (a whole-network recomputation at each step that no real network causes).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredInstallation } from '../../src/store/stored-installation.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { deviceOf } from '../live-data.js';

/** Southern Poland around Kraków, about 120 × 140 km: 10,000 devices are ~1.3 km apart. */
export const REGION = Object.freeze({ minLat: 49.4, maxLat: 50.5, minLng: 19.0, maxLng: 21.0 });

/** Minutes between two stored readings of a series in the samples file. */
export const SAMPLE_INTERVAL_MINUTES = 5;

const MS_PER_MINUTE = 60_000;

/** What was written, for the section. */
export interface NetworkFiles {
  readonly installationsPath: string;
  readonly samplesPath: string;
  readonly installations: number;
  readonly samples: number;
  readonly samplesBytes: number;
}

/**
 * `count` vendor installations (ids 1…count) at seeded places in {@link REGION}, installation
 * `id` fed by the device {@link deviceOf}(`id`).
 *
 * @example
 * sharedInstallations(2, 39)[1]!.sensors; // ['esp8266-10000002']
 */
export function sharedInstallations(count: number, seed: number): StoredInstallation[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    location: {
      latitude: round6(REGION.minLat + random() * (REGION.maxLat - REGION.minLat)),
      longitude: round6(REGION.minLng + random() * (REGION.maxLng - REGION.minLng)),
    },
    address: { country: 'Poland', city: null },
    elevation: 220,
    vendor: true,
    sponsor: { id: 1, name: 'bench' },
    sensors: [deviceOf(i + 1)],
  }));
}

const round6 = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * Writes `installations.json` and `samples.csv` into `folder`: every installation's PM25 and
 * PM10 every {@link SAMPLE_INTERVAL_MINUTES} minutes over the `hours` before `nowMs`, each
 * installation at its own seeded phase, values seeded around a level of its own.
 *
 * @example
 * const files = writeNetworkFiles(dir, 10_000, 2, Date.now(), 39);
 * files.samples; // 480,000 (10,000 × 24 × 2)
 */
export function writeNetworkFiles(
  folder: string,
  count: number,
  hours: number,
  nowMs: number,
  seed: number,
): NetworkFiles {
  const installations = sharedInstallations(count, seed);
  const installationsPath = join(folder, 'installations.json');
  writeFileSync(installationsPath, JSON.stringify(installations));
  const random = seededRandom(seed + 1);
  const stepMs = SAMPLE_INTERVAL_MINUTES * MS_PER_MINUTE;
  const steps = Math.floor((hours * 60) / SAMPLE_INTERVAL_MINUTES);
  const lines = ['installationId,name,timestamp,value'];
  for (const { id } of installations) {
    const phaseMs = Math.floor(random() * stepMs);
    const levelUgM3 = 5 + random() * 55;
    for (let step = steps; step >= 1; step--) {
      // The latest reading is at most one interval old, the first `hours` back.
      const atMs = nowMs - step * stepMs + phaseMs;
      const timestamp = new Date(atMs).toISOString();
      const pm25 = Math.round(levelUgM3 * (0.8 + random() * 0.4) * 100) / 100;
      const pm10 = Math.round(pm25 * (1.2 + random() * 0.3) * 100) / 100;
      lines.push(`${id},PM25,${timestamp},${pm25}`, `${id},PM10,${timestamp},${pm10}`);
    }
  }
  const text = `${lines.join('\n')}\n`;
  const samplesPath = join(folder, 'samples.csv');
  writeFileSync(samplesPath, text);
  return {
    installationsPath,
    samplesPath,
    installations: count,
    samples: lines.length - 1,
    samplesBytes: Buffer.byteLength(text),
  };
}
