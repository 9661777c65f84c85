import { openAqReading } from '../import/openaq-json.js';
import { OPENAQ_PARAMETERS } from '../import/openaq-parameters.js';
import type { FollowedSample } from './followed-batch.js';
import type { OpenAqLatestRead } from './openaq-locations.js';
import { openAqResults } from './openaq-requests.js';

// GET /v3/locations/{id}/latest answers one result per sensor: `{ datetime: { utc, local },
// value, coordinates, sensorsId, locationsId }`. The result names neither the parameter nor the
// units, so both come from the location's `sensors[]` (read with the list), and the value is
// read by the importer's openAqReading: the same mapping and units, and OpenAQ's time-ending
// `datetime` kept as the sample's time, as a measurements page's `period.datetimeTo` is
// (https://docs.openaq.org/resources/latest).

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The samples of one location's latest answer. A value is skipped, and counted in `skipped` by
 * reason, when its sensor is not one the location lists (`unknown sensor`), when its parameter
 * has no airq type (`parameter airq does not read`, e.g. `nox`, `bc`), or when the importer
 * would refuse it (`refused value`: no time, not a number, units it cannot convert, out of
 * range). An answer that is not an OpenAQ page throws a `PollFailure`.
 *
 * @param skipped - counts by reason, added to
 * @example
 * openAqLatestSamples({ results: [{ datetime: { utc: '2025-11-26T17:00:00Z' }, value: 3.6, sensorsId: 3920, locationsId: 2178 }] },
 *   { locationId: 2178, sensors: new Map([[3920, { id: 3920, parameter: 'pm25', units: 'µg/m³' }]]) }, {});
 * // [{ sourceId: 2178, name: 'PM25', atMs: 1764176400000, value: 3.6 }]
 */
export function openAqLatestSamples(
  body: unknown,
  read: OpenAqLatestRead,
  skipped: Record<string, number>,
): FollowedSample[] {
  const skip = (reason: string) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const samples: FollowedSample[] = [];
  for (const result of openAqResults(body, 'latest').results) {
    if (!isObject(result)) {
      skip('refused value');
      continue;
    }
    const sensor = read.sensors.get(result.sensorsId as number);
    if (sensor === undefined) {
      skip('unknown sensor');
      continue;
    }
    if (!Object.hasOwn(OPENAQ_PARAMETERS, sensor.parameter)) {
      skip('parameter airq does not read');
      continue;
    }
    const reading =
      sensor.units === null
        ? 'the location gives no units'
        : openAqReading({
            utc: isObject(result.datetime) ? result.datetime.utc : undefined,
            utcField: 'datetime.utc',
            value: result.value,
            parameter: sensor.parameter,
            units: sensor.units,
          });
    if (typeof reading === 'string') skip('refused value');
    else samples.push({ sourceId: read.locationId, ...reading });
  }
  return samples;
}
