import { checkInstant } from '../../src/arguments/time-checks.js';
import type {
  InstallationMeasurementsResult,
  MeasurementsService,
  NearestMeasurementsResult,
  NearestSearchOptions,
  PointMeasurementsResult,
} from '../../src/payload/measurements-service.js';
import type { InstallationLookup } from '../../src/store/measurement-store.js';
import { FAKE_INSTALLATIONS, fakeDistanceKm } from './http-fake-installations.js';
import { fakePayload } from './http-fake-payload.js';

// The measurements service the HTTP tests put behind createApi: the network of
// http-fake-installations.ts, the payloads of http-fake-payload.ts, every call recorded, and
// failures on demand.

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
