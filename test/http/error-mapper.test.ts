import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ERROR_STATUS,
  type ErrorCode,
  invalidRequest,
} from '../../src/http/api-error.js';
import { errorResponse, framedErrorResponse, mapError } from '../../src/http/error-mapper.js';
import { DependencyUnavailableError } from '../../src/model/dependency-unavailable.js';

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
            message: 'The server failed to answer this request.',
            details: {},
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('answers an unavailable dependency with a 503 that names it and asks to retry', () => {
    fc.assert(
      fc.property(fc.constantFrom('store', 'counters' as const), fc.string(), (dependency, why) => {
        const mapped = mapError(new DependencyUnavailableError(dependency, why));
        const what = dependency === 'store' ? 'measurement store' : 'rate-limit counters';
        expect(mapped).toEqual({
          status: 503,
          body: {
            errorCode: 'SERVICE_UNAVAILABLE',
            message: `The ${what} did not answer in time; retry later.`,
            details: { dependency },
          },
          headers: { 'Retry-After': '5' },
          unexpected: true,
        });
      }),
      { numRuns: 1000 },
    );
    // The reason (host names, driver messages) is for the log only.
    const reason = 'connect ECONNREFUSED 10.0.0.7:5432';
    const framed = framedErrorResponse(new DependencyUnavailableError('store', reason), {});
    expect(new TextDecoder().decode(framed.body)).not.toContain('10.0.0.7');
    expect(framed.status).toBe(503);
    expect(framed.headers['Retry-After']).toBe('5');
  });

  it('derives every status from the code table', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const mapped = mapError(new ApiError(code as ErrorCode, 'x'));
      expect(mapped.status).toBe(status);
      expect(mapped.body.details).toEqual({});
    }
  });
});

// Expected bytes come from JSON.stringify of the spec-shaped body written out here.
const utf8 = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const INTERNAL_BODY = {
  errorCode: 'INTERNAL_SERVER_ERROR',
  message: 'The server failed to answer this request.',
  details: {},
};

describe('errorResponse', () => {
  it('puts the base headers first, then the error own ones, then Content-Language: en', () => {
    const thrown = new ApiError(
      'METHOD_NOT_ALLOWED',
      'use GET',
      { method: 'PUT' },
      { Allow: 'GET' },
    );
    const answer = errorResponse(thrown, { Vary: 'Accept-Encoding', 'X-RateLimit-Limit-day': '9' });
    expect(answer.status).toBe(405);
    expect(answer.unexpected).toBe(false);
    expect(Object.entries(answer.headers)).toEqual([
      ['Vary', 'Accept-Encoding'],
      ['X-RateLimit-Limit-day', '9'],
      ['Allow', 'GET'],
      ['Content-Language', 'en'],
    ]);
    expect(answer.body).toEqual(
      utf8({ errorCode: 'METHOD_NOT_ALLOWED', message: 'use GET', details: { method: 'PUT' } }),
    );
  });

  it('answers anything else with the opaque 500 and a fresh headers object each time', () => {
    const base = Object.freeze({ Vary: 'Accept-Encoding' });
    const first = errorResponse(new Error('secret'), base);
    const second = errorResponse('thrown string', base);
    expect(first.status).toBe(500);
    expect(first.unexpected).toBe(true);
    expect(first.body).toEqual(utf8(INTERNAL_BODY));
    expect(first.headers).not.toBe(second.headers);
    first.headers['Content-Encoding'] = 'gzip';
    expect(second.headers).toEqual({ Vary: 'Accept-Encoding', 'Content-Language': 'en' });
  });
});

describe('framedErrorResponse', () => {
  it('starts with Content-Type and the byte length, then the shell headers', () => {
    const answer = framedErrorResponse(new ApiError('HEADERS_TOO_LARGE', 'too large: ąę'), {
      'Access-Control-Allow-Origin': '*',
      Connection: 'close',
    });
    const body = utf8({ errorCode: 'HEADERS_TOO_LARGE', message: 'too large: ąę', details: {} });
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual(body);
    expect(Object.entries(answer.headers)).toEqual([
      ['Content-Type', 'application/json;charset=UTF-8'],
      ['Content-Length', String(body.byteLength)],
      ['Access-Control-Allow-Origin', '*'],
      ['Connection', 'close'],
    ]);
  });

  it('writes the same 500 body as the core', () => {
    const answer = framedErrorResponse(undefined, {});
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual(utf8(INTERNAL_BODY));
    expect(answer.body).toEqual(errorResponse(undefined, {}).body);
  });
});
