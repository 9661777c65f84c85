import type { Installation } from '../../src/model/api-types.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import { MS_PER_MINUTE } from '../../src/time/instant.js';
import type { NaiveDataset } from './payload-naive-series.js';
import { seededRandom } from './seeded-random.js';

/** A synthetic network held both by an `InMemoryStore` and by the naive baseline. */
export interface SyntheticNetwork {
  readonly store: InMemoryStore;
  readonly naive: NaiveDataset;
  /** The query point of the point payload: the middle of the probe cluster. */
  readonly centre: { readonly latitude: number; readonly longitude: number };
  /** An installation of the probe cluster, in the middle of the id range. */
  readonly probeId: number;
}

/** Installations per km² outside the probe cluster: the covered square grows with N. */
export const SYNTHETIC_DENSITY_PER_KM2 = 1;
/** Installations within 1.5 km of `centre`; the same ones, with the same data, for every N. */
export const PROBE_CLUSTER_SIZE = 16;
/** Samples per installation and type: 2 hours of 5-minute readings up to `nowMs`. */
export const SYNTHETIC_SAMPLES_PER_TYPE = 24;

const CENTRE = Object.freeze({ latitude: 52, longitude: 19 });
const KM_PER_DEGREE = 111.195;
const KM_PER_DEGREE_LNG = KM_PER_DEGREE * Math.cos((CENTRE.latitude * Math.PI) / 180);
const CLUSTER_RADIUS_KM = 1.4;
// Nothing else within 2 km, so the neighbourhood of `centre` is the cluster alone.
const CLEAR_RADIUS_KM = 2;
const SAMPLE_INTERVAL_MS = 5 * MS_PER_MINUTE;
const TYPES = Object.freeze(['PM25', 'PM10'] as const);

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/**
 * `installationCount` installations (PM25 and PM10 each, {@link SYNTHETIC_SAMPLES_PER_TYPE}
 * readings ending at `nowMs`), spread uniformly at {@link SYNTHETIC_DENSITY_PER_KM2} over a
 * square around 52° N 19° E, with a cluster of {@link PROBE_CLUSTER_SIZE} installations within
 * 1.4 km of the centre and none other within 2 km. The cluster has the same positions and
 * data for every N, so a probe's work is the same and only N changes. Deterministic.
 *
 * @example
 * const network = syntheticNetwork(10_000, Date.parse('2026-11-21T09:27:00Z'));
 * network.naive.installations.length; // 10000
 * network.store.sampleCount; // 480000
 */
export function syntheticNetwork(installationCount: number, nowMs: number): SyntheticNetwork {
  const halfSideKm = Math.sqrt(installationCount / SYNTHETIC_DENSITY_PER_KM2) / 2;
  const firstClusterPosition = Math.floor((installationCount - PROBE_CLUSTER_SIZE) / 2);
  const inCluster = (position: number) =>
    position >= firstClusterPosition && position < firstClusterPosition + PROBE_CLUSTER_SIZE;

  const spreadSpots = seededRandom(0x5eed + installationCount);
  const clusterSpots = seededRandom(0xc1a5);
  const installations: Installation[] = new Array(installationCount);
  for (let position = 0; position < installationCount; position++) {
    const spot = inCluster(position)
      ? clusterSpot(clusterSpots)
      : spreadSpot(spreadSpots, halfSideKm);
    installations[position] = {
      id: position + 1,
      location: {
        latitude: CENTRE.latitude + spot.northKm / KM_PER_DEGREE,
        longitude: CENTRE.longitude + spot.eastKm / KM_PER_DEGREE_LNG,
      },
      address: { country: 'Poland', city: null },
      elevation: 100,
      vendor: true,
      sponsor: { id: 1, name: 'Synthetic' },
    };
  }

  const store = new InMemoryStore(installations);
  const firstAtMs = nowMs - SYNTHETIC_SAMPLES_PER_TYPE * SAMPLE_INTERVAL_MS;
  const atMs = Float64Array.from(
    { length: SYNTHETIC_SAMPLES_PER_TYPE },
    (_, k) => firstAtMs + k * SAMPLE_INTERVAL_MS,
  );
  const spreadValues = seededRandom(0xda7a + installationCount);
  const clusterValues = seededRandom(0xc1a5da7a);
  const samples: Sample[][] = new Array(installationCount);
  for (let position = 0; position < installationCount; position++) {
    const random = inCluster(position) ? clusterValues : spreadValues;
    const installationId = position + 1;
    const columns = readings(random);
    const own: Sample[] = [];
    TYPES.forEach((name, t) => {
      const values = columns[t]!; // one column per type
      store.ingestColumns(installationId, name, atMs, values);
      for (let k = 0; k < values.length; k++) {
        own.push({ installationId, name, atMs: atMs[k]!, value: values[k]! }); // k < length
      }
    });
    samples[position] = own;
  }
  return {
    store,
    naive: { installations, samples },
    centre: CENTRE,
    probeId: firstClusterPosition + 1 + PROBE_CLUSTER_SIZE / 2,
  };
}

/** PM25 and PM10 columns of one installation: a level of its own with ±20 % noise. */
function readings(random: () => number): [Float64Array, Float64Array] {
  const pm25Level = 5 + 70 * random();
  const pm10Ratio = 1.2 + 0.6 * random();
  const pm25 = new Float64Array(SYNTHETIC_SAMPLES_PER_TYPE);
  const pm10 = new Float64Array(SYNTHETIC_SAMPLES_PER_TYPE);
  for (let k = 0; k < SYNTHETIC_SAMPLES_PER_TYPE; k++) {
    const value = round2(pm25Level * (0.8 + 0.4 * random()));
    pm25[k] = value;
    pm10[k] = round2(value * pm10Ratio);
  }
  return [pm25, pm10];
}

interface SpotKm {
  readonly eastKm: number;
  readonly northKm: number;
}

function clusterSpot(random: () => number): SpotKm {
  // The square root spreads the points evenly over the disc's area.
  const radiusKm = CLUSTER_RADIUS_KM * Math.sqrt(random());
  const angle = 2 * Math.PI * random();
  return { eastKm: radiusKm * Math.cos(angle), northKm: radiusKm * Math.sin(angle) };
}

function spreadSpot(random: () => number, halfSideKm: number): SpotKm {
  for (;;) {
    const eastKm = (2 * random() - 1) * halfSideKm;
    const northKm = (2 * random() - 1) * halfSideKm;
    if (eastKm * eastKm + northKm * northKm >= CLEAR_RADIUS_KM * CLEAR_RADIUS_KM) {
      return { eastKm, northKm };
    }
  }
}
