import { deepFreeze } from '../../model/deep-freeze.js';
import { type JsonSchema, ref } from './json-schema.js';

// What the route table cannot say about a route: its name, its words and what its 200 and
// error answers are. Parameter schemas are not here: the document maps each route's own rules,
// so the parser and the contract cannot disagree about them.

/** The prose and the answers of one route, by its pattern in the route table. */
export interface OperationText {
  readonly operationId: string;
  readonly tag: 'installations' | 'measurements' | 'meta' | 'contract';
  readonly summary: string;
  readonly description: string;
  /** Schema of the 200 body. */
  readonly ok: JsonSchema;
  /** Error statuses besides those every keyed (or keyless) route has. */
  readonly errors: readonly number[];
}

const arrayOf = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });
const REPLACED = 'A replaced installation answers 301; an unknown or removed one 404.';

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
    description: REPLACED,
    ok: ref('Installation'),
    errors: [301, 400, 404],
  },
  '/v2/measurements/installation': {
    operationId: 'installationMeasurements',
    tag: 'measurements',
    summary: 'Measurements of one installation',
    description: `Current, 24 hours of history and 24 hours of forecast, with the index \`indexType\` selects and the WHO standards. ${REPLACED}`,
    ok: ref('Measurements'),
    errors: [301, 400, 404],
  },
  '/v2/measurements/nearest': {
    operationId: 'nearestMeasurements',
    tag: 'measurements',
    summary: 'Measurements of the nearest installation',
    description:
      'The Measurements payload of the active installation nearest to the point; 404 when none lies within `maxDistanceKM`.',
    ok: ref('Measurements'),
    errors: [400, 404],
  },
  '/v2/measurements/point': {
    operationId: 'pointMeasurements',
    tag: 'measurements',
    summary: 'Measurements interpolated at any point',
    description:
      'Values weighted by inverse distance over the installations within 1.5 km of the point, with an `interpolation` note naming them.',
    ok: ref('PointMeasurements'),
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

const PLAIN_DECIMAL = 'WGS 84 decimal degrees. A plain decimal: no exponent, no `NaN`.';
const DEFAULT = 'Empty means the default.';

/** Words about each parameter, by name (path or query). */
export const PARAMETER_TEXTS: Readonly<Record<string, string>> = deepFreeze({
  lat: `Latitude, ${PLAIN_DECIMAL}`,
  lng: `Longitude, ${PLAIN_DECIMAL}`,
  maxDistanceKM: `Every installation considered lies within this many km of the point; negative means no limit. ${DEFAULT}`,
  maxResults: `At most this many installations; negative means no limit. ${DEFAULT}`,
  installationId: 'Installation id, a positive integer.',
  indexType: `The index of \`indexes\`, case-sensitive. ${DEFAULT}`,
});
