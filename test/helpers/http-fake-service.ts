import { checkInstant } from '../../src/arguments/time-checks.js';
import type {
  AveragedValues,
  IndexValue,
  Installation,
  Measurements,
} from '../../src/model/api-types.js';
import type {
  InstallationMeasurementsResult,
  MeasurementsRequestOptions,
  MeasurementsService,
  NearestMeasurementsResult,
  NearestSearchOptions,
  PointMeasurementsResult,
} from '../../src/payload/measurements-service.js';
import type { InstallationLookup } from '../../src/store/measurement-store.js';
import { formatTimestamp } from '../../src/time/instant.js';
import { measurementWindows, type TimeWindow } from '../../src/time/windows.js';

/** A fake installation with its fate. */
export interface FakeInstallation {
  readonly installation: Installation;
  readonly successorId?: number;
  readonly removed?: boolean;
}

function installation(id: number, latitude: number, longitude: number): Installation {
  return {
    id,
    location: { latitude, longitude },
    address: { country: 'Poland', city: 'Kraków', street: 'Fake', number: String(id) },
    elevation: 200 + id,
    vendor: id % 2 === 1,
    sponsor: { id: 1, name: 'Test sponsor' },
  };
}

/**
 * The fixture network: 1 and 3 active; 2 replaced by 3; 5 replaced by 2 (so finally 3);
 * 4 removed; 7 active far away (about 2.2 km north of 1).
 */
export const FAKE_INSTALLATIONS: readonly FakeInstallation[] = Object.freeze([
  { installation: installation(1, 50.06, 19.94) },
  { installation: installation(2, 50.061, 19.941), successorId: 3 },
  { installation: installation(3, 50.062, 19.942) },
  { installation: installation(4, 50.07, 19.95), removed: true },
  { installation: installation(5, 50.063, 19.943), successorId: 2 },
  { installation: installation(7, 50.08, 19.94) },
]);

/** A point near installation 1 and 3 (Kraków main square). */
export const FAKE_CENTRE = Object.freeze({ latitude: 50.0615, longitude: 19.9375 });

/** A brute-force great-circle distance for the fake nearest search (km). */
export function fakeDistanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

function window(
  window: TimeWindow,
  pm25: number,
  options: MeasurementsRequestOptions,
): AveragedValues {
  const indexType = options.indexType ?? 'VENDOR_CAQI';
  const description = options.language === 'pl' ? 'Dobre powietrze' : 'Good air';
  return {
    fromDateTime: formatTimestamp(window.fromMs),
    tillDateTime: formatTimestamp(window.tillMs),
    values: [{ name: 'PM25', value: pm25 }],
    indexes: [
      {
        name: indexType,
        value: pm25,
        level: 'LOW',
        description,
        advice: null,
        color: '#6BC926',
        dominantPollutant: 'PM25',
        subIndexes: { PM25: pm25 },
        // A fake: the same level name for every index type, which no real index guarantees.
      } as IndexValue,
    ],
    standards: [],
  };
}

/** A deterministic payload whose windows follow `now` and whose PM2.5 depends on `seed`. */
export function fakePayload(seed: number, options: MeasurementsRequestOptions): Measurements {
  const windows = measurementWindows(options.now);
  return {
    current: window(windows.current, seed, options),
    history: windows.history.map((w, hour) => window(w, seed + hour, options)),
    forecast: windows.forecast.map((w, hour) => window(w, seed + 24 + hour, options)),
  };
}

/** How the fake fails, to exercise the 500 path: a synchronous throw, a rejection, a thrown non-Error. */
export type FakeFailure = 'none' | 'throw' | 'reject' | 'throw-string';

/** A {@link MeasurementsService} over {@link FAKE_INSTALLATIONS} that records its calls. */
export interface FakeService extends MeasurementsService {
  readonly calls: string[];
  failure: FakeFailure;
}

function finalSuccessor(id: number): number {
  let current = FAKE_INSTALLATIONS.find((entry) => entry.installation.id === id);
  while (current?.successorId !== undefined) {
    const next = current.successorId;
    current = FAKE_INSTALLATIONS.find((entry) => entry.installation.id === next);
  }
  return current?.installation.id ?? id;
}

/**
 * Builds the fake service.
 *
 * @example
 * const service = createFakeService();
 * await service.findInstallation(2); // { status: 'replaced', successorId: 3, … }
 */
