/** One element of an `Accept`-style list header. */
interface ListElement {
  /** Lower-case value (`application/json`, `gzip`, `*`). */
  readonly value: string;
  /** Quality in [0, 1]; 1 when not given. */
  readonly q: number;
}

// RFC 9110 qvalue: 0, 0.5, 0.125, 1, 1.000. Anything else makes the element invalid.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
const MEDIA_RANGE = /^(?:\*\/\*|[a-z0-9!#$&^_.+-]+\/(?:\*|[a-z0-9!#$&^_.+-]+))$/;

/**
 * Splits an `Accept`, `Accept-Encoding` or similar header into its elements with their
 * q-values. Elements with a malformed q-value are dropped, as if the client had not sent them.
 *
 * @example
 * parseQualityList('gzip;q=0.5, br'); // [{ value: 'gzip', q: 0.5 }, { value: 'br', q: 1 }]
 */
export function parseQualityList(header: string): ListElement[] {
  const elements: ListElement[] = [];
  for (const part of header.split(',')) {
    const [rawValue = '', ...params] = part.split(';');
    const value = rawValue.trim().toLowerCase();
    if (value === '') continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [name = '', paramValue = ''] = param.split('=');
      if (name.trim().toLowerCase() !== 'q') continue;
      const text = paramValue.trim();
      if (QVALUE.test(text)) q = Number(text);
      else valid = false;
    }
    if (valid) elements.push({ value, q });
  }
  return elements;
}

/**
 * Whether an `Accept` header allows `application/json`. The most specific matching range
 * decides (`application/json` over `application/*` over `*\/*`), so `application/json;q=0, *\/*`
 * refuses JSON. An absent, empty or entirely malformed header accepts anything, as HTTP allows.
 *
 * @example
 * acceptsJson(undefined);                         // true
 * acceptsJson('text/html, application/*;q=0.8');  // true
 * acceptsJson('text/xml');                        // false
 * acceptsJson('application/json;q=0');            // false
 */
export function acceptsJson(accept: string | undefined): boolean {
  // What real clients send almost always; both answer yes without parsing.
  if (accept === undefined || accept === 'application/json' || accept === '*/*') return true;
  const ranges = parseQualityList(accept).filter((element) => MEDIA_RANGE.test(element.value));
  if (ranges.length === 0) return true;
  let bestSpecificity = 0;
  let bestQ = 0;
  for (const range of ranges) {
    const specificity = jsonSpecificity(range.value);
    if (specificity > bestSpecificity) {
      bestSpecificity = specificity;
      bestQ = range.q;
    } else if (specificity === bestSpecificity && specificity > 0) {
      bestQ = Math.max(bestQ, range.q);
    }
  }
  return bestSpecificity > 0 && bestQ > 0;
}

function jsonSpecificity(mediaRange: string): number {
  if (mediaRange === 'application/json') return 3;
  if (mediaRange === 'application/*') return 2;
  if (mediaRange === '*/*') return 1;
  return 0;
}

/**
 * Whether an `Accept-Encoding` header asks for gzip: an explicit `gzip` (or the old alias
 * `x-gzip`) decides by its q-value; otherwise `*` does; otherwise no.
 *
 * @example
 * acceptsGzip('gzip, deflate, br'); // true
 * acceptsGzip('gzip;q=0, *');       // false
 * acceptsGzip('*');                 // true
 * acceptsGzip(undefined);           // false
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  if (acceptEncoding === 'gzip') return true;
  let explicitQ: number | undefined;
  let wildcardQ: number | undefined;
  for (const element of parseQualityList(acceptEncoding)) {
    if (element.value === 'gzip' || element.value === 'x-gzip')
      explicitQ = Math.max(explicitQ ?? 0, element.q);
    else if (element.value === '*') wildcardQ = Math.max(wildcardQ ?? 0, element.q);
  }
  return (explicitQ ?? wildcardQ ?? 0) > 0;
}
