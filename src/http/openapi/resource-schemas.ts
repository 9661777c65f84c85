import { INDEX_TYPE_NAMES } from '../../indexes/index-table.js';
import { MEASUREMENT_TYPE_NAMES } from '../../meta/measurement-types.js';
import { deepFreeze } from '../../model/deep-freeze.js';
import type { JsonSchema } from './json-schema.js';

// The JSON Schemas (2020-12) of the resources of the spec's "Resources and their fields", as
// the adapter sends them. They describe what a client can rely on: objects stay open
// (`additionalProperties` is not set) because the spec lets new properties appear at any time
// and tells clients to ignore unknown fields. The response test closes them to check that the
// adapter sends nothing the document does not name.

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const NULLABLE_TEXT: JsonSchema = { type: ['string', 'null'] };

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

const MEASUREMENT_NAME: JsonSchema = {
  type: 'string',
  description: `Measurement type name; today one of ${MEASUREMENT_TYPE_NAMES.join(', ')}.`,
};

const AVERAGED_VALUES: JsonSchema = {
  type: 'object',
  description: 'One averaged window, the left-closed, right-open interval [from, till).',
  required: ['fromDateTime', 'tillDateTime', 'values', 'indexes', 'standards'],
  properties: {
    fromDateTime: TIMESTAMP,
    tillDateTime: TIMESTAMP,
    values: {
      type: 'array',
      description: 'May lack types or be empty: a device without a working sensor omits them.',
      items: ref('Value'),
    },
    indexes: {
      type: 'array',
      description: 'Exactly one index: the one `indexType` selected.',
      items: ref('Index'),
      minItems: 1,
      maxItems: 1,
    },
    standards: { type: 'array', items: ref('Standard') },
  },
};

const MEASUREMENTS_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  current: {
    ...ref('AveragedValues'),
    description: 'Moving average over the 60 minutes up to the request.',
  },
  history: {
    type: 'array',
    description: 'The last 24 full hours, hourly averages, oldest first.',
    items: ref('AveragedValues'),
    minItems: 24,
    maxItems: 24,
  },
  forecast: {
    type: 'array',
    description: 'The next 24 hours, the current hour first.',
    items: ref('AveragedValues'),
    minItems: 24,
    maxItems: 24,
  },
};

