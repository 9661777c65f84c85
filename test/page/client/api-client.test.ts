import { describe, expect, it } from 'vitest';
import { classifyAnswer } from '../../../src/page/client/api-client.js';
import { selectorOrder } from '../../../src/page/client/legend-view.js';

describe('classifyAnswer', () => {
  it('sorts 401, 429 and 503 with the wait Retry-After gives', () => {
    expect(classifyAnswer(401, new Headers())).toEqual({ kind: 'unauthorized' });
    expect(classifyAnswer(429, new Headers({ 'Retry-After': '37' }))).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: 37,
    });
    expect(classifyAnswer(503, new Headers({ 'Retry-After': '5' }))).toEqual({
      kind: 'unavailable',
      retryAfterSeconds: 5,
    });
    expect(classifyAnswer(404, new Headers())).toEqual({ kind: 'failed', status: 404 });
  });

  it('waits a minute when Retry-After is missing or not a number of seconds', () => {
    expect(classifyAnswer(429, new Headers())).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: 60,
    });
    expect(classifyAnswer(503, new Headers({ 'Retry-After': 'soon' }))).toEqual({
      kind: 'unavailable',
      retryAfterSeconds: 60,
    });
  });
});

describe('selectorOrder', () => {
  it('puts VENDOR_CAQI first and keeps the API order of the rest', () => {
    const meta = ['CAQI', 'PIJP', 'VENDOR_CAQI', 'US_AQI'].map((name) => ({ name, levels: [] }));
    expect(selectorOrder(meta)).toEqual(['VENDOR_CAQI', 'CAQI', 'PIJP', 'US_AQI']);
  });
});