export function createFakeService(failure: FakeFailure = 'none'): FakeService {
  const active = () =>
    FAKE_INSTALLATIONS.filter((entry) => entry.successorId === undefined && entry.removed !== true);
  const service: FakeService = {
    calls: [],
    failure,
    async findInstallation(id): Promise<InstallationLookup> {
      await guard('findInstallation');
      const entry = FAKE_INSTALLATIONS.find((candidate) => candidate.installation.id === id);
      if (entry === undefined || entry.removed === true) return { status: 'missing' };
      if (entry.successorId !== undefined) {
        return {
          status: 'replaced',
          installation: entry.installation,
          successorId: finalSuccessor(id),
        };
      }
      return { status: 'active', installation: entry.installation };
    },
    async nearestInstallations(latitude, longitude, options: NearestSearchOptions = {}) {
      await guard('nearestInstallations');
      const maxDistanceKM = options.maxDistanceKM ?? 3;
      const maxResults = options.maxResults ?? 1;
      const hits = active()
        .map((entry) => ({
          entry,
          km: fakeDistanceKm(
            latitude,
            longitude,
            entry.installation.location.latitude,
            entry.installation.location.longitude,
          ),
        }))
        .filter((hit) => maxDistanceKM < 0 || hit.km <= maxDistanceKM)
        .sort((a, b) => a.km - b.km || a.entry.installation.id - b.entry.installation.id);
      return (maxResults < 0 ? hits : hits.slice(0, maxResults)).map(
        (hit) => hit.entry.installation,
      );
    },
    async installationMeasurements(
      installationId,
      options,
    ): Promise<InstallationMeasurementsResult> {
      await guard('installationMeasurements');
      const lookup = await service.findInstallation(installationId);
      if (lookup.status === 'missing') return { status: 'missing' };
      if (lookup.status === 'replaced')
        return { status: 'replaced', successorId: lookup.successorId };
      return {
        status: 'ok',
        installation: lookup.installation,
        payload: fakePayload(installationId, options),
      };
    },
    async nearestMeasurements(
      latitude,
      longitude,
      search,
      options,
    ): Promise<NearestMeasurementsResult> {
      await guard('nearestMeasurements');
      const [nearest] = await service.nearestInstallations(latitude, longitude, {
        ...search,
        maxResults: 1,
      });
      if (nearest === undefined) return { status: 'none-in-range' };
      const distanceKm = fakeDistanceKm(
        latitude,
        longitude,
        nearest.location.latitude,
        nearest.location.longitude,
      );
      return {
        status: 'ok',
        installation: nearest,
        distanceKm,
        payload: fakePayload(nearest.id, options),
      };
    },
    async pointMeasurements(latitude, longitude, options): Promise<PointMeasurementsResult> {
      await guard('pointMeasurements');
      checkInstant('fake.pointMeasurements', 'now', options.now);
      const near = await service.nearestInstallations(latitude, longitude, {
        maxDistanceKM: 1.5,
        maxResults: -1,
      });
      const contributors = near.map((entry) => ({
        installationId: entry.id,
        distanceKm: fakeDistanceKm(
          latitude,
          longitude,
          entry.location.latitude,
          entry.location.longitude,
        ),
        weight: 1 / near.length,
      }));
      return {
        payload: {
          ...fakePayload(near.length === 0 ? 0 : 10, options),
          interpolation: { method: 'INVERSE_DISTANCE', radiusKm: 1.5, contributors },
        },
      };
    },
  };
  async function guard(name: string): Promise<void> {
    service.calls.push(name);
    if (service.failure === 'reject') await Promise.reject(new TypeError(`fake ${name} rejected`));
  }
  // 'throw' and 'throw-string' fail synchronously, before any promise exists, as a careless
  // non-async implementation would.
  for (const name of [
    'findInstallation',
    'nearestInstallations',
    'installationMeasurements',
    'nearestMeasurements',
    'pointMeasurements',
  ] as const) {
    const original = service[name] as (...args: unknown[]) => Promise<unknown>;
    (service as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (service.failure === 'throw') throw new Error(`fake ${name} failed with a secret stack`);
      if (service.failure === 'throw-string') throw 'a thrown string';
      return original(...args);
    };
  }
  return service;
}
