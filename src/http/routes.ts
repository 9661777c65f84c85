import type { IndexTypeName } from '../indexes/index-table.js';
import { indexTypesMeta } from '../meta/index-types-meta.js';
import { measurementTypesMeta } from '../meta/measurement-types-meta.js';
import type { JsonSchema } from '../openapi/json-schema.js';
import { type AdapterFacts, OPENAPI_PATH, openApiDocument } from '../openapi/openapi-document.js';
import type {
  FreshnessHorizon,
  MeasurementsRequestOptions,
} from '../payload/measurements-service.js';
import { ApiError } from './api-error.js';
import { ALLOWED_REQUEST_HEADERS, PREFLIGHT_MAX_AGE_SECONDS, PREFLIGHT_METHODS } from './cors.js';
import { NETWORK_PARAMS, networkBox, withBoxCheck } from './network-params.js';
import {
  INDEX_TYPE,
  INSTALLATION_ID,
  LATITUDE,
  LONGITUDE,
  MAX_DISTANCE_KM,
  MAX_RESULTS,
  type ParamRule,
  paramJsonSchema,
} from './query-params.js';
import { defineRoute, keyless, type Route, type RouteContext, type RouteResult } from './route.js';

function json(value: unknown): RouteResult {
  return { kind: 'json', value };
}

function measurements(result: {
  payload: object;
  freshness?: FreshnessHorizon;
  elementJson?: readonly string[];
}): RouteResult {
  const { payload, freshness, elementJson } = result;
  return {
    kind: 'measurements',
    payload,
    freshness,
    ...(elementJson === undefined ? {} : { elementJson }),
  };
}

function requestOptions(
  context: RouteContext,
  indexType: IndexTypeName,
): MeasurementsRequestOptions {
  return { now: context.nowMs, indexType, language: context.language };
}

function replaced(successorId: number, location: string): ApiError {
  const message = `The installation was replaced; query installation ${successorId} instead`;
  return new ApiError('INSTALLATION_REPLACED', message, { successorId }, { Location: location });
}

function installationNotFound(installationId: number): ApiError {
  const message = `Installation ${installationId} does not exist or was removed`;
  return new ApiError('INSTALLATION_NOT_FOUND', message, { installationId });
}

/** The path of the network extension (every installation's current index in one answer). */
export const NETWORK_PATH = '/v2/airq/network';

const NEAREST_SEARCH = { lat: LATITUDE, lng: LONGITUDE, maxDistanceKM: MAX_DISTANCE_KM } as const;

/**
 * The `/v2` route table, most specific first (`installations/nearest` before
 * `installations/{installationId}`). Each entry declares its parameters; parsing, defaults and
 * violations are shared.
 */
export const ROUTES: readonly Route[] = Object.freeze([
  defineRoute(
    '/v2/installations/nearest',
    { ...NEAREST_SEARCH, maxResults: MAX_RESULTS },
    async ({ lat, lng, maxDistanceKM, maxResults }, context) =>
      json(await context.service.nearestInstallations(lat, lng, { maxDistanceKM, maxResults })),
  ),
  defineRoute(
    '/v2/installations/{installationId}',
    { installationId: INSTALLATION_ID },
    async ({ installationId }, context) => {
      const lookup = await context.service.findInstallation(installationId);
      if (lookup.status === 'active') return json(lookup.installation);
      if (lookup.status === 'replaced') {
        throw replaced(
          lookup.successorId,
          context.relocate(`/v2/installations/${lookup.successorId}`, {}),
        );
      }
      throw installationNotFound(installationId);
    },
  ),
  defineRoute(
    '/v2/measurements/installation',
    { installationId: INSTALLATION_ID, indexType: INDEX_TYPE },
    async ({ installationId, indexType }, context) => {
      const result = await context.service.installationMeasurements(
        installationId,
        requestOptions(context, indexType),
      );
      if (result.status === 'ok') return measurements(result);
      if (result.status === 'replaced') {
        const installationId = String(result.successorId);
        throw replaced(
          result.successorId,
          context.relocate('/v2/measurements/installation', { installationId }),
        );
      }
      throw installationNotFound(installationId);
    },
    true,
  ),
  defineRoute(
    '/v2/measurements/nearest',
    { ...NEAREST_SEARCH, indexType: INDEX_TYPE },
    async (params, context) => {
      const { lat, lng, maxDistanceKM, indexType } = params;
      const result = await context.service.nearestMeasurements(
        lat,
        lng,
        { maxDistanceKM },
        requestOptions(context, indexType),
      );
      if (result.status === 'ok') return measurements(result);
      const within = maxDistanceKM < 0 ? 'at all' : `within ${maxDistanceKM} km`;
      const message = `No active installation ${within} of ${lat}, ${lng}`;
      throw new ApiError('NO_INSTALLATION_IN_RANGE', message, { lat, lng, maxDistanceKM });
    },
    true,
  ),
  defineRoute(
    '/v2/measurements/point',
    { lat: LATITUDE, lng: LONGITUDE, indexType: INDEX_TYPE },
    async ({ lat, lng, indexType }, context) =>
      measurements(
        await context.service.pointMeasurements(lat, lng, requestOptions(context, indexType)),
      ),
    true,
  ),
  // An airq extension: the spec has no route for many installations at once.
  withBoxCheck(
    defineRoute(
      NETWORK_PATH,
      NETWORK_PARAMS,
      async (params, context) => {
        const { service } = context;
        if (service.networkIndexes === undefined) {
          const message = 'This service does not answer the network extension';
          throw new ApiError('NOT_FOUND', message, { path: NETWORK_PATH });
        }
        const box = networkBox(params);
        const options = requestOptions(context, params.indexType);
        return measurements(await service.networkIndexes(box ? { ...options, box } : options));
      },
      true,
    ),
  ),
  defineRoute('/v2/meta/indexes', {}, async (_params, { prepared, language }) => ({
    kind: 'prepared',
    body: prepared('indexes', language, indexTypesMeta),
  })),
  defineRoute('/v2/meta/measurements', {}, async (_params, { prepared, language }) => ({
    kind: 'prepared',
    body: prepared('measurements', language, measurementTypesMeta),
  })),
  keyless(
    defineRoute(OPENAPI_PATH, {}, async (_params, context) => ({
      kind: 'prepared',
      body: context.prepared('openapi', 'en', routesDocument),
      language: 'en',
    })),
  ),
]);

/** What the OpenAPI document needs to know of this adapter besides its routes. */
const ADAPTER_FACTS: AdapterFacts<ParamRule> = Object.freeze({
  paramSchema: paramJsonSchema,
  allowedMethods: PREFLIGHT_METHODS,
  allowedRequestHeaders: ALLOWED_REQUEST_HEADERS,
  preflightMaxAgeSeconds: PREFLIGHT_MAX_AGE_SECONDS,
});

/**
 * The OpenAPI document of the route table, in English whatever the request's language: what
 * `GET /v2/openapi.json` serves and `npm run build` writes as `airq/openapi.json`.
 *
 * @example
 * routesDocument().paths['/v2/measurements/point'].get.parameters[0].schema;
 * // { type: 'number', minimum: -90, maximum: 90 }
 */
export function routesDocument(): JsonSchema {
  return openApiDocument(ROUTES, ADAPTER_FACTS);
}
