import { checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkNetworkBox } from '../payload/network-box.js';
import type { FollowOptions } from './followed-batch.js';

// The options every source factory takes, checked in one place: the CLI hands them over ready,
// a program may not, and each source would otherwise check (and word) them its own way.

/** What a base URL must be, in the messages of the flag and of the source factories. */
export const BASE_URL_EXPECTATION = 'an http(s) URL without credentials, query or fragment';

const HTTP_URL = /^https?:\/\/[^/?#\s]+[^?#\s]*$/i;

/**
 * A source's base URL as the sources append their paths to it: an http(s) URL without
 * credentials (keys travel apart), query or fragment, its trailing slashes removed; `undefined`
 * for any other text. The one rule of `--follow-url` and of {@link sourceOptions}.
 *
 * @example
 * followedBaseUrl('http://127.0.0.1:9000/openaq/'); // 'http://127.0.0.1:9000/openaq'
 * followedBaseUrl('https://user:secret@example.org'); // undefined
 */
export function followedBaseUrl(text: unknown): string | undefined {
  if (typeof text !== 'string' || !HTTP_URL.test(text) || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') return undefined;
  return text.replace(/\/+$/, '');
}

/**
 * Checks the options of a source factory and gives them back with the base URL as
 * {@link followedBaseUrl} reads it, so that `https://data.sensor.community/` and
 * `https://data.sensor.community` ask the same URLs. The key is the factory's to check (only
 * some sources need one).
 *
 * @param functionName - the factory, named in every message
 * @throws TypeError naming `options`, `options.indoor` or `options.baseUrl` (a text with an `@`
 *   is not shown: it may hold a password), TypeError / RangeError naming `box.<edge>` for a box
 *   that is not a `NetworkBox`
 * @example
 * sourceOptions('sensorCommunitySource', { box, indoor: false, baseUrl: 'https://data.sensor.community/' }).baseUrl;
 * // 'https://data.sensor.community'
 * sourceOptions('sensorCommunitySource', { box, indoor: false, baseUrl: 'data.sensor.community' });
 * // TypeError: sensorCommunitySource: options.baseUrl must be an http(s) URL without credentials, query or fragment, got "data.sensor.community"
 */
export function sourceOptions(functionName: string, options: FollowOptions): FollowOptions {
  checkObject(functionName, 'options', options);
  checkNetworkBox(functionName, options.box);
  const { indoor } = options;
  if (typeof indoor !== 'boolean') {
    throw argumentError(TypeError, functionName, 'options.indoor', 'must be a boolean', indoor);
  }
  const baseUrl = followedBaseUrl(options.baseUrl);
  if (baseUrl === undefined) {
    const expectation = `must be ${BASE_URL_EXPECTATION}`;
    const text = options.baseUrl;
    const shown =
      typeof text === 'string' && text.includes('@') ? '(a text with @, not shown)' : text;
    throw argumentError(TypeError, functionName, 'options.baseUrl', expectation, shown);
  }
  return { ...options, box: { ...options.box }, baseUrl };
}
