// The steady mixed load of `npm run soak`: every kind of request a client sends (meta,
// installation, nearest, point, the contract) and the bad ones (invalid parameters, no key,
// an unknown path, a wrong method), half of them asking for gzip, sent by autocannon at a
// fixed overall rate. Each request kind says which status it expects, so a wrong answer is
// counted even when it is not a 5xx.
import autocannon from 'autocannon';
import { LatencyHistogram } from './latency-histogram.js';

/** One request of the mix and the status it must get. */
export interface SoakRequest {
  readonly kind: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly expectedStatus: number;
}

/** What one minute of load measured. */
export interface MinuteFigures {
  readonly completed: number;
  readonly durationS: number;
  readonly latency: LatencyHistogram;
  /** Status → count. */
  readonly statuses: ReadonlyMap<number, number>;
  /** `kind: got status` → count, for answers with another status than expected. */
  readonly unexpected: ReadonlyMap<string, number>;
  /** Connection errors and timeouts. */
  readonly errors: number;
}

/**
 * The request mix around a point, with the given active installation ids: each good request
 * plain and gzipped, plus one of each bad kind.
 *
 * @example
 * soakRequests('k', { latitude: 50.06, longitude: 19.94 }, [1159, 1056]).length; // 30
 */
export function soakRequests(
  key: string,
  centre: { readonly latitude: number; readonly longitude: number },
  installationIds: readonly number[],
): SoakRequest[] {
  const keyed = { apikey: key };
  const gzip = { apikey: key, 'accept-encoding': 'gzip', 'accept-language': 'pl' };
  const good: [string, string][] = [
    ['meta', '/v2/meta/indexes'],
    ['meta', '/v2/meta/measurements'],
    ['contract', '/v2/openapi.json'],
  ];
  installationIds.forEach((id, at) => {
    const lat = (centre.latitude + (at - 1) * 0.004).toFixed(6);
    const lng = (centre.longitude + (at - 1) * 0.006).toFixed(6);
    good.push(
      ['installation', `/v2/installations/${id}`],
      ['installation', `/v2/measurements/installation?installationId=${id}`],
      ['nearest', `/v2/installations/nearest?lat=${lat}&lng=${lng}&maxResults=5`],
      ['nearest', `/v2/measurements/nearest?lat=${lat}&lng=${lng}&maxDistanceKM=-1`],
      ['point', `/v2/measurements/point?lat=${lat}&lng=${lng}`],
      ['point', `/v2/measurements/point?lat=${lat}&lng=${lng}&indexType=US_AQI`],
    );
  });
  const requests: SoakRequest[] = [];
  good.forEach(([kind, path], at) => {
    const headers = at % 2 === 0 ? keyed : gzip;
    requests.push({ kind, method: 'GET', path, headers, expectedStatus: 200 });
  });
  const bad = (kind: string, path: string, expectedStatus: number, method: 'GET' | 'POST') =>
    requests.push({ kind, method, path, headers: gzip, expectedStatus });
  bad('bad parameters', '/v2/measurements/point?lat=200&lng=x', 400, 'GET');
  requests.push({
    kind: 'no key',
    method: 'GET',
    path: '/v2/meta/indexes',
    headers: {},
    expectedStatus: 401,
  });
  bad('unknown path', '/v2/nothing/here', 404, 'GET');
  bad('wrong method', '/v2/meta/indexes', 405, 'POST');
  return requests;
}

/**
 * Sends the mix in a loop for `durationS` seconds at `ratePerS` requests per second over
 * `connections` keep-alive connections, and records every answer's time and status.
 *
 * @example
 * const minute = await loadMinute('http://127.0.0.1:8080', requests, { ratePerS: 200, connections: 8, durationS: 60 });
 * minute.latency.percentile(99); // e.g. 3.1 (ms)
 */
export async function loadMinute(
  baseUrl: string,
  requests: readonly SoakRequest[],
  options: { readonly ratePerS: number; readonly connections: number; readonly durationS: number },
): Promise<MinuteFigures> {
  const latency = new LatencyHistogram();
  const statuses = new Map<number, number>();
  const unexpected = new Map<string, number>();
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const instance = autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationS,
    overallRate: options.ratePerS,
    requests: requests.map((request) => ({
      method: request.method,
      path: request.path,
      headers: request.headers,
      onResponse: (status: number) => {
        bump(statuses, status);
        if (status !== request.expectedStatus) bump(unexpected, `${request.kind}: got ${status}`);
      },
    })),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
    latency.record(ms),
  );
  const result = await instance;
  return {
    completed: result.requests.total,
    durationS: result.duration,
    latency,
    statuses,
    unexpected,
    errors: result.errors,
  };
}
