import { deepFreeze } from '../model/deep-freeze.js';
import { type JsonSchema, list, ref } from './json-schema.js';

// What the route table cannot say about a route: its name, its words and what its 200 and
// error answers are, and the words about each parameter. Parameter schemas are not here: the
// document maps each route's own rules, so the parser and the contract cannot disagree.

/** The prose and the answers of one route, by its pattern in the route table. */
export interface OperationText {
  readonly operationId: string;
  readonly tag: 'installations' | 'measurements' | 'meta' | 'contract' | 'live';
  readonly summary: string;
  readonly description: string;
  /** Schema of the 200 body. */
  readonly ok: JsonSchema;
  /** Error statuses besides those every keyed (or keyless) route has. */
  readonly errors: readonly number[];
  /** An airq extension the spec does not define: the operation says so with `x-airq-extension`. */
  readonly extension?: true;
}

const REPLACED = 'A replaced installation answers 301; an unknown or removed one 404.';

/** Every route's operation, by route pattern. */
// biome-ignore format: a route a row, its words below
export const OPERATIONS: Readonly<Record<string, OperationText>> = deepFreeze({
  '/v2/installations/nearest': {
    operationId: 'nearestInstallations', tag: 'installations', ok: list(ref('Installation')), errors: [400],
    summary: 'Installations nearest to a point',
    description: 'Active installations within `maxDistanceKM` of the point, nearest first, at most `maxResults`; may be empty.',
  },
  '/v2/installations/{installationId}': {
    operationId: 'getInstallation', tag: 'installations', ok: ref('Installation'), errors: [301, 400, 404],
    summary: 'One installation',
    description: REPLACED,
  },
  '/v2/measurements/installation': {
    operationId: 'installationMeasurements', tag: 'measurements', ok: ref('Measurements'), errors: [301, 400, 404],
    summary: 'Measurements of one installation',
    description: `Current, 24 hours of history and 24 hours of forecast, with the index \`indexType\` selects and the WHO standards. ${REPLACED}`,
  },
  '/v2/measurements/nearest': {
    operationId: 'nearestMeasurements', tag: 'measurements', ok: ref('Measurements'), errors: [400, 404],
    summary: 'Measurements of the nearest installation',
    description: 'The Measurements payload of the active installation nearest to the point; 404 when none lies within `maxDistanceKM`.',
  },
  '/v2/measurements/point': {
    operationId: 'pointMeasurements', tag: 'measurements', ok: ref('PointMeasurements'), errors: [400],
    summary: 'Measurements interpolated at any point',
    description: 'Values weighted by inverse distance over the installations within 1.5 km of the point, with an `interpolation` note naming them.',
  },
  '/v2/airq/network': {
    operationId: 'networkIndexes', tag: 'measurements', ok: ref('Network'), errors: [400, 404], extension: true,
    summary: 'The current index of every installation (airq extension)',
    description: 'An airq extension: the spec does not define this route. Every active installation, or those inside the box `minLat`, `minLng`, `maxLat`, `maxLng` (all four or none; `minLng` above `maxLng` crosses the antimeridian), sorted by id, each with its location and the index of its `current` exactly as `/v2/measurements/installation` gives it at the same instant, without `advice`. One request against the limits, answered from the response cache while no installation\'s `current` can change; 404 when the adapter\'s service does not offer it.',
  },
  '/v2/meta/indexes': {
    operationId: 'indexTypes', tag: 'meta', ok: list(ref('IndexType')), errors: [],
    summary: 'Index types and their levels',
    description: 'Every index type with its levels; level descriptions are translated.',
  },
  '/v2/meta/measurements': {
    operationId: 'measurementTypes', tag: 'meta', ok: list(ref('MeasurementType')), errors: [],
    summary: 'Measurement types',
    description: 'Every measurement type with its unit; labels are translated.',
  },
  '/v2/openapi.json': {
    operationId: 'openApiDocument', tag: 'contract', ok: { type: 'object', required: ['openapi', 'paths'] }, errors: [],
    summary: 'This OpenAPI document',
    description: 'Needs no key and is not counted.',
  },
});

const DEGREES = 'WGS 84 decimal degrees. A plain decimal: no exponent, no `NaN`.';
const NO_LIMIT = 'negative means no limit. Empty means the default.';

/** Words about each query or path parameter, by name. */
export const PARAMETER_TEXTS: Readonly<Record<string, string>> = deepFreeze({
  lat: `Latitude, ${DEGREES}`,
  lng: `Longitude, ${DEGREES}`,
  maxDistanceKM: `Every installation considered lies within this many km of the point; ${NO_LIMIT}`,
  maxResults: `At most this many installations; ${NO_LIMIT}`,
  installationId: 'Installation id, a positive integer.',
  indexType: 'The index of `indexes`, case-sensitive. Empty means the default.',
  minLat: `South edge of the box, ${DEGREES} Send the four edges or none; at most \`maxLat\`.`,
  minLng: `West edge of the box, ${DEGREES} Above \`maxLng\` for a box across the antimeridian.`,
  maxLat: `North edge of the box, ${DEGREES}`,
  maxLng: `East edge of the box, ${DEGREES}`,
});

/** `Accept-Language`, a parameter of every keyed route. */
// biome-ignore format: a header a row, its words below
export const ACCEPT_LANGUAGE: JsonSchema = deepFreeze({ name: 'Accept-Language', in: 'header', required: false,
  description: '`pl` gives Polish texts; anything else English.',
  schema: { type: 'string', examples: ['pl', 'en-GB,en;q=0.9'] } });

/** `If-None-Match`, a parameter of every route. */
// biome-ignore format: a header a row, its words below
export const IF_NONE_MATCH: JsonSchema = deepFreeze({ name: 'If-None-Match', in: 'header', required: false,
  description: 'Entity tags from earlier answers (or `*`); when one matches the current `ETag` (weak comparison) the answer is a 304 without a body.',
  schema: { type: 'string', examples: ['W/"cbf43926-9"'] } });
