import {
  DEFAULT_INDEX_TYPE,
  INDEX_TYPE_NAMES,
  type IndexTypeName,
  isIndexTypeName,
} from '../indexes/index-table.js';
import type { Violation } from './api-error.js';

/** Parameter name → every value it was sent with, in order. */
export type RawParams = ReadonlyMap<string, readonly string[]>;

/** Outcome of parsing one parameter value. */
export type ParamParse<V> =
  | { readonly ok: true; readonly value: V }
  | { readonly ok: false; readonly message: string };

/**
 * The JSON Schema (2020-12) of the values a rule accepts, as the OpenAPI document publishes
 * it. It sits beside `parse` so the two are written together; `test/http/openapi.test.ts`
 * checks that they accept the same values.
 */
export interface ParamSchema {
  readonly type: 'number' | 'integer' | 'string';
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
}

/**
 * How one parameter is read. Without `defaultValue` it is required: missing or empty is a
 * violation. With it, missing or empty means the default (clients send `maxResults=` when the
 * user gave nothing).
 */
export interface ParamRule<V> {
  readonly parse: (text: string) => ParamParse<V>;
  readonly defaultValue?: V;
  readonly schema: ParamSchema;
}

/** A route's parameters by name. */
export type ParamRules = Readonly<Record<string, ParamRule<unknown>>>;

/** The parsed values of a rule set, defaults filled in. */
export type ParsedParams<R extends ParamRules> = {
  readonly [K in keyof R]: R[K] extends ParamRule<infer V> ? V : never;
};

// Plain decimals only: no exponent, no hex, no NaN/Infinity, no spaces. Number() alone would
// accept all of those, and `parseFloat` would accept `12abc`.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;

/**
 * Reads a strict finite decimal (`50.062006`, `-3`, `3.000000`, `.5`).
 *
 * @returns the number, or `undefined` for anything else (`1e3`, `0x10`, `NaN`, `12abc`, `1e999`)
 * @example
 * parseDecimal('3.000000'); // 3
 * parseDecimal('1e3');      // undefined
 */
export function parseDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  // A decimal with hundreds of digits overflows to Infinity.
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Reads a strict safe integer (`12`, `-1`, `007`).
 *
 * @returns the number, or `undefined` for anything else (`1.0`, `1e2`, `9007199254740993`)
 * @example
 * parseSafeInteger('-1');  // -1
 * parseSafeInteger('1.5'); // undefined
 */
export function parseSafeInteger(text: string): number | undefined {
  if (!INTEGER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

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
      violations.push({
        parameter,
        message: `must be given once, got ${sent.length} values`,
        rejectedValue: sent,
      });
      continue;
    }
    const text = sent[0];
    if (text === undefined || text === '') {
      if ('defaultValue' in rule) values[parameter] = rule.defaultValue;
      else violations.push({ parameter, message: 'is required', rejectedValue: text ?? null });
      continue;
    }
    const parsed = rule.parse(text);
    if (parsed.ok) values[parameter] = parsed.value;
    else violations.push({ parameter, message: parsed.message, rejectedValue: text });
  }
  if (violations.length > 0) return { ok: false, violations };
  // Every declared key was filled from its own rule above, so the record has the declared shape.
  return { ok: true, values: values as ParsedParams<R> };
}

function decimalInRange(min: number, max: number): (text: string) => ParamParse<number> {
  const message = `must be a decimal number in [${min}, ${max}]`;
  return (text) => {
    const value = parseDecimal(text);
    return value !== undefined && value >= min && value <= max
      ? { ok: true, value }
      : { ok: false, message };
  };
}

function degreesRule(limit: number): ParamRule<number> {
  return Object.freeze({
    parse: decimalInRange(-limit, limit),
    schema: Object.freeze({ type: 'number', minimum: -limit, maximum: limit }),
  });
}

/** `lat`: required decimal degrees in [-90, 90]. */
export const LATITUDE: ParamRule<number> = degreesRule(90);

/** `lng`: required decimal degrees in [-180, 180]. */
export const LONGITUDE: ParamRule<number> = degreesRule(180);

// A limit where a negative value means none, read by `parse`; empty or absent means the default.
function limitRule(
  parse: (text: string) => number | undefined,
  kind: string,
  defaultValue: number,
  schema: ParamSchema,
): ParamRule<number> {
  const message = `must be ${kind} (negative means no limit)`;
  return Object.freeze({
    parse: (text: string): ParamParse<number> => {
      const value = parse(text);
      return value === undefined ? { ok: false, message } : { ok: true, value };
    },
    defaultValue,
    schema: Object.freeze(schema),
  });
}

/** `maxDistanceKM`: decimal km, default 3.0; negative means no limit. */
export const MAX_DISTANCE_KM: ParamRule<number> = limitRule(parseDecimal, 'a decimal number', 3, {
  type: 'number',
});

/** `maxResults`: integer, default 1; negative means no limit. */
export const MAX_RESULTS: ParamRule<number> = limitRule(parseSafeInteger, 'an integer', 1, {
  type: 'integer',
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
});

/** `installationId` (query or path): required positive integer. */
export const INSTALLATION_ID: ParamRule<number> = Object.freeze({
  parse: (text: string): ParamParse<number> => {
    const value = parseSafeInteger(text);
    return value !== undefined && value > 0
      ? { ok: true, value }
      : { ok: false, message: 'must be a positive integer' };
  },
  schema: Object.freeze({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

/** `indexType`: one of the index names (case-sensitive), default `VENDOR_CAQI`. */
export const INDEX_TYPE: ParamRule<IndexTypeName> = Object.freeze({
  parse: (text: string): ParamParse<IndexTypeName> =>
    isIndexTypeName(text)
      ? { ok: true, value: text }
      : { ok: false, message: `must be one of ${INDEX_TYPE_NAMES.join(', ')}` },
  defaultValue: DEFAULT_INDEX_TYPE,
  schema: Object.freeze({ type: 'string', enum: INDEX_TYPE_NAMES }),
});
