// Malformed write requests for the fuzz of POST /v2/airq/samples and POST /v2/airq/airrohr
// (test/http/live/write-fuzz.test.ts). A case carries what the generator meant (which key it
// sent) so that the checks of live-fuzz-checks.ts can name the status the headers alone decide,
// without asking src. Sending a case over a raw socket is live-fuzz-socket.ts.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { basic, DEVICE_1001, DEVICE_1002, READ_KEY, WRITE_KEY } from './live-api.js';

export const SAMPLES_ROUTE = '/v2/airq/samples';
export const AIRROHR_ROUTE = '/v2/airq/airrohr';
/** The `maxBodyBytes` of the fuzzed adapter: small, so that 413 is reachable. */
export const FUZZ_MAX_BODY_BYTES = 4096;

/** What the key headers of a case amount to. */
export type KeyKind = 'write' | 'read' | 'none' | 'wrong';

/** One fuzzed write request. */
export interface WriteFuzzCase {
  readonly path: typeof SAMPLES_ROUTE | typeof AIRROHR_ROUTE;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  readonly keyKind: KeyKind;
}

const encode = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

// ---- pieces of bodies -------------------------------------------------------------------

const ID_TOKENS = ['1001', '1002', '1003', '9999', '0', '-1', '1.5', '"1001"', '1e400', 'null'];
const NAME_TOKENS = ['"PM25"', '"PM10"', '"NO2"', '"TEMPERATURE"', '"pm25"', '""', '"PM2.5"', '42'];
const TIME_TOKENS = [
  '"2026-11-21T09:05:00Z"',
  '"2026-11-21T09:20:00"',
  '"2026-11-21T10:40:00Z"',
  '"1999-01-01T00:00:00Z"',
  '"yesterday"',
  '""',
  '1795251900000',
];
const NUMBER_TOKENS = [
  '41.3',
  '0',
  '-0',
  '-1',
  '1e308',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '0.1e1',
  '"41.3"',
  'null',
  'true',
  '[1,[2,[3]]]',
  '{"a":{"b":{}}}',
];

const tokenOf = (tokens: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...tokens) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }).map((text) => JSON.stringify(text)) },
  );

// One element of a JSON samples array as text: the four fields (some missing, maybe one
// unknown), raw number tokens so that 1e400 and 30-digit integers reach JSON.parse.
const jsonRowText = fc
  .tuple(
    fc.shuffledSubarray(
      [
        fc.tuple(fc.constant('installationId'), tokenOf(ID_TOKENS)),
        fc.tuple(fc.constant('name'), tokenOf(NAME_TOKENS)),
        fc.tuple(fc.constant('timestamp'), tokenOf(TIME_TOKENS)),
        fc.tuple(fc.constant('value'), tokenOf(NUMBER_TOKENS)),
      ],
      { minLength: 2 },
    ),
    fc.option(fc.constantFrom('"extra":1', '"Value":2', '"installationId":1001'), {
      nil: undefined,
    }),
  )
  .chain(([fields, extra]) =>
    fc.tuple(...fields).map((pairs) => {
      const members = pairs.map(([name, token]) => `${JSON.stringify(name)}:${token}`);
      if (extra !== undefined) members.push(extra);
      return `{${members.join(',')}}`;
    }),
  );

const jsonJunkElement = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('[]', '{}', 'null', '"row"', '1e400', '[[[[[]]]]]'),
);

const jsonArrayText = fc
  .array(
    fc.oneof({ weight: 3, arbitrary: jsonRowText }, { weight: 1, arbitrary: jsonJunkElement }),
    {
      maxLength: 8,
    },
  )
  .map((elements) => `[${elements.join(',')}]`);

// Text that is JSON of the wrong shape, deeply nested, or not JSON at all.
const jsonJunkText = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc
    .integer({ min: 1, max: 20_000 })
    .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => '['.repeat(depth)),
  fc.constantFrom('', ' ', '\ufeff', 'null', '[', '[,]', '[1,]', '{"a"', 'NaN', '[NaN]', "['a']"),
);

// A text cut at any point: truncated JSON (or CSV) as an upload cut short would leave it.
const truncated = (text: fc.Arbitrary<string>) =>
  text.chain((whole) =>
    fc.nat({ max: Math.max(0, whole.length - 1) }).map((cut) => whole.slice(0, cut)),
  );

