// Places, batches and the expected ids of the follow sink tests. The id bases are copied here
// from the scheme's description (1, 2 and 3 × 10¹⁵; k × 10⁹ for the k-th coordinates), not
// imported, so that a change of the frozen table fails the tests.
import type {
  FollowedBatch,
  FollowedPlace,
  FollowedSample,
  FollowedSourceName,
} from '../../src/follow/followed-batch.js';
import type { InMemoryStore } from '../../src/store/in-memory-store.js';

/** The first id of each source, as the scheme's documentation gives it. */
export const BASES: Readonly<Record<FollowedSourceName, number>> = {
  'sensor-community': 1_000_000_000_000_000,
  openaq: 2_000_000_000_000_000,
  purpleair: 3_000_000_000_000_000,
};

/** The expected id of the k-th place of a location. */
export function expectedId(source: FollowedSourceName, sourceId: number, k: number): number {
  return BASES[source] + sourceId + k * 1_000_000_000;
}

/** Three sets of coordinates in Berlin (0, 1, 2), as a source would report them. */
export const SPOTS = [
  { latitude: 52.544, longitude: 13.374 },
  { latitude: 52.5441, longitude: 13.3742 },
  { latitude: 52.51, longitude: 13.4 },
] as const;

/** A place of `sourceId` at spot `spot`, described as an importer would; `elevation` varies it. */
export function place(sourceId: number, spot: number, elevation = 38.7): FollowedPlace {
  return {
    sourceId,
    installation: {
      location: { ...SPOTS[spot]! },
      address: { country: 'DE', city: 'Berlin' },
      elevation,
      vendor: false,
      sponsor: { id: 0, name: 'Sensor.Community' },
    },
  };
}

/** 2026-11-21 09:00 UTC plus `minute` minutes. */
export function at(minute: number): number {
  return Date.UTC(2026, 10, 21, 9) + minute * 60_000;
}

/** A PM10 sample of `sourceId` at minute `minute`. */
export function pm10(sourceId: number, minute: number, value: number): FollowedSample {
  return { sourceId, name: 'PM10', atMs: at(minute), value };
}

/** A batch of these places and samples, nothing skipped. */
export function batchOf(
  places: readonly FollowedPlace[],
  samples: readonly FollowedSample[] = [],
): FollowedBatch {
  return { places, samples, skipped: {} };
}

/** The PM10 value a store serves for `installationId` at minute `minute`, if any. */
export async function servedPm10(
  store: InMemoryStore,
  installationId: number,
  minute: number,
): Promise<number | undefined> {
  const window = { fromMs: at(minute), tillMs: at(minute) + 1 };
  const [averages] = await store.windowAverages(installationId, [window]);
  return averages?.PM10;
}
