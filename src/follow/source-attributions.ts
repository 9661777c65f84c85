import { checkOneOf } from '../arguments/argument-checks.js';
import type { FollowedSourceName } from './followed-batch.js';

// The credit and the licence each followed source asks for, shown on the page at `/` whenever
// the server follows that source (`--follow`). Data, not code: one frozen row per source, read
// by the CLI and handed to the page as it is.

/**
 * What the page shows for one followed source: the credit, linked to the source, and the
 * licence or terms its data come under, linked to their text. Plain text and absolute `https:`
 * URLs (the page escapes the text and links only `http(s)` URLs).
 */
export interface SourceAttribution {
  /** The credit as the source asks for it, e.g. `Sensor.Community`. */
  readonly text: string;
  /** Where the credit links to: the source's own site. */
  readonly url: string;
  /** The short name of the licence or terms, e.g. `ODbL 1.0`. */
  readonly licence: string;
  /** Where the licence's or terms' text is. */
  readonly licenceUrl: string;
}

/**
 * Every followed source's attribution:
 *
 * - **Sensor.Community**: its archive's licence note
 *   (https://archive.sensor.community/00disclamer.md, the page the airRohr firmware links its
 *   "Sensor.Community" credit to) puts the data under the Open Database License 1.0
 *   (https://opendatacommons.org/licenses/odbl/1-0/) and each value under the Database Contents
 *   License 1.0 (https://opendatacommons.org/licenses/dbcl/1-0/). ODbL §4.3 asks a work produced
 *   from the data and used in public to say where the data came from and under which licence:
 *   "Sensor.Community", linked to https://sensor.community, and "ODbL 1.0".
 * - **OpenAQ**: its Terms of Use (https://docs.openaq.org/about/terms) ask for credit to OpenAQ
 *   and for the terms of each original provider to be kept; every location carries its own
 *   licences (`licenses` of `/v3/locations`, https://docs.openaq.org/resources/licenses). The
 *   page credits "OpenAQ", linked to https://openaq.org, with the terms; each installation's
 *   provider is its sponsor, shown in its panel (as the OpenAQ importer sets it).
 * - **PurpleAir**: its API documentation (https://api.purpleair.com) asks users to follow its
 *   Terms of Service, Data License (https://www2.purpleair.com/pages/license: attribution under
 *   §4.8 of the terms) and Attribution Guide (https://www2.purpleair.com/pages/attribution): the
 *   data credited to PurpleAir with a link back to its site, https://www.purpleair.com (the
 *   link the PurpleAir importer gives its sponsor).
 *
 * @example
 * SOURCE_ATTRIBUTIONS['sensor-community'].licence; // → 'ODbL 1.0'
 */
export const SOURCE_ATTRIBUTIONS: Readonly<Record<FollowedSourceName, SourceAttribution>> =
  Object.freeze({
    'sensor-community': Object.freeze({
      text: 'Sensor.Community',
      url: 'https://sensor.community',
      licence: 'ODbL 1.0',
      licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    }),
    openaq: Object.freeze({
      text: 'OpenAQ',
      url: 'https://openaq.org',
      licence: 'Terms of Use',
      licenceUrl: 'https://docs.openaq.org/about/terms',
    }),
    purpleair: Object.freeze({
      text: 'PurpleAir',
      url: 'https://www.purpleair.com',
      licence: 'Data License',
      licenceUrl: 'https://www2.purpleair.com/pages/license',
    }),
  });

const NAMES = Object.freeze(Object.keys(SOURCE_ATTRIBUTIONS) as FollowedSourceName[]);

/**
 * The attributions of the followed sources, in the order first named, each once: what the page
 * at `/` shows (`createPageListener(next, { attributions })`). No source gives an empty list,
 * and the page then shows nothing more.
 *
 * @param names - the followed sources (`FollowConfig.sources[].name`)
 * @throws RangeError naming the value when a name is not a followed source
 * @example
 * sourceAttributions(['openaq', 'sensor-community', 'openaq']).map((a) => a.text);
 * // → ['OpenAQ', 'Sensor.Community']
 */
export function sourceAttributions(
  names: Iterable<FollowedSourceName>,
): readonly SourceAttribution[] {
  const seen = new Set<FollowedSourceName>();
  for (const name of names) {
    checkOneOf('sourceAttributions', 'names[]', name, NAMES);
    seen.add(name);
  }
  return Object.freeze([...seen].map((name) => SOURCE_ATTRIBUTIONS[name]));
}
