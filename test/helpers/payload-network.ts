import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { MeasurementsService } from '../../src/payload/measurements-service.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { type FakeSample, FakeStore, fakeInstallation } from './payload-fake-store.js';

// The small network of the measurements service's tests (create-measurements-service*.test.ts)
// at one request time: installations around Kraków in a FakeStore, the samples they measured,
// and the payload of one installation at that time; and, for the tests of its hourly cache,
// three of them in an InMemoryStore, which reports data versions and prunes.

/** The time of every request: 2026-11-21 09:27 UTC. */
export const NOW = Date.parse('2026-11-21T09:27:00.000Z');
/** Where installation 1, a vendor installation, stands (Kraków). */
export const CENTRE = { latitude: 50.0614, longitude: 19.9366 };
// About 1.1 km east of the centre, and about 10 km north of it.
export const EAST = { latitude: 50.0614, longitude: 19.952 };
const FAR = { latitude: 50.15, longitude: 19.9366 };

/** Samples every 10 minutes over the 50 hours before `NOW` with constant values. */
export function steadySamples(
  installationId: number,
  values: Record<string, number>,
  untilMs = NOW,
): FakeSample[] {
  const samples: FakeSample[] = [];
  for (let atMs = NOW - 50 * MS_PER_HOUR; atMs < untilMs; atMs += 10 * MS_PER_MINUTE) {
    for (const [name, value] of Object.entries(values))
      samples.push({ installationId, name, atMs, value });
  }
  return samples;
}

/** A third-party station: one hourly value stamped at each hour start, the last one at 07:00. */
export function hourlySamples(installationId: number, name: string, value: number): FakeSample[] {
  const samples: FakeSample[] = [];
  for (
    let atMs = Date.parse('2026-11-19T08:00:00.000Z');
    atMs <= Date.parse('2026-11-21T07:00:00.000Z');
    atMs += MS_PER_HOUR
  ) {
    samples.push({ installationId, name, atMs, value });
  }
  return samples;
}

/**
 * The network and a service over it: 1 (vendor, at the centre), 2 (third party, east), 3 → 4 → 5
 * (replaced, 5 without samples), 6 (removed, PM10 500) and 7 (far north, without samples).
 */
export function network() {
  const store = new FakeStore(
    [
      fakeInstallation(1, CENTRE.latitude, CENTRE.longitude),
      fakeInstallation(2, EAST.latitude, EAST.longitude, { vendor: false }),
      fakeInstallation(3, 50.0, 19.9, { successorId: 4 }),
      fakeInstallation(4, 50.0, 19.9, { successorId: 5 }),
      fakeInstallation(5, 50.0, 19.9),
      fakeInstallation(6, 50.07, 19.94, { removed: true }),
      fakeInstallation(7, FAR.latitude, FAR.longitude),
    ],
    [
      ...steadySamples(1, { PM10: 40, PM25: 20, TEMPERATURE: -2 }),
      ...hourlySamples(2, 'PM10', 80),
      ...steadySamples(6, { PM10: 500 }),
    ],
  );
  return { store, service: createMeasurementsService({ store }) };
}

/** The payload of installation `id` at `NOW` (with `options`); throws unless the answer is ok. */
export async function payloadOf(service: MeasurementsService, id: number, options: object = {}) {
  const result = await service.installationMeasurements(id, { now: NOW, ...options });
  if (result.status !== 'ok') throw new Error(`expected ok, got ${result.status}`);
  return result.payload;
}

/**
 * Three installations within about 0.6 km of the centre; 2 is a third-party station. An
 * InMemoryStore, for the tests of the service's hourly cache (data versions, pruning).
 */
export function smallNetwork(): InMemoryStore {
  return new InMemoryStore([
    fakeInstallation(1, CENTRE.latitude, CENTRE.longitude),
    fakeInstallation(2, CENTRE.latitude + 0.004, CENTRE.longitude, { vendor: false }),
    fakeInstallation(3, CENTRE.latitude, CENTRE.longitude + 0.006),
  ]);
}

/** Samples every 10 minutes over the 30 hours before `NOW`. */
export function steady(installationId: number, name: string, value: number): Sample[] {
  const samples: Sample[] = [];
  for (let atMs = NOW - 30 * MS_PER_HOUR; atMs < NOW; atMs += 10 * MS_PER_MINUTE)
    samples.push({ installationId, name, atMs, value });
  return samples;
}
