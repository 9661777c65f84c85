import { describeValue } from '../arguments/describe-value.js';
import { durationTextMs } from '../cli/duration-text.js';
import { BOX_LATITUDE, BOX_LONGITUDE, boxViolations } from '../http/network-params.js';
import { parseParams } from '../http/query-params.js';
import type { NetworkBox } from '../payload/network-box.js';
import { MS_PER_DAY } from '../time/instant.js';
import {
  FollowFlagError,
  followBaseUrl,
  followFlagError,
  sourceAssignment,
} from './follow-flag-texts.js';
import type { FollowedSourceName, FollowOptions } from './followed-batch.js';
import { OPENAQ_BASE_URL, OPENAQ_DEFAULT_EVERY_MS } from './openaq-source.js';
import { PURPLEAIR_BASE_URL, PURPLEAIR_DEFAULT_EVERY_MS } from './purpleair-request.js';
import { SENSOR_COMMUNITY_BASE_URL, SENSOR_COMMUNITY_EVERY_MS } from './sensor-community-source.js';

// The `--follow…` flags of `airq` (serving), checked as a whole: which sources, the box, each
// source's interval and base URL, indoor places, and the keys from the environment. Pure: the
// command line's texts in, a config or one message out, so the CLI turns the message into its
// usage error and every combination is testable without a process.

/** What airq knows of a followed source before any flag: where it is, how often, which key. */
export interface FollowedSourceDefaults {
  /** The source's name as people write it, for messages. */
  readonly title: string;
  /** The production base URL, without a trailing slash (the source appends its paths). */
  readonly baseUrl: string;
  /** The default interval between polls, in ms (see each entry for why). */
  readonly everyMs: number;
  /** The environment variable of the source's key; `undefined` when it needs none. */
  readonly keyVariable: string | undefined;
}

/**
 * Every followed source's defaults, the one table the CLI reads. The URLs and intervals are
 * the sources' own constants, where each says why: Sensor.Community's file changes every
 * minute ({@link SENSOR_COMMUNITY_EVERY_MS}); OpenAQ's data are mostly hourly and a key may make
 * 2,000 requests an hour ({@link OPENAQ_DEFAULT_EVERY_MS}, 10 minutes); PurpleAir charges
 * points per field and row ({@link PURPLEAIR_DEFAULT_EVERY_MS}, 10 minutes).
 *
 * @example
 * FOLLOWED_SOURCES.openaq.keyVariable; // 'AIRQ_OPENAQ_KEY'
 */
export const FOLLOWED_SOURCES: Readonly<Record<FollowedSourceName, FollowedSourceDefaults>> =
  Object.freeze({
    'sensor-community': Object.freeze({
      title: 'Sensor.Community',
      baseUrl: SENSOR_COMMUNITY_BASE_URL,
      everyMs: SENSOR_COMMUNITY_EVERY_MS,
      keyVariable: undefined,
    }),
    openaq: Object.freeze({
      title: 'OpenAQ',
      baseUrl: OPENAQ_BASE_URL,
      everyMs: OPENAQ_DEFAULT_EVERY_MS,
      keyVariable: 'AIRQ_OPENAQ_KEY',
    }),
    purpleair: Object.freeze({
      title: 'PurpleAir',
      baseUrl: PURPLEAIR_BASE_URL,
      everyMs: PURPLEAIR_DEFAULT_EVERY_MS,
      keyVariable: 'AIRQ_PURPLEAIR_KEY',
    }),
  });

/** The names `--follow` takes, in the order the help lists them. */
export const FOLLOWED_SOURCE_NAMES: readonly FollowedSourceName[] = Object.freeze([
  'sensor-community',
  'openaq',
  'purpleair',
]);

/** The shortest and longest `--follow-every`, in ms: 1 s (a test server), 1 day. */
export const FOLLOW_EVERY_RANGE_MS = Object.freeze({ min: 1000, max: MS_PER_DAY });