const CSV_HEADER = 'installationId,name,timestamp,value';
const CSV_BAD_HEADERS = [
  'installationId,name,timestamp',
  'installationId,name,value,timestamp',
  'InstallationId,Name,Timestamp,Value',
  'installationId;name;timestamp;value',
  'installationId,name,timestamp,value,extra',
  '"installationId,name",timestamp,value',
  'id,name,time,value',
  '',
];
const CSV_FIELDS = [
  '1001',
  '1003',
  '9999',
  '-1',
  'x',
  'PM25',
  'PM10',
  'pm25',
  '2026-11-21T09:05:00Z',
  '2026-11-21T10:40:00Z',
  'noon',
  '41.3',
  '1e400',
  '-5',
  'NaN',
  '"41,3"',
  '"unterminated',
  '',
  ' 12 ',
];

const csvText = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(CSV_HEADER) },
      fc.constantFrom(...CSV_BAD_HEADERS),
    ),
    fc.array(
      fc.oneof(
        fc.array(fc.oneof(fc.constantFrom(...CSV_FIELDS), fc.string({ maxLength: 5 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.constant(['1001', 'PM25', '2026-11-21T09:05:00Z', '41.3']),
      ),
      { maxLength: 6 },
    ),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
  )
  .map(([header, rows, newline, bom]) => {
    const lines = [header, ...rows.map((fields) => fields.join(','))];
    return `${bom ? '\ufeff' : ''}${lines.join(newline)}${newline}`;
  });

const AIRROHR_FIXTURES = [
  'air-quality-bridge-nrz-2020-129.json',
  'prometheus-exporter-nrz-2020-129.json',
  'opensensemap-nrz-2016-058.json',
  'homebridge-dht22-bmp-nrz-2017-099.json',
].map((name) => readFileSync(new URL(`../fixtures/airrohr/${name}`, import.meta.url), 'utf8'));

const AIRROHR_VALUES = [
  '"18.83"',
  '"nan"',
  '""',
  '"abc"',
  '"1e400"',
  '"-"',
  '" 12 "',
  '12',
  'null',
  '[]',
  '{"v":1}',
  '"101001.28 Pa"',
];
const AIRROHR_TYPES = [
  '"SDS_P1"',
  '"SDS_P2"',
  '"BME280_pressure"',
  '"temperature"',
  '"signal"',
  '"samples"',
  '""',
  '1',
  'null',
];
const CHIP_IDS = [
  '"12345678"',
  '12345678',
  '"987654"',
  '"-1"',
  '"12ab"',
  '1e400',
  '""',
  'null',
  '"99999999"',
  '[1]',
];

const airRohrBuiltText = fc
  .tuple(
    fc.option(fc.constantFrom(...CHIP_IDS), { nil: undefined }),
    fc.oneof(
      fc
        .array(
          fc.oneof(
            fc
              .tuple(tokenOf(AIRROHR_TYPES), tokenOf(AIRROHR_VALUES))
              .map(([type, value]) => `{"value_type":${type},"value":${value}}`),
            jsonJunkElement,
          ),
          { maxLength: 8 },
        )
        .map((elements) => `[${elements.join(',')}]`),
      fc.constantFrom('null', '{}', '"values"', '1'),
    ),
  )
  .map(([chip, list]) =>
    chip === undefined
      ? `{"sensordatavalues":${list}}`
      : `{"esp8266id":${chip},"software_version":"NRZ-2020-129","sensordatavalues":${list}}`,
  );

// ---- bodies with their encodings ----------------------------------------------------------

const randomBytes = fc.uint8Array({ maxLength: 300 });
// Bytes that are not UTF-8: a lone continuation byte, an overlong form, a surrogate half.
const notUtf8 = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom([0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]),
  )
  .map(([text, bad]) => new Uint8Array([...encode(text), ...bad]));

// Rows that are all valid (an installation of live-api.ts, a type, a time before the data clock
// of 09:27, a value in range), so that 200 is reached and a cut version of them is near valid.
const validRow = fc.record({
  installationId: fc.constantFrom(1001, 1002, 1003),
  name: fc.constantFrom('PM25', 'PM10', 'TEMPERATURE'),
  timestamp: fc
    .integer({ min: 0, max: 26 })
    .map((minute) => `2026-11-21T09:${String(minute).padStart(2, '0')}:00Z`),
  value: fc.integer({ min: 0, max: 900 }).map((tenths) => tenths / 10),
});
const validJsonText = fc
  .array(validRow, { minLength: 1, maxLength: 6 })
  .map((rows) => JSON.stringify(rows));
const validCsvText = fc
  .array(validRow, { minLength: 1, maxLength: 6 })
  .map((rows) =>
    [CSV_HEADER, ...rows.map((r) => `${r.installationId},${r.name},${r.timestamp},${r.value}`)]
      .join('\n')
      .concat('\n'),
  );

/** The text of a samples body: JSON rows, junk JSON, CSV, each maybe truncated. */
export const samplesTextArbitrary: fc.Arbitrary<string> = fc.oneof(
  validJsonText,
  validCsvText,
  truncated(validJsonText),
  truncated(validCsvText),
  jsonArrayText,
  jsonJunkText,
  truncated(jsonArrayText),
  csvText,
  truncated(csvText),
  fc.string({ maxLength: 60 }),
);

/** The text of an airRohr body: real pushes whole or cut, built pushes, junk JSON. */
export const airRohrTextArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...AIRROHR_FIXTURES),
  truncated(fc.constantFrom(...AIRROHR_FIXTURES)),
  airRohrBuiltText,
  truncated(airRohrBuiltText),
  jsonJunkText,
  csvText,
);

