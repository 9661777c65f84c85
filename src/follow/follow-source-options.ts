import { checkNonEmptyString, checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkNetworkBox } from '../payload/network-box.js';
import type { FollowOptions } from './followed-batch.js';

// The options every source factory takes, checked in one place: the CLI hands them over ready,
// a program may not, and each source would otherwise check (and word) them its own way.

/**
 * Checks the options of a source factory and gives them back with the base URL's trailing
 * slashes removed, so that `https://data.sensor.community/` and `https://data.sensor.community`
 * ask the same URLs. The key is the factory's to check (only some sources need one).
 *
 * @param functionName - the factory, named in every message
 * @throws TypeError naming `options`, `options.indoor` or `options.baseUrl` (an absolute URL),
 *   TypeError / RangeError naming `box.<edge>` for a box that is not a `NetworkBox`
 * @example
 * sourceOptions('sensorCommunitySource', { box, indoor: false, baseUrl: 'https://data.sensor.community/' }).baseUrl;
 * // 'https://data.sensor.community'
 * sourceOptions('sensorCommunitySource', { box, indoor: false, baseUrl: 'data.sensor.community' });
 * // TypeError: sensorCommunitySource: options.baseUrl must be an absolute URL, got "data.sensor.community"
 */
export function sourceOptions(functionName: string, options: FollowOptions): FollowOptions {
  checkObject(functionName, 'options', options);
  checkNetworkBox(functionName, options.box);
  const { indoor, baseUrl } = options;
  if (typeof indoor !== 'boolean') {
    throw argumentError(TypeError, functionName, 'options.indoor', 'must be a boolean', indoor);
  }
  checkNonEmptyString(functionName, 'options.baseUrl', baseUrl, 'an absolute URL');
  if (!URL.canParse(baseUrl)) {
    const expectation = 'must be an absolute URL';
    throw argumentError(TypeError, functionName, 'options.baseUrl', expectation, baseUrl);
  }
  return { ...options, box: { ...options.box }, baseUrl: baseUrl.replace(/\/+$/, '') };
}
