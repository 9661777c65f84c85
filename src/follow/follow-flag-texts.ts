import { describeValue } from '../arguments/describe-value.js';
import { BASE_URL_EXPECTATION, followedBaseUrl } from './follow-source-options.js';
import type { FollowedSourceName } from './followed-batch.js';

// The small readings shared by the `--follow…` flags: `SOURCE=VALUE`, and a base URL. Their
// messages have the shape of every CLI usage error (`--flag must be …, got "text"`), and a text
// that may hold credentials is never echoed.

/** A `--follow…` flag that cannot be read; its message is the CLI's usage error. */
export class FollowFlagError extends Error {
  override readonly name = 'FollowFlagError';
}

/**
 * The usage error of a flag's bad value: `${flag} ${expectation}, got ${text}`. A text with an
 * `@` is not shown, since a URL's credentials come before one.
 *
 * @example
 * followFlagError('--follow-url', 'must be SOURCE=URL', 'openaq').message;
 * // '--follow-url must be SOURCE=URL, got "openaq"'
 */
export function followFlagError(flag: string, expectation: string, text: string): FollowFlagError {
  const shown = text.includes('@')
    ? 'a text with @ (not shown: it may hold a password)'
    : describeValue(text);
  return new FollowFlagError(`${flag} ${expectation}, got ${shown}`);
}

/**
 * Splits `SOURCE=VALUE` (`openaq=5m`); `undefined` for a text without `=`. The source must be
 * one of `followed` (`--follow` names it).
 *
 * @throws FollowFlagError for an unknown source or one that is not followed
 * @example
 * sourceAssignment('--follow-every', 'openaq=5m', ['openaq'], ['sensor-community', 'openaq', 'purpleair']);
 * // { name: 'openaq', value: '5m' }
 */
export function sourceAssignment(
  flag: string,
  text: string,
  followed: readonly FollowedSourceName[],
  known: readonly FollowedSourceName[],
): { readonly name: FollowedSourceName; readonly value: string } | undefined {
  const at = text.indexOf('=');
  if (at < 0) return undefined;
  const name = known.find((source) => source === text.slice(0, at));
  if (name === undefined) {
    const expectation = `must start with a source (${known.join(', ')}) before =`;
    throw followFlagError(flag, expectation, text);
  }
  if (!followed.includes(name))
    throw new FollowFlagError(
      `${flag} names ${name}, which is not followed (add --follow ${name})`,
    );
  return { name, value: text.slice(at + 1) };
}

/**
 * A source's base URL from `--follow-url`, read as the sources read one (`followedBaseUrl`:
 * http or https, no credentials, no query or fragment, trailing slashes removed).
 *
 * @throws FollowFlagError naming the flag and the source
 * @example
 * followBaseUrl('openaq', 'http://127.0.0.1:9000/openaq/'); // 'http://127.0.0.1:9000/openaq'
 */
export function followBaseUrl(name: FollowedSourceName, text: string): string {
  const url = followedBaseUrl(text);
  if (url === undefined) {
    throw followFlagError(`--follow-url ${name}`, `must be ${BASE_URL_EXPECTATION}`, text);
  }
  return url;
}
