import { describeValue } from '../arguments/describe-value.js';
import { purpleAirSensor } from '../import/purpleair-sensors-json.js';
import { purpleAirValues } from '../import/purpleair-values.js';
import { inNetworkBox, type NetworkBox } from '../payload/network-box.js';
import type { FollowedBatch, FollowedPlace, FollowedSample } from './followed-batch.js';

// The sensors of one poll's answers (one, or two across the antimeridian) turned into places and
// samples. A sensor is described and its values read exactly as `airq import --from purpleair`
// does (purpleAirSensor, purpleAirValues): the same installation, the same PM2.5 channels and
// A/B check, the same correction in the record.

/** How a sensor row is read: which rows are kept. */
export interface PurpleAirBatchOptions {
  /** Only sensors inside this box (edges included). */
  readonly box: NetworkBox;
  /** Whether inside sensors are kept (`location_type` 1). */
  readonly indoor: boolean;
}

type Row = Readonly<Record<string, unknown>>;

/** A field PurpleAir did not fill: `null` in its answer, or not there at all. */
const isMissing = (value: unknown): value is null | undefined =>
  value === null || value === undefined;

/**
 * The batch of a poll's sensors (objects keyed by field name). Each sensor becomes a place
 * keyed by its `sensor_index` (the first row of an index wins; a second one, as two answers
 * across the antimeridian may both send a sensor on 180°, is counted as `repeated`) and, when its
 * values pass, samples at its `last_seen` (Unix seconds). Counted in `skipped` and left out:
 * `no coordinates` (latitude or longitude null or absent), `unreadable sensor` (what the
 * importer refuses of a sensor list), `indoor` (unless `indoor`), `outside the box`; a kept
 * place without samples is counted as `no time` (no readable `last_seen`) or `unreadable value`
 * (the importer would refuse the line: a channel empty, out of range or disagreeing, …).
 *
 * @example
 * purpleAirBatch([{ sensor_index: 131075, name: 'Mariners Bluff', latitude: 33.51511, longitude: -117.67972,
 *   altitude: 569, location_type: 0, last_seen: 1667666162, humidity: 33, 'pm2.5_atm_a': 0, 'pm2.5_atm_b': 0 }],
 *   { box: { minLat: 33, minLng: -118, maxLat: 34, maxLng: -117 }, indoor: false }).samples;
 * // [{ sourceId: 131075, name: 'HUMIDITY', atMs: 1667666162000, value: 33 },
 * //  { sourceId: 131075, name: 'PM25', atMs: 1667666162000, value: 0 }]
 */
export function purpleAirBatch(
  entries: readonly unknown[],
  { box, indoor }: PurpleAirBatchOptions,
): FollowedBatch {
  const places: FollowedPlace[] = [];
  const samples: FollowedSample[] = [];
  const skipped: Record<string, number> = {};
  const skip = (reason: string): void => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const seen = new Set<number>();
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) {
      skip('unreadable sensor');
      continue;
    }
    const row = entry as Row;
    if (isMissing(row.latitude) || isMissing(row.longitude)) {
      skip('no coordinates');
      continue;
    }
    const sensor = purpleAirSensor(entry);
    if (typeof sensor === 'string') {
      skip('unreadable sensor');
      continue;
    }
    if (sensor.plan.where === 'inside' && !indoor) {
      skip('indoor');
      continue;
    }
    if (!inNetworkBox(box, sensor.latitude, sensor.longitude)) {
      skip('outside the box');
      continue;
    }
    const sourceId = sensor.sensorIndex;
    if (seen.has(sourceId)) {
      skip('repeated');
      continue;
    }
    seen.add(sourceId);
    const { id: _id, ...installation } = sensor.describe(sourceId);
    places.push({ sourceId, installation });

    const lastSeen = row.last_seen;
    if (!(Number.isSafeInteger(lastSeen) && (lastSeen as number) > 0)) {
      skip('no time');
      continue;
    }
    const atMs = (lastSeen as number) * 1000;
    const reasons: string[] = [];
    const values = purpleAirValues(
      (field) => {
        const value = row[field];
        if (isMissing(value)) return undefined;
        if (typeof value === 'number' && Number.isFinite(value)) return value;
        reasons.push(`${field} must be a number, got ${describeValue(value)}`);
        return undefined;
      },
      sensor.plan,
      reasons,
    );
    if (reasons.length > 0) {
      skip('unreadable value');
      continue;
    }
    for (const { name, value } of values) samples.push({ sourceId, name, atMs, value });
  }
  return { places, samples, skipped };
}
