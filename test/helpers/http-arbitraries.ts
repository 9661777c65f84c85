import fc from 'fast-check';
import { REFERENCE_ALL_INDEX_TYPE_NAMES } from './index-reference-tables.js';

/** The key every fuzzed adapter accepts. */
export const FUZZ_KEY = 'fuzz-key';

const PARAMETER_NAMES = [
  'lat',
  'lng',
  'maxDistanceKM',
  'maxResults',
  'indexType',
  'installationId',
  'apikey',
  'x',
  'LAT',
];

const valueArbitrary = fc.oneof(
  fc.constantFrom(
    '50.062006',
    '19.940984',
    '3.000000',
    '',
    '-1',
    '0',
    '1',
    '2',
    '3',
    '5',
    '200',
    '-90',
    '180.0',
    '1e999',
    'NaN',
    'Infinity',
    '0x10',
    '12abc',
  ),
  fc.constantFrom(
    ...REFERENCE_ALL_INDEX_TYPE_NAMES,
    'caqi',
    'us_aqi',
    'AQI',
    'undefined',
    FUZZ_KEY,
    'wrong-key',
  ),
  fc.double().map(String),
  fc.integer().map(String),
  fc.string({ maxLength: 8 }),
);

/** A query string in the shapes clients send, plus noise (raw `&`, bad percent codes). */
export const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...PARAMETER_NAMES), fc.string({ maxLength: 4 })),
        valueArbitrary,
      ),
      { maxLength: 8 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.constantFrom(
    '',
    'lat=50.062006&lng=19.940984&maxDistanceKM=3.000000',
    'maxDistanceKM=&maxResults=',
    '%E0%A4%A',
    '&&=&',
    'lat',
  ),
);

const pathArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        '/v2/installations/nearest',
        '/v2/installations/1',
        '/v2/installations/2',
        '/v2/installations/4',
        '/v2/installations/abc',
        '/v2/installations/0',
        '/v2/measurements/installation',
        '/v2/measurements/nearest',
        '/v2/measurements/point',
        '/v2/meta/indexes',
        '/v2/meta/measurements',
        '/v1/sensors/1',
        '/v2',
        '/',
      ),
      fc.constantFrom('', '/', '//'),
    )
    .map(([path, tail]) => `${path}${tail}`),
  fc
    .array(
      fc.oneof(
        fc.constantFrom('v2', 'installations', 'measurements', 'meta', 'nearest', '', '..', '%2F'),
        fc.string({ maxLength: 5 }),
      ),
      { maxLength: 5 },
    )
    .map((segments) => `/${segments.join('/')}`),
);

const headersArbitrary = fc.record(
  {
    apikey: fc.constantFrom(FUZZ_KEY, FUZZ_KEY, FUZZ_KEY, 'wrong-key', ''),
    accept: fc.constantFrom(
      'application/json',
      '*/*',
      'text/xml',
      'application/json;q=0',
      'application/*;q=0.5',
      'garbage',
      '',
    ),
    'accept-encoding': fc.constantFrom('gzip', 'gzip;q=0', 'br', '*', 'gzip, deflate, br', ''),
    'accept-language': fc.oneof(
      fc.constantFrom('pl', 'en', 'undefined', 'pl-PL,pl;q=0.9', 'de', '*'),
      fc.string({ maxLength: 8 }),
    ),
  },
  { requiredKeys: [] },
);

/** A random request as the core takes it. */
export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Random methods (mostly GET), paths, queries and headers. */
export const requestArbitrary: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.oneof(
    { weight: 6, arbitrary: fc.constant('GET') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'POST',
        'PUT',
        'DELETE',
        'PATCH',
        'HEAD',
        'OPTIONS',
        'TRACE',
        'get',
      ),
    },
  ),
  path: pathArbitrary,
  query: queryArbitrary,
  headers: headersArbitrary,
});
