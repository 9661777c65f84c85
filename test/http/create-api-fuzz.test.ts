import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoreResponse } from '../../src/http/core-request.js';
import { createApi } from '../../src/http/create-api.js';
import { FUZZ_KEY, requestArbitrary } from '../helpers/http-arbitraries.js';
import { coreJson } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';
import { checkFuzzAnswer } from '../helpers/http-fuzz-checks.js';

function lowerCaseHeaders(response: CoreResponse): Record<string, string> {
  return Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

describe('createApi fuzz', () => {
  it('never answers 500, always answers JSON, and every 400 names exactly the offending parameters', async () => {
    const api = createApi({
      service: createFakeService(),
      keys: [FUZZ_KEY],
      dayLimit: 1e9,
      minuteLimit: 1e9,
      clock: () => Date.parse('2026-11-21T09:27:00.000Z'),
    });
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request) => {
        const response = await api.handle(request);
        seen.add(response.status);
        checkFuzzAnswer(request, response.status, lowerCaseHeaders(response), coreJson(response));
      }),
      { numRuns: 2000 },
    );
    // The generator reaches every status, so the checks above were exercised on each.
    expect([...seen].sort()).toEqual([200, 204, 301, 400, 401, 404, 405, 406]);
  });
});
