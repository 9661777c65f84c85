import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerHeaders, BASE_HEADERS, rateHeadersOf } from '../../src/http/answers.js';
import type { RateLimitDecision } from '../../src/limits/rate-limiter.js';
import { RUNS } from '../helpers/property-runs.js';

// Written out here, not read from src: the spec's content type and the CORS and Vary headers
// that docs/http.md promises on every answer.
const EXPOSED =
  'X-RateLimit-Limit-day, X-RateLimit-Remaining-day, X-RateLimit-Limit-minute, ' +
  'X-RateLimit-Remaining-minute, Retry-After, Content-Language, Location, ETag';
const BASE: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED],
  ['Content-Type', 'application/json;charset=UTF-8'],
  ['Vary', 'Accept-Encoding, Accept-Language'],
];
const RESET_MS = Date.parse('2026-11-22T00:00:00.000Z');

function decision(day: [number, number], minute: [number, number]): RateLimitDecision {
  return {
    allowed: true,
    day: { limit: day[0], remaining: day[1], resetAtMs: RESET_MS },
    minute: { limit: minute[0], remaining: minute[1], resetAtMs: RESET_MS },
  };
}

describe('answerHeaders', () => {
  it('writes every header of a counted answer, by name, value and order', () => {
    const headers = answerHeaders(decision([100, 99], [50, 49]), 'pl', 'W/"1a-2b"', 'no-cache');
    expect(Object.entries(headers)).toEqual([
      ...BASE,
      ['X-RateLimit-Limit-day', '100'],
      ['X-RateLimit-Remaining-day', '99'],
      ['X-RateLimit-Limit-minute', '50'],
      ['X-RateLimit-Remaining-minute', '49'],
      ['Content-Language', 'pl'],
      ['ETag', 'W/"1a-2b"'],
      ['Cache-Control', 'no-cache'],
    ]);
  });

  it('has no rate headers without a decision (admitted uncounted)', () => {
    const headers = answerHeaders(undefined, 'en', 'W/"0-0"', 'private, max-age=431');
    expect(Object.entries(headers)).toEqual([
      ...BASE,
      ['Content-Language', 'en'],
      ['ETag', 'W/"0-0"'],
      ['Cache-Control', 'private, max-age=431'],
    ]);
  });

  it('gives a new object each time, so a caller may add Content-Encoding to it', () => {
    const counted = decision([1, 0], [5, 4]);
    const first = answerHeaders(counted, 'en', 'W/"1"', 'no-cache');
    const second = answerHeaders(counted, 'en', 'W/"1"', 'no-cache');
    expect(first).not.toBe(second);
    first['Content-Encoding'] = 'gzip';
    expect(second).not.toHaveProperty('Content-Encoding');
    const plain = answerHeaders(undefined, 'en', 'W/"1"', 'no-cache');
    plain['Content-Encoding'] = 'gzip';
    expect(BASE_HEADERS).not.toHaveProperty('Content-Encoding');
    expect(Object.isFrozen(BASE_HEADERS)).toBe(true);
  });

  it('writes the counts as plain decimal integers, for any limits', () => {
    const count = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    const windowOf = count.chain((limit) =>
      fc.tuple(fc.constant(limit), fc.integer({ min: 0, max: limit })),
    );
    fc.assert(
      fc.property(
        windowOf,
        windowOf,
        fc.constantFrom('en' as const, 'pl' as const),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 24 }),
        (day, minute, language, etag, cacheControl) => {
          const headers = answerHeaders(decision(day, minute), language, etag, cacheControl);
          const decimal = (n: number) => n.toLocaleString('en-US', { useGrouping: false });
          expect(Object.entries(headers)).toEqual([
            ...BASE,
            ['X-RateLimit-Limit-day', decimal(day[0])],
            ['X-RateLimit-Remaining-day', decimal(day[1])],
            ['X-RateLimit-Limit-minute', decimal(minute[0])],
            ['X-RateLimit-Remaining-minute', decimal(minute[1])],
            ['Content-Language', language],
            ['ETag', etag],
            ['Cache-Control', cacheControl],
          ]);
          for (const [name, value] of Object.entries(headers)) {
            if (name.startsWith('X-RateLimit-')) expect(value).toMatch(/^(0|[1-9][0-9]*)$/);
          }
        },
      ),
      RUNS,
    );
  });
});

describe('rateHeadersOf', () => {
  it('is empty without a decision, and the four counts with one', () => {
    expect(rateHeadersOf(undefined)).toEqual({});
    expect(Object.keys(rateHeadersOf(undefined))).toHaveLength(0);
    expect(rateHeadersOf(decision([100, 0], [50, 50]))).toEqual({
      'X-RateLimit-Limit-day': '100',
      'X-RateLimit-Remaining-day': '0',
      'X-RateLimit-Limit-minute': '50',
      'X-RateLimit-Remaining-minute': '50',
    });
  });

  it('adds Retry-After to a refusal, which answerHeaders never sees', () => {
    const refused: RateLimitDecision = {
      ...decision([100, 0], [50, 0]),
      allowed: false,
      retryAfterSeconds: 33,
      blockedBy: 'minute',
    };
    expect(Object.entries(rateHeadersOf(refused))).toEqual([
      ['X-RateLimit-Limit-day', '100'],
      ['X-RateLimit-Remaining-day', '0'],
      ['X-RateLimit-Limit-minute', '50'],
      ['X-RateLimit-Remaining-minute', '0'],
      ['Retry-After', '33'],
    ]);
  });
});
