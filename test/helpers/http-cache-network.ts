import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { fakeInstallation } from './payload-fake-store.js';

// The network of the Measurements response cache tests (test/http/measurements-cache*.test.ts):
// three installations near Kraków with 26 hours of PM10 and PM25 in an InMemoryStore, the time
// of the first request and the one API key.

/** The time of the first request: 2026-11-21 09:27 UTC. */
export const START = Date.parse('2026-11-21T09:27:00.000Z');
/** Where installation 1 stands (Kraków); 2 and 3 stand within 0.6 km of it. */
export const CENTRE = { latitude: 50.0614, longitude: 19.9366 };
/** The one API key of the cache tests' APIs. */
export const KEY = 'cache-key';

// Every 20 minutes from 7 min 13 s past an hour: no sample sits on an edge of the moving hour.
export const FIRST_SAMPLE_MS = START - 26 * MS_PER_HOUR + 7 * MS_PER_MINUTE + 13_000;

/** 1 and 3 are the service's own; 2 is a third-party station; all within 0.6 km of the centre. */
export function network(): InMemoryStore {
  const store = new InMemoryStore([
    fakeInstallation(1, CENTRE.latitude, CENTRE.longitude),
    fakeInstallation(2, CENTRE.latitude + 0.004, CENTRE.longitude, { vendor: false }),
    fakeInstallation(3, CENTRE.latitude, CENTRE.longitude + 0.006),
  ]);
  const samples: Sample[] = [];
  for (let atMs = FIRST_SAMPLE_MS; atMs < START; atMs += 20 * MS_PER_MINUTE) {
    for (const installationId of [1, 2, 3]) {
      samples.push({ installationId, name: 'PM10', atMs, value: 20 + (atMs % 7) });
      samples.push({ installationId, name: 'PM25', atMs: atMs + 60_000, value: 11 + (atMs % 5) });
    }
  }
  store.ingest(samples);
  return store;
}
