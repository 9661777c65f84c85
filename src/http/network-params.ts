// The parameters of `GET /v2/airq/network`: the index type of every measurement route and an
// optional bounding box, whose four edges come all together or not at all. Each edge is checked
// by its own rule (query-params.ts); the box as a whole by `boxViolations`, and both sets of
// violations go into one 400.
import * as v from 'valibot';
import type { NetworkBox } from '../payload/network-box.js';
import { invalidRequest, type Violation } from './api-error.js';
import { INDEX_TYPE, type ParsedParams, parseParams, type RawParams } from './query-params.js';
import type { Route, RouteParams } from './route.js';

const degrees = (limit: number) =>
  v.message(
    v.optional(v.pipe(v.number(), v.minValue(-limit), v.maxValue(limit))),
    `must be a decimal number in [${-limit}, ${limit}]`,
  );

/** `minLat`, `maxLat`: optional decimal degrees in [−90, 90] (with the other three edges). */
export const BOX_LATITUDE = degrees(90);

/** `minLng`, `maxLng`: optional decimal degrees in [−180, 180] (with the other three edges). */
export const BOX_LONGITUDE = degrees(180);

/** The rules of the network route, in the order the OpenAPI document lists them. */
export const NETWORK_PARAMS = Object.freeze({
  indexType: INDEX_TYPE,
  minLat: BOX_LATITUDE,
  minLng: BOX_LONGITUDE,
  maxLat: BOX_LATITUDE,
  maxLng: BOX_LONGITUDE,
});

/** The parsed parameters of the network route. */
export type NetworkParams = ParsedParams<typeof NETWORK_PARAMS>;

const EDGES = ['minLat', 'minLng', 'maxLat', 'maxLng'] as const;

/**
 * The violations of the box as a whole, given each edge's own parse: an edge missing while
 * another is sent (`is required with …`), and `minLat` above `maxLat`. Edges that failed their
 * own rule are left to it.
 *
 * @param raw - the request's parameters, for what was sent
 * @param parsed - each edge's value when it passed its own rule
 * @example
 * boxViolations(new Map([['minLat', ['50']]]), { minLat: 50 }).map((violation) => violation.parameter);
 * // ['minLng', 'maxLat', 'maxLng']
 */
export function boxViolations(
  raw: RawParams,
  parsed: Readonly<Partial<Record<(typeof EDGES)[number], number | undefined>>>,
): Violation[] {
  const sent = (edge: string) => (raw.get(edge) ?? []).some((text) => text !== '');
  const violations: Violation[] = [];
  if (EDGES.some(sent)) {
    for (const edge of EDGES) {
      if (sent(edge)) continue;
      const message = `is required with the other edges of the box (${EDGES.join(', ')}: all four or none)`;
      violations.push({ parameter: edge, message, rejectedValue: raw.get(edge)?.[0] ?? null });
    }
  }
  const { minLat, maxLat } = parsed;
  if (minLat !== undefined && maxLat !== undefined && minLat > maxLat) {
    const message = `must not exceed maxLat (${maxLat})`;
    violations.push({
      parameter: 'minLat',
      message,
      rejectedValue: raw.get('minLat')?.[0] ?? null,
    });
  }
  return violations;
}

/**
 * The box of parsed network parameters, `undefined` when none was sent.
 *
 * @example
 * networkBox({ indexType: 'CAQI', minLat: 49, minLng: 19, maxLat: 51, maxLng: 21 });
 * // { minLat: 49, minLng: 19, maxLat: 51, maxLng: 21 }
 */
export function networkBox(params: NetworkParams): NetworkBox | undefined {
  const { minLat, minLng, maxLat, maxLng } = params;
  if (minLat === undefined || minLng === undefined || maxLat === undefined || maxLng === undefined)
    return undefined;
  return { minLat, minLng, maxLat, maxLng };
}

/**
 * The network route with the box checked as a whole: its `parse` answers one 400 with every
 * violation, each edge's own and the box's.
 *
 * @example
 * withBoxCheck(defineRoute('/v2/airq/network', NETWORK_PARAMS, handler, true)).parse(raw);
 */
export function withBoxCheck(route: Route): Route {
  return Object.freeze({
    ...route,
    parse(raw: RawParams): RouteParams {
      const parsed = parseParams(NETWORK_PARAMS, raw);
      const violations: Violation[] = parsed.ok ? [] : [...parsed.violations];
      const edges = parsed.ok ? parsed.values : edgesAlone(raw);
      violations.push(...boxViolations(raw, edges));
      if (violations.length > 0 || !parsed.ok) throw invalidRequest(violations);
      return parsed.values;
    },
  });
}

// Each edge that passes its own rule, when another parameter failed.
function edgesAlone(raw: RawParams): Partial<Record<(typeof EDGES)[number], number | undefined>> {
  const edges: Partial<Record<(typeof EDGES)[number], number | undefined>> = {};
  for (const edge of EDGES) {
    const parsed = parseParams({ [edge]: NETWORK_PARAMS[edge] }, raw);
    if (parsed.ok) edges[edge] = parsed.values[edge] as number | undefined;
  }
  return edges;
}
