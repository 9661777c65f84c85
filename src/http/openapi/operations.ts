import { deepFreeze } from '../../model/deep-freeze.js';
import type { JsonSchema } from './json-schema.js';

// What the route table cannot say about a route: its name, its words and what its 200 and
// error answers are. Parameters are not here: the document reads them from the route table's
// rules, so the parser and the contract cannot disagree about them.

/** The prose and the answers of one route, by its pattern in the route table. */
export interface OperationText {
  readonly operationId: string;
  readonly tag: 'installations' | 'measurements' | 'meta' | 'contract';
  readonly summary: string;
  readonly description: string;
  /** Schema of the 200 body. */
  readonly ok: JsonSchema;
  /** Error statuses besides those every keyed route has (401, 405, 406, 429, 500, 503). */
  readonly errors: readonly number[];
}

const schema = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (name: string): JsonSchema => ({ type: 'array', items: schema(name) });

/** Error statuses of every keyed route. */
export const KEYED_ERRORS: readonly number[] = deepFreeze([401, 405, 406, 429, 500, 503]);

/** Error statuses of a keyless route. */
export const KEYLESS_ERRORS: readonly number[] = deepFreeze([405, 406, 500]);

/** Every route's operation, by route pattern. */
export const OPERATIONS: Readonly<Record<string, OperationText>> = deepFreeze({
  '/v2/installations/nearest': {
    operationId: 'nearestInstallations',
    tag: 'installations',
    summary: 'Installations nearest to a point',
    description:
      'Active installations within `maxDistanceKM` of the point, nearest first, at most `maxResults`; may be empty.',
    ok: arrayOf('Installation'),
    errors: [400],
  },
  '/v2/installations/{installationId}': {
    operationId: 'getInstallation',
    tag: 'installations',
    summary: 'One installation',
    description: 'A replaced installation answers 301; an unknown or removed one 404.',
    ok: schema('Installation'),
    errors: [301, 400, 404],
  },
  '/v2/measurements/installation': {
    operationId: 'installationMeasurements',
    tag: 'measurements',
    summary: 'Measurements of one installation',
    description:
      'Current, 24 hours of history and 24 hours of forecast, with the index `indexType` selects and the WHO standards. A replaced installation answers 301; an unknown or removed one 404.',
    ok: schema('Measurements'),
    errors: [301, 400, 404],
  },
  '/v2/measurements/nearest': {
    operationId: 'nearestMeasurements',
    tag: 'measurements',
    summary: 'Measurements of the nearest installation',
    description:
      'The Measurements payload of the active installation nearest to the point; 404 when none lies within `maxDistanceKM`.',
    ok: schema('Measurements'),
    errors: [400, 404],
  },
  '/v2/measurements/point': {
    operationId: 'pointMeasurements',
    tag: 'measurements',
    summary: 'Measurements interpolated at any point',
    description:
      'Values weighted by inverse distance over the installations within 1.5 km of the point, with an `interpolation` note naming them.',
    ok: schema('PointMeasurements'),
    errors: [400],
  },
  '/v2/meta/indexes': {
    operationId: 'indexTypes',
    tag: 'meta',
    summary: 'Index types and their levels',
    description: 'Every index type with its levels; level descriptions are translated.',
    ok: arrayOf('IndexType'),
    errors: [],
  },
  '/v2/meta/measurements': {
    operationId: 'measurementTypes',
    tag: 'meta',
    summary: 'Measurement types',
    description: 'Every measurement type with its unit; labels are translated.',
    ok: arrayOf('MeasurementType'),
    errors: [],
  },
  '/v2/openapi.json': {
    operationId: 'openApiDocument',
    tag: 'contract',
    summary: 'This OpenAPI document',
    description: 'Needs no key and is not counted.',
    ok: { type: 'object', required: ['openapi', 'paths'] },
    errors: [],
  },
});

/** Words about each parameter, by name (path or query). */
export const PARAMETER_TEXTS: Readonly<Record<string, string>> = deepFreeze({
  lat: 'Latitude, WGS 84 decimal degrees. A plain decimal: no exponent, no `NaN`.',
  lng: 'Longitude, WGS 84 decimal degrees. A plain decimal: no exponent, no `NaN`.',
  maxDistanceKM:
    'Every installation considered lies within this many km of the point; negative means no limit. Empty means the default.',
  maxResults: 'At most this many installations; negative means no limit. Empty means the default.',
  installationId: 'Installation id, a positive integer.',
  indexType: 'The index of `indexes`, case-sensitive. Empty means the default.',
});