/** The texts of the `--follow…` flags as the command line gave them. */
export interface FollowFlags {
  /** Each `--follow SOURCE`. */
  readonly follow: readonly string[];
  /** `--follow-box minLat,minLng,maxLat,maxLng`. */
  readonly box: string | undefined;
  /** Each `--follow-every DURATION` or `SOURCE=DURATION`. */
  readonly every: readonly string[];
  /** Each `--follow-url SOURCE=URL`. */
  readonly url: readonly string[];
  /** `--follow-indoor`. */
  readonly indoor: boolean;
}

/** One followed source as the server starts it: what its poll is given, and its interval. */
export interface FollowedSourceConfig extends FollowOptions {
  readonly name: FollowedSourceName;
  /** The interval between polls, in ms: `--follow-every`, else the source's default. */
  readonly everyMs: number;
}

/** The followed sources, in `--follow` order; they share one box and one indoor choice. */
export interface FollowConfig {
  readonly sources: readonly FollowedSourceConfig[];
}

/** A {@link readFollowConfig} result: the config (`undefined` without `--follow`) or why not. */
export type FollowConfigResult =
  | { readonly ok: true; readonly config: FollowConfig | undefined }
  | { readonly ok: false; readonly message: string };

const EDGES = ['minLat', 'minLng', 'maxLat', 'maxLng'] as const;
const BOX_RULES = Object.freeze({
  minLat: BOX_LATITUDE,
  minLng: BOX_LONGITUDE,
  maxLat: BOX_LATITUDE,
  maxLng: BOX_LONGITUDE,
});

/**
 * Reads `--follow-box` with the network route's rules (plain decimals, latitudes in [−90, 90],
 * longitudes in [−180, 180], `minLat` at most `maxLat`; `minLng > maxLng` crosses 180°).
 *
 * @throws FollowFlagError with the flag's usage error (caught by {@link readFollowConfig})
 * @example
 * readFollowBox('49.97,19.79,50.13,20.22'); // { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 }
 */
export function readFollowBox(text: string): NetworkBox {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4 || parts.includes(''))
    throw followFlagError(
      '--follow-box',
      'must be four decimal degrees minLat,minLng,maxLat,maxLng',
      text,
    );
  const raw = new Map(EDGES.map((edge, index) => [edge, [parts[index]!]]));
  const parsed = parseParams(BOX_RULES, raw);
  const [violation] = parsed.ok ? boxViolations(raw, parsed.values) : parsed.violations;
  if (violation !== undefined || !parsed.ok) {
    const { parameter, message, rejectedValue } = violation!;
    const got = describeValue(rejectedValue);
    throw new FollowFlagError(`--follow-box ${parameter} ${message}, got ${got}`);
  }
  const { minLat, minLng, maxLat, maxLng } = parsed.values as Record<string, number>;
  return { minLat: minLat!, minLng: minLng!, maxLat: maxLat!, maxLng: maxLng! };
}

const EVERY_EXPECTATION =
  'must be a duration from 1s to 1d such as 30s, 5m or 1h, or SOURCE=DURATION';

function everyMs(text: string, duration: string): number {
  const ms = durationTextMs(duration, ['d', 'h', 'm', 's']) ?? Number.NaN;
  if (!(ms >= FOLLOW_EVERY_RANGE_MS.min && ms <= FOLLOW_EVERY_RANGE_MS.max))
    throw followFlagError('--follow-every', EVERY_EXPECTATION, text);
  return ms;
}

// A key comes from its variable only (a flag would show it in `ps`); blank there means unset.
// Whatever is wrong with it, the message names the variable and never the key.
function sourceKey(name: FollowedSourceName, env: Readonly<Record<string, string | undefined>>) {
  const { keyVariable, title } = FOLLOWED_SOURCES[name];
  if (keyVariable === undefined) return {};
  const key = env[keyVariable]?.trim() ?? '';
  if (key === '')
    throw new FollowFlagError(
      `--follow ${name} needs ${title}'s API key in ${keyVariable}, which is not set`,
    );
  if (!/^[\x21-\x7e]+$/.test(key))
    throw new FollowFlagError(
      `${keyVariable} must be visible ASCII without spaces (the key is not shown)`,
    );
  return { key };
}

