// The seeded data of `npm run bench:live`: an installations file whose installations each name
// the airRohr device that feeds it, the pushes those devices send (a real body of
// test/fixtures/airrohr/ with the headers of the firmware), and samples bodies of 10,000 rows in
// JSON and CSV with the same rows as `Sample` objects for the direct InMemoryStore.ingest.
import { readFileSync } from 'node:fs';
import type { Sample } from '../src/store/ingest-report.js';
import type { StoredInstallation } from '../src/store/stored-installation.js';
import { seededRandom } from './helpers/seeded-random.js';

/** The write key every bench server takes. */
export const BENCH_WRITE_KEY = 'bench-live-write-key';

/** The airRohr device of installation `id` (`esp8266-<chip id>`, the chip id derived from it). */
export const deviceOf = (id: number): string => `esp8266-${10_000_000 + id}`;

/**
 * `count` installations with ids 1 … count around Kraków, each fed by {@link deviceOf} its id.
 *
 * @example
 * benchInstallations(2)[1]!.sensors; // ['esp8266-10000002']
 */
export function benchInstallations(count: number): StoredInstallation[] {
  const random = seededRandom(37);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    location: { latitude: 50 + random() * 0.1, longitude: 19.9 + random() * 0.1 },
    address: { country: 'Poland', city: 'Kraków' },
    elevation: 220,
    vendor: false,
    sponsor: { id: 1, name: 'bench' },
    sensors: [deviceOf(i + 1)],
  }));
}

/** One request of a load run: what autocannon sends over and over, in turn with the others. */
export interface PostSpec {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

// NRZ-2020-129 with SDS011 and BME280 (air-quality-bridge's recording): what most airRohr
// stations send today.
const AIRROHR_FIXTURE = new URL(
  '../test/fixtures/airrohr/air-quality-bridge-nrz-2020-129.json',
  import.meta.url,
);

/**
 * The push of each of `devices` installations' devices: the recorded body with that device's
 * chip id, and the headers the firmware sends with a user and password set (Basic
 * authentication, `X-Sensor`, `X-MAC-ID`, its `User-Agent`).
 *
 * @example
 * airRohrPushes(8).length; // 8, for installations 1 … 8
 */
export function airRohrPushes(devices: number): PostSpec[] {
  const recorded = JSON.parse(readFileSync(AIRROHR_FIXTURE, 'utf8')) as Record<string, unknown>;
  const authorization = `Basic ${Buffer.from(`airrohr:${BENCH_WRITE_KEY}`).toString('base64')}`;
  return Array.from({ length: devices }, (_, i) => {
    const device = deviceOf(i + 1);
    const chipId = device.slice('esp8266-'.length);
    return {
      path: '/v2/airq/airrohr',
      headers: {
        'content-type': 'application/json',
        'x-sensor': device,
        'x-mac-id': `esp8266-aa:bb:cc:dd:ee:${(i % 256).toString(16).padStart(2, '0')}`,
        'user-agent': `NRZ-2020-129/${chipId}/aa:bb:cc:dd:ee:ff`,
        authorization,
      },
      body: JSON.stringify({ ...recorded, esp8266id: chipId }),
    };
  });
}

/** A samples body in both encodings, with the samples it holds. */
export interface SamplesBatch {
  readonly json: string;
  readonly csv: string;
  readonly samples: readonly Sample[];
}

/**
 * `batches` bodies of `installations × minutes` PM25 rows each, minute by minute (every
 * installation per minute, as a gateway forwards a network), batch k covering the k-th block of
 * `minutes` minutes that ends `endMs` (whole minutes, going back in time), values seeded.
 *
 * @example
 * const [batch] = samplesBatches(1, 100, 100, Date.now()); // batch.samples.length === 10_000
 */
export function samplesBatches(
  batches: number,
  installations: number,
  minutes: number,
  endMs: number,
): SamplesBatch[] {
  const random = seededRandom(100);
  const lastMinuteMs = Math.floor(endMs / 60_000) * 60_000;
  return Array.from({ length: batches }, (_, k) => {
    const startMs = lastMinuteMs - (k + 1) * minutes * 60_000;
    const samples: Sample[] = [];
    const json: string[] = [];
    const csv: string[] = ['installationId,name,timestamp,value'];
    for (let minute = 0; minute < minutes; minute++) {
      const atMs = startMs + minute * 60_000;
      const timestamp = new Date(atMs).toISOString().replace('.000Z', 'Z');
      for (let id = 1; id <= installations; id++) {
        const value = Math.round(random() * 9000) / 100;
        samples.push({ installationId: id, name: 'PM25', atMs, value });
        json.push(
          `{"installationId":${id},"name":"PM25","timestamp":"${timestamp}","value":${value}}`,
        );
        csv.push(`${id},PM25,${timestamp},${value}`);
      }
    }
    return { json: `[${json.join(',')}]`, csv: `${csv.join('\n')}\n`, samples };
  });
}
