import type { ApiOptions } from '../../src/http/api-options.js';
import { createApi } from '../../src/http/create-api.js';
import { coreJson, coreRequest } from './http-client.js';
import { createFakeService, type FakeFailure } from './http-fake-service.js';

// The API the createApi tests (create-api*.test.ts) call without a socket: the fake service
// behind one key at 2026-11-21 09:27 UTC, and a keyed GET through it.

/** The one API key of {@link api}. */
export const KEY = 'test-key';
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
/** Request headers carrying {@link KEY}. */
export const KEYED = { apikey: KEY };

/** An API over the fake service (failing as `failure` says), with one key and a fixed clock. */
export function api(overrides: Partial<ApiOptions> = {}, failure: FakeFailure = 'none') {
  return createApi({
    service: createFakeService(failure),
    keys: [KEY],
    clock: () => NOW_MS,
    ...overrides,
  });
}

/** A GET through a fresh {@link api} (with `options`), its JSON decoded. */
export async function get(
  path: string,
  headers: Record<string, string> = KEYED,
  options: Partial<ApiOptions> = {},
) {
  const response = await api(options).handle(coreRequest(path, { headers }));
  return { ...response, json: coreJson(response) as Record<string, unknown> };
}
