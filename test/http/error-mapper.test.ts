import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ERROR_STATUS,
  type ErrorCode,
  invalidRequest,
} from '../../src/http/api-error.js';
import { mapError } from '../../src/http/error-mapper.js';

describe('mapError', () => {
  it('keeps an ApiError as it is', () => {
    const mapped = mapError(
      new ApiError(
        'INSTALLATION_REPLACED',
        'moved',
        { successorId: 3 },
        { Location: '/v2/installations/3' },
      ),
    );
    expect(mapped).toEqual({
      status: 301,
      body: { errorCode: 'INSTALLATION_REPLACED', message: 'moved', details: { successorId: 3 } },
      headers: { Location: '/v2/installations/3' },
      unexpected: false,
    });
    expect(
      invalidRequest([{ parameter: 'lat', message: 'm', rejectedValue: '200' }]).toBody().message,
    ).toBe('Invalid request parameters: lat');
  });

  it('turns anything else into an opaque 500 with the spec shape', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.string().map((m) => new Error(m)),
        ),
        (thrown) => {
          const mapped = mapError(thrown);
          expect(mapped.status).toBe(500);
          expect(mapped.unexpected).toBe(true);
          expect(mapped.body).toEqual({
            errorCode: 'INTERNAL_SERVER_ERROR',
            message: 'The server failed to answer this request; it has been logged.',
            details: {},
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('derives every status from the code table', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const mapped = mapError(new ApiError(code as ErrorCode, 'x'));
      expect(mapped.status).toBe(status);
      expect(mapped.body.details).toEqual({});
    }
  });
});