/** `components.schemas` of the resources, by name. */
export const RESOURCE_SCHEMAS: Readonly<Record<string, JsonSchema>> = deepFreeze({
  Installation: {
    type: 'object',
    required: ['id', 'location', 'address', 'elevation', 'vendor', 'sponsor'],
    properties: {
      id: { type: 'integer', minimum: 1, description: 'Used as `installationId`.' },
      location: {
        type: 'object',
        description: 'Exact sensor position, WGS 84 decimal degrees.',
        required: ['latitude', 'longitude'],
        properties: {
          latitude: { type: 'number', minimum: -90, maximum: 90 },
          longitude: { type: 'number', minimum: -180, maximum: 180 },
        },
      },
      address: ref('Address'),
      elevation: { type: 'number', description: 'Metres above mean sea level.' },
      vendor: {
        type: 'boolean',
        description: "`true` for the service's own devices, `false` for third-party stations.",
      },
      sponsor: ref('Sponsor'),
    },
  },
  Address: {
    type: 'object',
    description: 'Every field may be absent, empty or null.',
    properties: {
      country: NULLABLE_TEXT,
      city: NULLABLE_TEXT,
      street: NULLABLE_TEXT,
      number: NULLABLE_TEXT,
      displayAddress1: NULLABLE_TEXT,
      displayAddress2: NULLABLE_TEXT,
    },
  },
  Sponsor: {
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      description: { type: 'string' },
      logo: { type: 'string', description: 'URL of a jpg image.' },
      link: { type: 'string', description: "URL of the sponsor's website." },
    },
  },
  Value: {
    type: 'object',
    required: ['name', 'value'],
    properties: {
      name: MEASUREMENT_NAME,
      value: { type: 'number', description: 'In the unit of the type (`/v2/meta/measurements`).' },
    },
  },
  Index: {
    type: 'object',
    required: [
      'name',
      'value',
      'level',
      'description',
      'advice',
      'color',
      'dominantPollutant',
      'subIndexes',
    ],
    properties: {
      name: { type: 'string', enum: INDEX_TYPE_NAMES },
      value: { type: ['number', 'null'], description: '`null` only when there is no data.' },
      level: { type: 'string', examples: ['LOW', 'VERY_HIGH', 'UNKNOWN'] },
      description: { type: 'string', description: 'Translated (`Accept-Language`).' },
      advice: { type: ['string', 'null'], description: 'Translated; `null` without data.' },
      color: COLOR,
      dominantPollutant: {
        type: ['string', 'null'],
        description: 'The pollutant with the highest sub-index; `null` when none is named.',
      },
      subIndexes: {
        type: 'object',
        description: 'Pollutant → its sub-index, for every counted pollutant present.',
        additionalProperties: { type: 'number' },
      },
    },
  },
  Standard: {
    type: 'object',
    required: ['name', 'pollutant', 'limit', 'percent', 'averaging'],
    properties: {
      name: { type: 'string', enum: ['WHO'] },
      pollutant: { type: 'string', enum: ['PM10', 'PM25'] },
      limit: { type: 'number', description: 'µg/m³; the concentration that is 100 percent.' },
      percent: { type: 'number', description: 'Concentration as a percentage of `limit`.' },
      averaging: { type: 'string', description: 'Averaging period of the guideline, e.g. `24h`.' },
    },
  },
  AveragedValues: AVERAGED_VALUES,
  Measurements: {
    type: 'object',
    required: ['current', 'history', 'forecast'],
    properties: MEASUREMENTS_PROPERTIES,
  },
  PointMeasurements: {
    type: 'object',
    description: 'A Measurements payload interpolated over the installations within 1.5 km.',
    required: ['current', 'history', 'forecast', 'interpolation'],
    properties: {
      ...MEASUREMENTS_PROPERTIES,
      interpolation: {
        type: 'object',
        required: ['method', 'radiusKm', 'contributors'],
        properties: {
          method: { type: 'string', enum: ['INVERSE_DISTANCE'] },
          radiusKm: { type: 'number', exclusiveMinimum: 0 },
          contributors: {
            type: 'array',
            description: 'The installations with a current value, weights of the current window.',
            items: {
              type: 'object',
              required: ['installationId', 'distanceKm', 'weight'],
              properties: {
                installationId: { type: 'integer', minimum: 1 },
                distanceKm: { type: 'number', minimum: 0 },
                weight: { type: 'number', minimum: 0, maximum: 1 },
              },
            },
          },
        },
      },
    },
  },
  IndexType: {
    type: 'object',
    required: ['name', 'levels'],
    properties: {
      name: { type: 'string', enum: INDEX_TYPE_NAMES },
      levels: { type: 'array', items: ref('IndexLevel'), minItems: 1 },
    },
  },
  IndexLevel: {
    type: 'object',
    required: ['values', 'level', 'description', 'color', 'minValue', 'maxValue'],
    properties: {
      values: {
        type: 'string',
        pattern: '^-?[0-9.]+(?:-[0-9.]+|\\+)?$',
        description:
          '`<low>-<high>`, `<value>` for a level of one value (UK_DAQI, EAQI, CA_AQHI), or `<low>+` for the open top level.',
      },
      level: { type: 'string' },
      description: { type: 'string', description: 'Translated (`Accept-Language`).' },
      color: COLOR,
      minValue: { type: 'number' },
      maxValue: { type: ['number', 'null'], description: '`null` for the open top level.' },
    },
  },
  MeasurementType: {
    type: 'object',
    required: ['name', 'label', 'unit'],
    properties: {
      name: MEASUREMENT_NAME,
      label: { type: 'string', description: 'Translated (`Accept-Language`).' },
      unit: { type: 'string', examples: ['µg/m³', '°C'] },
    },
  },
});
