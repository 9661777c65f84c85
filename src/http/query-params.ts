// A route's parameters, each declared once as a valibot schema of its value. The parser reads
// the query text through that schema, and the OpenAPI document maps the same schema to JSON
// Schema (`paramJsonSchema`), so the two cannot disagree.
import * as v from 'valibot';
import { DEFAULT_INDEX_TYPE, INDEX_TYPE_NAMES } from '../indexes/index-table.js';
import type { Violation } from './api-error.js';

/** Parameter name → every value it was sent with, in order. */
export type RawParams = ReadonlyMap<string, readonly string[]>;

/**
 * One parameter: a valibot schema of its value (a number, with `safeInteger`, `minValue` or
 * `maxValue` actions, or a `picklist` of texts), wrapped in `v.message` for its violation text.
 * Without `v.optional` it is required: missing or empty is a violation. With `v.optional(schema,
 * default)`, missing or empty means the default (clients send `maxResults=` when the user gave
 * nothing).
 */
export type ParamRule<V = unknown> = v.GenericSchema<unknown, V>;

/** A route's parameters by name. */
export type ParamRules = Readonly<Record<string, ParamRule>>;

/** The parsed values of a rule set, defaults filled in. */
export type ParsedParams<R extends ParamRules> = { readonly [K in keyof R]: v.InferOutput<R[K]> };

// Plain decimals only: no exponent, no hex, no NaN/Infinity, no spaces. Number() alone would
// accept all of those, and `parseFloat` would accept `12abc`.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
// An integer may be written with a fraction of zeros (`2.0`): JSON Schema, and so the published
// OpenAPI document, counts 2.0 as the integer 2. The zeros are checked in the text, so a
// fraction that only rounds away in a double (`9007199254740990.5`) stays refused.
const INTEGER = /^[+-]?\d+(?:\.0*)?$/;

/**
 * Splits a raw query string into parameter → values (percent-decoding, `+` as space).
 *
 * @example
 * readQueryParams('lat=50&lat=51&lng=').get('lat'); // ['50', '51']
 */
export function readQueryParams(query: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  if (query === '') return params;
  for (const [name, value] of new URLSearchParams(query)) {
    const values = params.get(name);
    if (values === undefined) params.set(name, [value]);
    else values.push(value);
  }
  return params;
}

// The parts of a valibot schema read here (valibot's types do not name them): the value's own
// schema under `v.optional`, and the actions of its pipe after the schema itself.
interface SchemaParts {
  readonly type: string;
  readonly wrapped?: SchemaParts;
  readonly default?: unknown;
  readonly options?: readonly string[];
  readonly requirement?: unknown;
  readonly pipe?: readonly SchemaParts[];
}
const valueParts = (rule: ParamRule): SchemaParts =>
  (rule as SchemaParts).wrapped ?? (rule as SchemaParts);

// Query text → the value valibot checks. A number schema reads strict decimals, an integer one
// integers (`1.0` too, `1.5` not); any other text becomes NaN, which every number schema
// rejects with the rule's message.
function decode(rule: ParamRule, text: string): unknown {
  const { type, pipe } = valueParts(rule);
  if (type !== 'number') return text;
  const integer = pipe?.some((action) => action.type === 'safe_integer');
  const value = (integer ? INTEGER : DECIMAL).test(text) ? Number(text) : Number.NaN;
  // A decimal of hundreds of digits is Infinity, which `v.number()` would take.
  return Number.isFinite(value) ? value : Number.NaN;
}

// The JSON Schema keywords of each part a rule may use.
const KEYWORDS: Readonly<Record<string, (parts: SchemaParts) => object>> = {
  number: () => ({ type: 'number' }),
  picklist: ({ options }) => ({ type: 'string', enum: options }),
  safe_integer: () => ({
    type: 'integer',
    minimum: Number.MIN_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
  }),
  min_value: ({ requirement }) => ({ minimum: requirement }),
  max_value: ({ requirement }) => ({ maximum: requirement }),
};