/** How the body goes out: as is, gzip (whole, cut, doubled), garbage labelled gzip, or big. */
type Packing = 'identity' | 'gzip' | 'gzip-cut' | 'gzip-twice' | 'gzip-label' | 'bomb' | 'padded';

function pack(bytes: Uint8Array, packing: Packing, cut: number): Uint8Array {
  switch (packing) {
    case 'identity':
    case 'gzip-label':
      return bytes;
    case 'gzip':
      return new Uint8Array(gzipSync(bytes));
    case 'gzip-cut': {
      const zipped = gzipSync(bytes);
      return new Uint8Array(zipped.subarray(0, cut % Math.max(1, zipped.length)));
    }
    case 'gzip-twice':
      return new Uint8Array(gzipSync(gzipSync(bytes)));
    case 'bomb':
      // A small gzip body that decompresses past FUZZ_MAX_BODY_BYTES.
      return new Uint8Array(
        gzipSync(Buffer.concat([Buffer.from(bytes), Buffer.alloc(8 * FUZZ_MAX_BODY_BYTES, 0x20)])),
      );
    case 'padded':
      return new Uint8Array(
        Buffer.concat([Buffer.from(bytes), Buffer.alloc(FUZZ_MAX_BODY_BYTES, 0x20)]),
      );
  }
}

const packingArbitrary: fc.Arbitrary<Packing> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('identity' as const) },
  {
    weight: 6,
    arbitrary: fc.constantFrom<Packing>('gzip', 'gzip-cut', 'gzip-twice', 'gzip-label'),
  },
  { weight: 1, arbitrary: fc.constantFrom<Packing>('bomb', 'padded') },
);

const CONTENT_ENCODINGS = [
  'gzip',
  'GZIP',
  ' gzip ',
  'identity',
  'br',
  'deflate',
  'gzip, gzip',
  'x-gzip',
  '',
];

// ---- headers ------------------------------------------------------------------------------

const typeArbitrary = (accepted: readonly string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...accepted) },
    {
      weight: 4,
      arbitrary: fc.option(
        fc.oneof(
          fc.constantFrom(
            'application/json; charset=utf-8',
            'APPLICATION/JSON',
            'Text/CSV; charset=latin1',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/jsonx',
            'application/json-seq',
            ';',
            '',
            '*/*',
          ),
          fc.string({ maxLength: 12 }),
        ),
        { nil: undefined },
      ),
    },
  );

// Authorization values that carry no usable password.
const BROKEN_AUTHORIZATIONS = [
  'Basic',
  'Basic ',
  'Basic ===',
  'Basic !!!!',
  `Basic ${Buffer.from('no-colon').toString('base64')}`,
  `Basic ${Buffer.from('user:').toString('base64')}`,
  `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x61]).toString('base64')}`,
  `Bearer ${WRITE_KEY}`,
  `Digest username="airrohr"`,
  `${Buffer.from(`airrohr:${WRITE_KEY}`).toString('base64')}`,
  `Basic ${Buffer.from(`airrohr:${WRITE_KEY}`).toString('base64')}x`,
  `Basic ${'QUFB'.repeat(2000)}`,
];

interface KeyHeaders {
  readonly headers: Readonly<Record<string, string>>;
  readonly keyKind: KeyKind;
}

const samplesKeyArbitrary: fc.Arbitrary<KeyHeaders> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constant({ headers: { apikey: WRITE_KEY }, keyKind: 'write' as const }),
  },
  fc.constant({ headers: { apikey: READ_KEY }, keyKind: 'read' as const }),
  fc.constant({ headers: {}, keyKind: 'none' as const }),
  fc.constantFrom('wrong-key', `${WRITE_KEY}x`, 'WRITE-KEY').map((key) => ({
    headers: { apikey: key },
    keyKind: 'wrong' as const,
  })),
  fc.constant({ headers: { authorization: basic(WRITE_KEY) }, keyKind: 'none' as const }),
);

