import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  INDEX_TYPE,
  INSTALLATION_ID,
  LATITUDE,
  LONGITUDE,
  MAX_DISTANCE_KM,
  MAX_RESULTS,
  paramJsonSchema,
  parseParams,
  readQueryParams,
} from '../../src/http/query-params.js';
import { queryArbitrary } from '../helpers/http-arbitraries.js';
import { isValidParameterValue, sentParameters } from '../helpers/http-parameter-oracle.js';
import { REFERENCE_ALL_INDEX_TYPE_NAMES } from '../helpers/index-reference-tables.js';

const RULES = {
  lat: LATITUDE,
  lng: LONGITUDE,
  maxDistanceKM: MAX_DISTANCE_KM,
  maxResults: MAX_RESULTS,
  indexType: INDEX_TYPE,
  installationId: INSTALLATION_ID,
};

// The 400 texts of the /v2 contract, written out here as clients see them.
const MESSAGES: Readonly<Record<keyof typeof RULES, string>> = {
  lat: 'must be a decimal number in [-90, 90]',
  lng: 'must be a decimal number in [-180, 180]',
  maxDistanceKM: 'must be a decimal number (negative means no limit)',
  maxResults: 'must be an integer (negative means no limit)',
  indexType: `must be one of ${REFERENCE_ALL_INDEX_TYPE_NAMES.join(', ')}`,
  installationId: 'must be a positive integer',
};

// How a rule reads one text (plain decimals, safe integers) is in
// query-params-number-rules.test.ts.

describe('readQueryParams', () => {
  it('keeps repeats in order and decodes', () => {
    const params = readQueryParams('lat=50&lat=51&lng=&a%20b=c+d');
    expect(params.get('lat')).toEqual(['50', '51']);
    expect(params.get('lng')).toEqual(['']);
    expect(params.get('a b')).toEqual(['c d']);
  });

  it('reads any query string as the oracle reads form-encoded text', () => {
    const piece = fc.oneof(
      fc.constantFrom('&', '=', '+', '%', '%2', '%2B', '%C4%85', '%E0%A4%A', '%zz', 'lat', '50.5'),
      fc.string({ maxLength: 4 }),
    );
    const query = fc
      .oneof(
        fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join('')),
        queryArbitrary,
      )
      // Known difference, left as it is: URLSearchParams drops one leading `?` (so a request
      // to `/v2/...??lat=5` sends `lat`), where form decoding keeps it in the first name.
      .filter((text) => !text.startsWith('?'));
    fc.assert(
      fc.property(query, (text) => {
        expect(readQueryParams(text)).toEqual(sentParameters(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseParams', () => {
  it('fills defaults for missing or empty optional parameters and ignores unknown ones', () => {
    const result = parseParams(
      RULES,
      readQueryParams('lat=1&lng=2&installationId=3&maxDistanceKM=&maxResults=&indexType=&x=1&x=2'),
    );
    expect(result).toEqual({
      ok: true,
      values: {
        lat: 1,
        lng: 2,
        maxDistanceKM: 3,
        maxResults: 1,
        indexType: 'VENDOR_CAQI',
        installationId: 3,
      },
    });
  });

  it('rejects out-of-range coordinates and non-positive ids', () => {
    const result = parseParams(RULES, readQueryParams('lat=-90.0001&lng=180.5&installationId=0'));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.violations.map((v) => v.parameter)).toEqual(['lat', 'lng', 'installationId']);
    expect(
      parseParams({ lat: LATITUDE, lng: LONGITUDE }, readQueryParams('lat=-90&lng=180')).ok,
    ).toBe(true);
  });

  const valueArbitrary = fc.oneof(
    fc.constantFrom(
      '',
      '0',
      '-1',
      '1',
      '91',
      '-180',
      '180.0001',
      '50.062006',
      '3.000000',
      '1e3',
      'NaN',
      'CAQI',
      'PIJP',
      'pijp',
      'US_AQI',
      'CA_AQHI',
      'eaqi',
      '0x10',
      '12abc',
    ),
    fc.double({ noNaN: true }).map(String),
    fc.integer().map(String),
    fc.string({ maxLength: 6 }),
  );

  it('names every bad parameter exactly once, and only bad ones', () => {
    const names = Object.keys(RULES) as (keyof typeof RULES)[];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...names), valueArbitrary), { maxLength: 10 }),
        (pairs) => {
          const raw = new Map<string, string[]>();
          for (const [name, value] of pairs) raw.set(name, [...(raw.get(name) ?? []), value]);
          const expectedBad = names.filter((name) => {
            const values = raw.get(name) ?? [];
            if (values.length > 1) return true;
            // The oracle reads an empty or missing value as "not given".
            return !isValidParameterValue(name, values[0] ?? '');
          });
          const result = parseParams(RULES, raw);
          const named = result.ok ? [] : result.violations.map((violation) => violation.parameter);
          expect(named).toEqual(expectedBad);
          if (!result.ok) {
            for (const violation of result.violations) {
              const values = raw.get(violation.parameter) ?? [];
              expect(violation.rejectedValue).toEqual(
                values.length > 1 ? values : (values[0] ?? null),
              );
              const text = values[0] ?? '';
              const expected =
                values.length > 1
                  ? `must be given once, got ${values.length} values`
                  : text === ''
                    ? 'is required'
                    : MESSAGES[violation.parameter as keyof typeof RULES];
              expect(violation.message).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('paramJsonSchema', () => {
  it('writes type, range, choices and default, and refuses a part it cannot express', () => {
    const rule = v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(9)), 2);
    expect(paramJsonSchema(rule)).toEqual({ type: 'integer', minimum: 0, maximum: 9, default: 2 });
    expect(paramJsonSchema(v.picklist(['A', 'B']))).toEqual({ type: 'string', enum: ['A', 'B'] });
    expect(() => paramJsonSchema(v.pipe(v.number(), v.integer()))).toThrow(/integer/);
    expect(() => paramJsonSchema(v.string())).toThrow(/string/);
  });
});