/**
 * The JSON Schema (2020-12) of the values a rule accepts, as the OpenAPI document publishes it:
 * `type`, `enum`, `minimum`, `maximum` and `default`. Throws for any schema part it cannot
 * express, so the document never says less than the parser checks.
 *
 * @example
 * paramJsonSchema(INSTALLATION_ID); // { type: 'integer', minimum: 1, maximum: 9007199254740991 }
 */
export function paramJsonSchema(rule: ParamRule): Record<string, unknown> {
  const parts = valueParts(rule);
  const schema = {};
  for (const part of [parts, ...(parts.pipe?.slice(1) ?? [])]) {
    const keywords = KEYWORDS[part.type];
    if (keywords === undefined) throw new Error(`paramJsonSchema: no JSON Schema for ${part.type}`);
    Object.assign(schema, keywords(part));
  }
  const { type, default: value } = rule as SchemaParts;
  return type === 'optional' ? { ...schema, default: value } : schema;
}

/**
 * Parses the parameters a route declares and collects a violation for **every** bad one.
 * Parameters the route does not declare are ignored; a declared one sent twice is a violation.
 *
 * @example
 * parseParams({ lat: LATITUDE }, new Map([['lat', ['200']]]));
 * // { ok: false, violations: [{ parameter: 'lat', message: 'must be a decimal number in [-90, 90]', rejectedValue: '200' }] }
 */
export function parseParams<R extends ParamRules>(
  rules: R,
  raw: RawParams,
):
  | { readonly ok: true; readonly values: ParsedParams<R> }
  | { readonly ok: false; readonly violations: readonly Violation[] } {
  const values: Record<string, unknown> = {};
  const violations: Violation[] = [];
  for (const [parameter, rule] of Object.entries(rules)) {
    const sent = raw.get(parameter) ?? [];
    if (sent.length > 1) {
      const message = `must be given once, got ${sent.length} values`;
      violations.push({ parameter, message, rejectedValue: sent });
      continue;
    }
    const text = sent[0] ?? '';
    if (text === '' && rule.type !== 'optional') {
      violations.push({ parameter, message: 'is required', rejectedValue: sent[0] ?? null });
      continue;
    }
    // Missing or empty reaches an optional schema as `undefined`, which gives its default.
    const result = v.safeParse(rule, text === '' ? undefined : decode(rule, text));
    if (result.success) values[parameter] = result.output;
    else violations.push({ parameter, message: result.issues[0].message, rejectedValue: text });
  }
  if (violations.length > 0) return { ok: false, violations };
  // Every declared key was filled from its own rule above, so the record has the declared shape.
  return { ok: true, values: values as ParsedParams<R> };
}

const degrees = (limit: number) =>
  v.message(
    v.pipe(v.number(), v.minValue(-limit), v.maxValue(limit)),
    `must be a decimal number in [${-limit}, ${limit}]`,
  );

/** `lat`: required decimal degrees in [-90, 90]. */
export const LATITUDE = degrees(90);

/** `lng`: required decimal degrees in [-180, 180]. */
export const LONGITUDE = degrees(180);

/** `maxDistanceKM`: decimal km, default 3.0; negative means no limit. */
export const MAX_DISTANCE_KM = v.message(
  v.optional(v.number(), 3),
  'must be a decimal number (negative means no limit)',
);

/** `maxResults`: integer, default 1; negative means no limit. */
export const MAX_RESULTS = v.message(
  v.optional(v.pipe(v.number(), v.safeInteger()), 1),
  'must be an integer (negative means no limit)',
);

/** `installationId` (query or path): required positive integer. */
export const INSTALLATION_ID = v.message(
  v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  'must be a positive integer',
);

/** `indexType`: one of the index names (case-sensitive), default `VENDOR_CAQI`. */
export const INDEX_TYPE = v.message(
  v.optional(v.picklist(INDEX_TYPE_NAMES), DEFAULT_INDEX_TYPE),
  `must be one of ${INDEX_TYPE_NAMES.join(', ')}`,
);
