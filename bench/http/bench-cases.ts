// The requests `npm run bench:http` loads every server with.
import { captureResponse } from './captured-response.js';

/** The routes under test, in the order of the table. */
export const BENCH_ROUTES = Object.freeze(['meta', 'installation', 'point'] as const);

/** One of {@link BENCH_ROUTES}. */
export type BenchRoute = (typeof BENCH_ROUTES)[number];

/** One benchmarked request. */
export interface HttpBenchCase {
  /** e.g. `point gzip` */
  readonly name: string;
  readonly route: BenchRoute;
  /** Path and query. */
  readonly url: string;
  readonly gzip: boolean;
  readonly headers: Readonly<Record<string, string>>;
}

/** What the cases are built from. */
export interface CaseInputs {
  /** The benchmark's API key, sent in the `apikey` header. */
  readonly apiKey: string;
  /** An active vendor installation of the served network. */
  readonly installationId: number;
  /** The point of the point request (the sample network's centre). */
  readonly centre: { readonly latitude: number; readonly longitude: number };
}

/**
 * The six cases: meta, installation and point measurements, each without and with gzip. The
 * headers are what real clients send: the key, `Accept: application/json`, and
 * `Accept-Encoding: gzip` in the gzip variants.
 *
 * @example
 * benchCases({ apiKey: 'k', installationId: 1007, centre: { latitude: 50.0614, longitude: 19.9366 } })
 *   .map((c) => c.name);
 * // ['meta identity', 'meta gzip', 'installation identity', 'installation gzip', 'point identity', 'point gzip']
 */
export function benchCases(inputs: CaseInputs): HttpBenchCase[] {
  const urls: Record<BenchRoute, string> = {
    meta: '/v2/meta/indexes',
    installation: `/v2/measurements/installation?installationId=${inputs.installationId}`,
    point: `/v2/measurements/point?lat=${inputs.centre.latitude}&lng=${inputs.centre.longitude}`,
  };
  const cases: HttpBenchCase[] = [];
  for (const route of BENCH_ROUTES) {
    for (const gzip of [false, true]) {
      cases.push({
        name: `${route} ${gzip ? 'gzip' : 'identity'}`,
        route,
        url: urls[route],
        gzip,
        headers: {
          apikey: inputs.apiKey,
          accept: 'application/json',
          ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
        },
      });
    }
  }
  return cases;
}

/**
 * The active vendor installation nearest `centre`, asked from the running adapter (nearest
 * search only lists active installations).
 *
 * @throws Error when the adapter does not answer 200 or lists no vendor installation
 * @example
 * await nearestVendorInstallation(adapter.url, centre, 'bench-key'); // e.g. 1007
 */
export async function nearestVendorInstallation(
  baseUrl: string,
  centre: CaseInputs['centre'],
  apiKey: string,
): Promise<number> {
  const url = `/v2/installations/nearest?lat=${centre.latitude}&lng=${centre.longitude}&maxDistanceKM=-1&maxResults=-1`;
  const answer = await captureResponse(baseUrl, url, { apikey: apiKey }, false);
  const body = Buffer.from(answer.bodyBase64, 'base64').toString('utf8');
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${body}`);
  const installations = JSON.parse(body) as { id: number; vendor: boolean }[];
  const vendor = installations.find((installation) => installation.vendor);
  if (vendor === undefined) throw new Error(`${url} lists no vendor installation`);
  return vendor.id;
}
