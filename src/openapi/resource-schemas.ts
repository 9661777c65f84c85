import { INDEX_TYPE_NAMES } from '../indexes/index-table.js';
import { MEASUREMENT_TYPE_NAMES } from '../meta/measurement-types.js';
import { deepFreeze } from '../model/deep-freeze.js';
import { INSTALLATION_ADDRESS_FIELDS } from '../store/stored-installation.js';
import { describedObject, type JsonSchema, list, object, ref } from './json-schema.js';

// The JSON Schemas (2020-12) of the resources of the spec's "Resources and their fields", as
// the adapter sends them. They describe what a client can rely on: objects stay open
// (`additionalProperties` is not set) because the spec lets new properties appear at any time
// and tells clients to ignore unknown fields. The response test closes them to check that the
// adapter sends nothing the document does not name.

const typed = (type: unknown, description: string): JsonSchema => ({ type, description });
const TRANSLATED = typed('string', 'Translated (`Accept-Language`).');
const NULLABLE_TEXT = { type: ['string', 'null'] };
const DAY = { minItems: 24, maxItems: 24 };

/** `<timestamp>`: ISO 8601 in UTC with milliseconds. */
const TIMESTAMP: JsonSchema = {
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
  examples: ['2026-11-21T09:27:00.000Z'],
};

const COLOR: JsonSchema = {
  type: 'string',
  pattern: '^#[0-9A-Fa-f]{6}$',
  description: 'Hexadecimal RGB triplet, `#RRGGBB`.',
};

const TYPE_NAMES = MEASUREMENT_TYPE_NAMES.join(', ');
const MEASUREMENT_NAME = typed('string', `Measurement type name; today one of ${TYPE_NAMES}.`);

const WINDOWS = ref('AveragedValues');
const MEASUREMENTS_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  current: { ...WINDOWS, description: 'Moving average over the 60 minutes up to the request.' },
  history: list(WINDOWS, 'The last 24 full hours, hourly averages, oldest first.', DAY),
  forecast: list(WINDOWS, 'The next 24 hours, the current hour first.', DAY),
};

const ANY_NUMBER = { type: 'number' };
const POSITIVE_ID = { type: 'integer', minimum: 1 };

/** `components.schemas` of the resources, by name. */
// biome-ignore format: a property a line, a few short ones together
export const RESOURCE_SCHEMAS: Readonly<Record<string, JsonSchema>> = deepFreeze({
  Installation: object({
    id: { ...POSITIVE_ID, description: 'Used as `installationId`.' },
    location: describedObject('Exact sensor position, WGS 84 decimal degrees.', {
      latitude: { type: 'number', minimum: -90, maximum: 90 },
      longitude: { type: 'number', minimum: -180, maximum: 180 },
    }),
    address: ref('Address'),
    elevation: typed('number', 'Metres above mean sea level.'),
    vendor: typed('boolean', "`true` for the service's own devices, `false` for third-party stations."),
    sponsor: ref('Sponsor'),
  }),
  Address: describedObject('Every field may be absent, empty or null.',
    Object.fromEntries(INSTALLATION_ADDRESS_FIELDS.map((name) => [name, NULLABLE_TEXT])), []),
  Sponsor: object({
    id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' },
    logo: typed('string', 'URL of a jpg image.'),
    link: typed('string', "URL of the sponsor's website."),
  }, ['id', 'name']),
  Value: object({
    name: MEASUREMENT_NAME,
    value: typed('number', 'In the unit of the type (`/v2/meta/measurements`).'),
  }),
  Index: object({
    name: { type: 'string', enum: INDEX_TYPE_NAMES },
    value: typed(['number', 'null'], '`null` only when there is no data.'),
    level: { type: 'string', examples: ['LOW', 'VERY_HIGH', 'UNKNOWN'] },
    description: TRANSLATED,
    advice: typed(['string', 'null'], 'Translated; `null` without data.'),
    color: COLOR,
    dominantPollutant: typed(['string', 'null'], 'The pollutant with the highest sub-index; `null` when none is named.'),
    subIndexes: { ...typed('object', 'Pollutant → its sub-index, for every counted pollutant present.'),
      additionalProperties: ANY_NUMBER },
  }),
  Standard: object({
    name: { type: 'string', enum: ['WHO'] },
    pollutant: { type: 'string', enum: ['PM10', 'PM25'] },
    limit: typed('number', 'µg/m³; the concentration that is 100 percent.'),
    percent: typed('number', 'Concentration as a percentage of `limit`.'),
    averaging: typed('string', 'Averaging period of the guideline, e.g. `24h`.'),
  }),
  AveragedValues: describedObject('One averaged window, the left-closed, right-open interval [from, till).', {
    fromDateTime: TIMESTAMP,
    tillDateTime: TIMESTAMP,
    values: list(ref('Value'), 'May lack types or be empty: a device without a working sensor omits them.'),
    indexes: list(ref('Index'), 'Exactly one index: the one `indexType` selected.', { minItems: 1, maxItems: 1 }),
    standards: list(ref('Standard')),
  }),
  Measurements: object(MEASUREMENTS_PROPERTIES),
  PointMeasurements: describedObject('A Measurements payload interpolated over the installations within 1.5 km.', {
    ...MEASUREMENTS_PROPERTIES,
    interpolation: object({
      method: { type: 'string', enum: ['INVERSE_DISTANCE'] },
      radiusKm: { type: 'number', exclusiveMinimum: 0 },
      contributors: list(object({
        installationId: POSITIVE_ID,
        distanceKm: { type: 'number', minimum: 0 },
        weight: { type: 'number', minimum: 0, maximum: 1 },
      }), 'The installations with a current value, weights of the current window.'),
    }),
  }),
  Network: describedObject('An airq extension the spec does not define: the current index of many installations.', {
    indexType: { type: 'string', enum: INDEX_TYPE_NAMES },
    installations: list(object({
      id: POSITIVE_ID,
      location: describedObject('Exact sensor position, WGS 84 decimal degrees.', {
        latitude: { type: 'number', minimum: -90, maximum: 90 },
        longitude: { type: 'number', minimum: -180, maximum: 180 },
      }),
      index: describedObject("`current.indexes[0]` of the installation's Measurements payload, without `advice`.", {
        name: { type: 'string', enum: INDEX_TYPE_NAMES },
        value: typed(['number', 'null'], '`null` only when there is no data.'),
        level: { type: 'string', examples: ['LOW', 'VERY_HIGH', 'UNKNOWN'] },
        description: TRANSLATED,
        color: COLOR,
      }),
    }), 'Every active installation asked for, sorted by id; may be empty.'),
  }),
  IndexType: object({
    name: { type: 'string', enum: INDEX_TYPE_NAMES },
    levels: list(ref('IndexLevel'), undefined, { minItems: 1 }),
  }),
  IndexLevel: object({
    values: { type: 'string', pattern: '^-?[0-9.]+(?:-[0-9.]+|\\+)?$',
      description: '`<low>-<high>`, `<value>` for a level of one value (UK_DAQI, EAQI, CA_AQHI, DEU_UBA, FRA_ATMO, AUS_AQC, HKG_AQHI), or `<low>+` for the open top level.' },
    level: { type: 'string' },
    description: TRANSLATED,
    color: COLOR,
    minValue: ANY_NUMBER,
    maxValue: typed(['number', 'null'], '`null` for the open top level.'),
  }),
  MeasurementType: object({
    name: MEASUREMENT_NAME,
    label: TRANSLATED,
    unit: { type: 'string', examples: ['µg/m³', '°C'] },
  }),
});
