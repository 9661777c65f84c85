// The spelling check of record keys: a key that misses a known name only by case or
// punctuation is a typo, and saying so beats ignoring the value without a word.
import { argumentError } from './describe-value.js';

/**
 * Throws when a key of `value` is not one of `names` (or `moreNames`) but differs from one only
 * in case or punctuation (`PM2.5`, `pm25` and `Pm-25` for `PM25`): a typo that would otherwise
 * be ignored without a word. Every other key passes, so records with further names stay valid.
 *
 * @param names - the names as they must be spelt
 * @param moreNames - more such names (two lists, so that no caller has to join them per call)
 * @throws TypeError naming the key and the right spelling
 * @example
 * checkKeySpelling('computeIndex', 'concentrations', { 'PM2.5': 30 }, ['PM25']);
 * // TypeError: computeIndex: concentrations key must be spelt "PM25", got "PM2.5"
 */
export function checkKeySpelling(
  functionName: string,
  parameterName: string,
  value: object,
  names: readonly string[],
  moreNames: readonly string[] = [],
): void {
  // `for…in` with an own-property test rather than Object.keys: the check runs on every index
  // computation, and this way it allocates nothing unless it throws.
  for (const key in value) {
    if (!Object.hasOwn(value, key) || names.includes(key) || moreNames.includes(key)) continue;
    const meant = looseMatch(key, names) ?? looseMatch(key, moreNames);
    if (meant !== undefined) {
      const expectation = `must be spelt ${JSON.stringify(meant)}`;
      throw argumentError(TypeError, functionName, `${parameterName} key`, expectation, key);
    }
  }
}

/**
 * Throws when `value` has an own key that is not one of `names`: for option objects, where a
 * key nothing reads is a mistake (a typo, or an option of another mode) that would otherwise
 * be ignored without a word.
 *
 * @throws TypeError naming the first unknown key and the known ones
 * @example
 * checkKnownKeys('f', 'options', { kapa: 0.3 }, ['method', 'kappa']);
 * // TypeError: f: options key must be one of method, kappa, got "kapa"
 */
export function checkKnownKeys(
  functionName: string,
  parameterName: string,
  value: object,
  names: readonly string[],
): void {
  for (const key in value) {
    if (!Object.hasOwn(value, key) || names.includes(key)) continue;
    const expectation = `must be one of ${names.join(', ')}`;
    throw argumentError(TypeError, functionName, `${parameterName} key`, expectation, key);
  }
}

// The first of `names` that `key` equals up to case and punctuation.
function looseMatch(key: string, names: readonly string[]): string | undefined {
  for (const name of names) if (sameLoosely(key, name)) return name;
  return undefined;
}

// Whether `a` and `b` are equal once case and everything but ASCII letters and digits are
// ignored; walks both strings in place, so the check of a hot call allocates nothing.
function sameLoosely(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && !isAsciiAlphanumeric(a.charCodeAt(i))) i++;
    while (j < b.length && !isAsciiAlphanumeric(b.charCodeAt(j))) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (asciiUpper(a.charCodeAt(i)) !== asciiUpper(b.charCodeAt(j))) return false;
    i++;
    j++;
  }
}

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function asciiUpper(code: number): number {
  return code >= 97 && code <= 122 ? code - 32 : code;
}