const airRohrKeyArbitrary: fc.Arbitrary<KeyHeaders> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constant({
      headers: { authorization: basic(WRITE_KEY) },
      keyKind: 'write' as const,
    }),
  },
  fc.constant({
    headers: { authorization: `basic ${Buffer.from(`:${WRITE_KEY}`).toString('base64')}` },
    keyKind: 'write' as const,
  }),
  fc.constant({ headers: { authorization: basic(READ_KEY) }, keyKind: 'read' as const }),
  fc.constant({ headers: { authorization: basic('wrong-password') }, keyKind: 'wrong' as const }),
  fc.constant({ headers: {}, keyKind: 'none' as const }),
  fc.constantFrom(...BROKEN_AUTHORIZATIONS).map((authorization) => ({
    headers: { authorization },
    keyKind: 'none' as const,
  })),
);

const SENSOR_HEADERS = [
  DEVICE_1001,
  DEVICE_1002,
  'esp8266-99999999',
  'esp8266-',
  'esp32-zz',
  ' esp8266-12345678 ',
  'ESP8266-12345678',
  `esp8266-${'9'.repeat(40)}`,
  'raspi-1',
];

// No Accept at all half the time, as the firmware sends none.
const acceptArbitrary = fc.option(
  fc.constantFrom('application/json', '*/*', 'text/html', 'application/*;q=0.5', 'image/png'),
  { nil: undefined, freq: 2 },
);

function caseArbitrary(
  path: WriteFuzzCase['path'],
  text: fc.Arbitrary<string>,
  keys: fc.Arbitrary<KeyHeaders>,
  accepted: readonly string[],
  extraHeaders: fc.Arbitrary<Readonly<Record<string, string>>>,
): fc.Arbitrary<WriteFuzzCase> {
  const bytes = fc.oneof(
    { weight: 8, arbitrary: text.map(encode) },
    { weight: 1, arbitrary: randomBytes },
    { weight: 1, arbitrary: notUtf8 },
  );
  return fc
    .record({
      bytes,
      packing: packingArbitrary,
      cut: fc.nat(),
      encoding: fc.option(fc.constantFrom(...CONTENT_ENCODINGS), { nil: undefined }),
      keys,
      type: typeArbitrary(accepted),
      accept: acceptArbitrary,
      acceptEncoding: fc.option(fc.constantFrom('gzip', 'br', '*'), { nil: undefined }),
      extra: extraHeaders,
    })
    .map((c) => {
      const headers: Record<string, string> = { ...c.keys.headers, ...c.extra };
      if (c.type !== undefined) headers['content-type'] = c.type;
      if (c.accept !== undefined) headers.accept = c.accept;
      if (c.acceptEncoding !== undefined) headers['accept-encoding'] = c.acceptEncoding;
      // A gzip packing says so, unless the generator picked another label on purpose.
      const zipped = c.packing !== 'identity' && c.packing !== 'padded';
      const label = c.encoding ?? (zipped ? 'gzip' : undefined);
      if (label !== undefined) headers['content-encoding'] = label;
      return { path, headers, body: pack(c.bytes, c.packing, c.cut), keyKind: c.keys.keyKind };
    });
}

/** Malformed (and some valid) requests to `POST /v2/airq/samples`. */
export const samplesCaseArbitrary: fc.Arbitrary<WriteFuzzCase> = caseArbitrary(
  SAMPLES_ROUTE,
  samplesTextArbitrary,
  samplesKeyArbitrary,
  ['application/json', 'text/csv'],
  fc.constant({}),
);

/** Malformed (and some valid) pushes to `POST /v2/airq/airrohr`, with `X-Sensor` junk. */
export const airRohrCaseArbitrary: fc.Arbitrary<WriteFuzzCase> = caseArbitrary(
  AIRROHR_ROUTE,
  airRohrTextArbitrary,
  airRohrKeyArbitrary,
  ['application/json'],
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(DEVICE_1001, DEVICE_1002)
        .map((sensor) => ({ 'x-sensor': sensor })),
    },
    fc.constantFrom(...SENSOR_HEADERS).map((sensor) => ({ 'x-sensor': sensor })),
    fc.string({ maxLength: 12 }).map((sensor) => ({ 'x-sensor': sensor })),
    fc.constant({}),
  ),
);
