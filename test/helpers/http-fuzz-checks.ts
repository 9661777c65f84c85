import { expect } from 'vitest';
import type { FuzzRequest } from './http-arbitraries.js';
import {
  isValidParameterValue,
  ROUTE_PARAMETERS,
  routeKeyOf,
  sentParameters,
} from './http-parameter-oracle.js';

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every status the adapter may answer a fuzzed request with (429 and 500 are excluded on purpose). */
const KNOWN_STATUSES = [200, 204, 301, 400, 401, 404, 405, 406];

/**
 * The checks every answer to any request must pass: a known status (never 500), JSON content
 * type, CORS, integer rate headers on keyed answers, the spec's error shape, and a 400 that
 * names exactly the parameters the oracle finds bad. Shared by the core and the socket fuzz.
 *
 * @example
 * checkFuzzAnswer(request, response.status, lowerCaseHeaders(response), coreJson(response));
 */
export function checkFuzzAnswer(
  request: FuzzRequest,
  status: number,
  headers: Readonly<Record<string, string | undefined>>,
  json: unknown,
): void {
  expect(KNOWN_STATUSES).toContain(status);
  expect(headers['content-type']).toBe('application/json;charset=UTF-8');
  expect(headers['access-control-allow-origin']).toBe('*');
  if (status === 204) return;
  if (status !== 401) {
    for (const name of ['x-ratelimit-remaining-day', 'x-ratelimit-remaining-minute'])
      expect(headers[name]).toMatch(/^\d+$/);
  }
  // A HEAD answer has no body to inspect.
  if (json === undefined) return;
  if (status !== 200) {
    const body = json as { errorCode: unknown; message: unknown; details: unknown };
    expect(typeof body.errorCode).toBe('string');
    expect(typeof body.message).toBe('string');
    expect(
      typeof body.details === 'object' && body.details !== null && !Array.isArray(body.details),
    ).toBe(true);
  }
  if (status === 400) {
    const route = routeKeyOf(request.path);
    expect(route).toBeDefined();
    const sent = sentParameters(request.query);
    if (route === 'installations/{id}')
      sent.set('installationId', [
        safeDecode(request.path.replace(/\/+$/, '').split('/')[3] ?? ''),
      ]);
    const expected = (ROUTE_PARAMETERS[route ?? ''] ?? []).filter((name) => {
      const values = sent.get(name) ?? [];
      return values.length > 1 || !isValidParameterValue(name, values[0] ?? '');
    });
    const violations = (json as { details: { violations: { parameter: string }[] } }).details
      .violations;
    expect(violations.map((violation) => violation.parameter).sort()).toEqual([...expected].sort());
  }
}
