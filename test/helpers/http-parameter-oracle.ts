import { REFERENCE_ALL_INDEX_TYPE_NAMES } from './index-reference-tables.js';

// The test suite's own reading of the spec's request parameters, written without src: which
// parameters each route takes, which sent values are acceptable, and what a query string sends.
// The adapter's 400 answers are checked against it.

/** Parameters of each route, from the spec's endpoint tables. */
export const ROUTE_PARAMETERS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'installations/nearest': ['lat', 'lng', 'maxDistanceKM', 'maxResults'],
  'installations/{id}': ['installationId'],
  'measurements/installation': ['installationId', 'indexType'],
  'measurements/nearest': ['lat', 'lng', 'maxDistanceKM', 'indexType'],
  'measurements/point': ['lat', 'lng', 'indexType'],
  'meta/indexes': [],
  'meta/measurements': [],
});

// The spec's indexType values, then the six national indexes that issue 10 (§3) adds to
// every measurement route; case-sensitive, as the spec spells them.
const INDEX_TYPES = REFERENCE_ALL_INDEX_TYPE_NAMES;

// The spec gives these a default; the others are required.
const OPTIONAL = new Set(['maxDistanceKM', 'maxResults', 'indexType']);

/**
 * Oracle: whether one sent value of a parameter is acceptable under the spec's rules (an empty
 * value stands for "not given").
 *
 * @example
 * isValidParameterValue('lat', '50.062006'); // true
 * isValidParameterValue('lat', '200');       // false
 */
export function isValidParameterValue(name: string, text: string): boolean {
  if (text === '') return OPTIONAL.has(name);
  const decimal = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) && Number.isFinite(Number(text));
  // An integer as JSON Schema counts one: `2.0` is 2 (issue 39), the zeros read from the text.
  const integer = /^[+-]?\d+(\.0*)?$/.test(text) && Number.isSafeInteger(Number(text));
  switch (name) {
    case 'lat':
      return decimal && Math.abs(Number(text)) <= 90;
    case 'lng':
      return decimal && Math.abs(Number(text)) <= 180;
    case 'maxDistanceKM':
      return decimal;
    case 'maxResults':
      return integer;
    case 'installationId':
      return integer && Number(text) > 0;
    case 'indexType':
      return INDEX_TYPES.includes(text);
    default:
      return true;
  }
}

/**
 * Route key of a normalised path (trailing slashes dropped), or undefined.
 *
 * @example
 * routeKeyOf('/v2/installations/7/'); // 'installations/{id}'
 */
export function routeKeyOf(path: string): string | undefined {
  const segments = path.replace(/\/+$/, '').split('/');
  if (segments[0] !== '' || segments[1] !== 'v2') return undefined;
  const rest = segments.slice(2).join('/');
  if (rest in ROUTE_PARAMETERS && rest !== 'installations/{id}') return rest;
  if (segments.length === 4 && segments[2] === 'installations' && segments[3] !== '')
    return 'installations/{id}';
  return undefined;
}

const PERCENT = 0x25;
const PLUS = 0x2b;
const SPACE = 0x20;

function hexDigit(byte: number | undefined): number | undefined {
  if (byte === undefined) return undefined;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : undefined;
}

// `+` is a space, `%XY` a byte, anything else (a lone `%`, `%G1`) stays as it is; the bytes
// are then read as UTF-8, a malformed sequence becoming U+FFFD.
function decodeFormText(text: string): string {
  const input = new TextEncoder().encode(text);
  const output: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const byte = input[i] as number; // i < length
    const high = byte === PERCENT ? hexDigit(input[i + 1]) : undefined;
    const low = byte === PERCENT ? hexDigit(input[i + 2]) : undefined;
    if (high !== undefined && low !== undefined) {
      output.push(high * 16 + low);
      i += 2;
    } else output.push(byte === PLUS ? SPACE : byte);
  }
  return new TextDecoder().decode(new Uint8Array(output));
}

/**
 * Oracle: what a query string sends, read as HTML forms encode it (pairs split on `&`, name and
 * value at the first `=`, `+` for space, percent-decoded UTF-8). Every value of a repeated name
 * is kept, in order; empty pairs (`&&`) send nothing.
 *
 * @example
 * sentParameters('lat=50&lat=51&lng=&a+b=%C4%85').get('lat'); // ['50', '51']
 * sentParameters('lat=50&lat=51&lng=&a+b=%C4%85').get('a b'); // ['ą']
 */
export function sentParameters(query: string): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeFormText(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeFormText(pair.slice(equals + 1));
    const values = sent.get(name);
    if (values === undefined) sent.set(name, [value]);
    else values.push(value);
  }
  return sent;
}