function readConfig(flags: FollowFlags, env: Readonly<Record<string, string | undefined>>) {
  if (flags.follow.length === 0) {
    const given = [
      flags.box === undefined ? [] : ['--follow-box'],
      flags.every.length === 0 ? [] : ['--follow-every'],
      flags.url.length === 0 ? [] : ['--follow-url'],
      flags.indoor ? ['--follow-indoor'] : [],
    ].flat();
    if (given.length > 0)
      throw new FollowFlagError(`${given[0]} needs --follow SOURCE (what to follow)`);
    return undefined;
  }
  const names: FollowedSourceName[] = [];
  for (const text of flags.follow) {
    const name = FOLLOWED_SOURCE_NAMES.find((known) => known === text);
    if (name === undefined)
      throw followFlagError('--follow', `must be one of ${FOLLOWED_SOURCE_NAMES.join(', ')}`, text);
    if (names.includes(name)) throw new FollowFlagError(`--follow names ${name} twice`);
    names.push(name);
  }
  if (flags.box === undefined)
    throw new FollowFlagError(
      '--follow needs --follow-box minLat,minLng,maxLat,maxLng (the area to follow; minLng > maxLng crosses 180°)',
    );
  const box = readFollowBox(flags.box);
  const every = new Map<FollowedSourceName | '', number>();
  for (const text of flags.every) {
    const assigned = sourceAssignment('--follow-every', text, names, FOLLOWED_SOURCE_NAMES);
    const source = assigned?.name ?? '';
    if (every.has(source))
      throw new FollowFlagError(
        `--follow-every gives ${source === '' ? 'the interval of every source' : source} twice`,
      );
    every.set(source, everyMs(text, assigned?.value ?? text));
  }
  const urls = new Map<FollowedSourceName, string>();
  for (const text of flags.url) {
    const assigned = sourceAssignment('--follow-url', text, names, FOLLOWED_SOURCE_NAMES);
    if (assigned === undefined) throw followFlagError('--follow-url', 'must be SOURCE=URL', text);
    if (urls.has(assigned.name))
      throw new FollowFlagError(`--follow-url gives ${assigned.name} twice`);
    urls.set(assigned.name, followBaseUrl(assigned.name, assigned.value));
  }
  const sources = names.map(
    (name): FollowedSourceConfig => ({
      name,
      everyMs: every.get(name) ?? every.get('') ?? FOLLOWED_SOURCES[name].everyMs,
      box,
      indoor: flags.indoor,
      baseUrl: urls.get(name) ?? FOLLOWED_SOURCES[name].baseUrl,
      ...sourceKey(name, env),
    }),
  );
  return { sources };
}

/**
 * Checks the `--follow…` flags together and gives the followed sources with their defaults
 * filled in (interval, base URL), or the one message saying what is wrong (a flag without
 * `--follow`, an unknown source, a bad box, interval or URL, a missing key). Pure.
 *
 * @param env - the environment (`AIRQ_OPENAQ_KEY` and `AIRQ_PURPLEAIR_KEY` are read, for the
 *   followed sources that need them; no message ever shows a key)
 * @example
 * readFollowConfig({ follow: ['sensor-community'], box: '49.97,19.79,50.13,20.22', every: [], url: [], indoor: false }, {});
 * // { ok: true, config: { sources: [{ name: 'sensor-community', everyMs: 60000, box: {…}, indoor: false, baseUrl: 'https://data.sensor.community' }] } }
 */
export function readFollowConfig(
  flags: FollowFlags,
  env: Readonly<Record<string, string | undefined>>,
): FollowConfigResult {
  try {
    return { ok: true, config: readConfig(flags, env) };
  } catch (error) {
    if (error instanceof FollowFlagError) return { ok: false, message: error.message };
    throw error;
  }
}
