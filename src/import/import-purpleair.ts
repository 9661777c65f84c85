import { readFile } from 'node:fs/promises';
import type { ImportContext } from './import-context.js';
import { keepRow, rejectRow } from './import-context.js';
import type { InputFile } from './input-files.js';
import { readLines } from './input-files.js';
import {
  type PurpleAirColumns,
  type PurpleAirPm25Plan,
  purpleAirColumns,
  purpleAirMissingColumns,
} from './purpleair-columns.js';
import { purpleAirRow } from './purpleair-history-row.js';
import { purpleAirSensor, purpleAirSensorEntries } from './purpleair-sensors-json.js';

/**
 * Largest PurpleAir sensor list read, in bytes (32 MiB). Every public PurpleAir sensor with a
 * dozen fields is a few megabytes of JSON; a bigger file is not one saved answer. Lists are read
 * one at a time, so memory is bounded by this.
 *
 * @example
 * MAX_PURPLEAIR_LIST_BYTES; // 33554432
 */
export const MAX_PURPLEAIR_LIST_BYTES = 32 * 1024 * 1024;

/** Where the samples of a sensor go, and how its PM2.5 is made. */
interface PlacedSensor {
  readonly installationId: number;
  readonly plan: PurpleAirPm25Plan;
}

/**
 * Imports saved PurpleAir API v1 answers: first every sensor list (`*.json`, from
 * GET /v1/sensors or /v1/sensors/{sensor_index}), which places each sensor and says whether it
 * is inside, then every history CSV (any other file, from
 * GET /v1/sensors/{sensor_index}/history/csv), line by line, whatever order they were given in.
 * Bad lines are reported and skipped; a history line of a sensor no list places, a history file
 * without the columns its sensor's correction needs, and a file with no valid line are fatal
 * problems of the import.
 *
 * @example
 * await importPurpleAirFiles([{ path: 'sensors.json', bytes: 812 }, { path: 'sensor-205273-history.csv', bytes: 40111 }], context);
 */
export async function importPurpleAirFiles(
  files: readonly InputFile[],
  context: ImportContext,
): Promise<void> {
  const isList = (input: InputFile) => input.path.toLowerCase().endsWith('.json');
  const sensors = new Map<number, PlacedSensor>();
  for (const input of files.filter(isList)) await readSensorList(input, sensors, context);
  for (const input of files.filter((file) => !isList(file))) {
    await readHistory(input.path, sensors, context);
  }
}

async function readSensorList(
  input: InputFile,
  sensors: Map<number, PlacedSensor>,
  context: ImportContext,
): Promise<void> {
  context.signal?.throwIfAborted();
  const file = input.path;
  if (input.bytes > MAX_PURPLEAIR_LIST_BYTES) {
    const message = `is ${input.bytes} bytes, more than a saved PurpleAir sensor list can be (${MAX_PURPLEAIR_LIST_BYTES})`;
    context.fatal.push({ file, message });
    return;
  }
  let entries: unknown[] | string;
  try {
    entries = purpleAirSensorEntries(await readFile(file, 'utf8'));
  } catch (error) {
    context.fatal.push({ file, message: `cannot be read: ${(error as Error).message}` });
    return;
  }
  context.progress(input.bytes);
  if (typeof entries === 'string') {
    context.fatal.push({ file, message: entries });
    return;
  }
  let kept = 0;
  for (const [index, entry] of entries.entries()) {
    context.counts.rowsRead++;
    const sensor = purpleAirSensor(entry);
    if (typeof sensor === 'string') {
      rejectRow(context, { file, index }, sensor);
      continue;
    }
    const { latitude, longitude } = sensor;
    const placed = context.places.place(sensor.sensorIndex, latitude, longitude, sensor.describe);
    const { installationId, movedFrom } = placed;
    if (movedFrom !== undefined) {
      const message = `sensor ${sensor.sensorIndex} appears again at (${latitude}, ${longitude}), not (${movedFrom.latitude}, ${movedFrom.longitude}); it becomes installation ${installationId}, and the history read after this goes there`;
      context.report({ file, index, kind: 'note', message });
    }
    sensors.set(sensor.sensorIndex, { installationId, plan: sensor.plan });
    context.counts.rowsKept++;
    kept++;
  }
  if (kept === 0) context.fatal.push({ file, message: 'has no valid sensor' });
}

async function readHistory(
  file: string,
  sensors: ReadonlyMap<number, PlacedSensor>,
  context: ImportContext,
): Promise<void> {
  context.signal?.throwIfAborted();
  let line = 0;
  let header: { text: string; line: number; problem?: string } | undefined;
  let columns: PurpleAirColumns | undefined;
  let kept = 0;
  let rejected = 0;
  let stop: string | undefined;
  const checked = new Set<number>();
  // The plan of a line's sensor; the first line of each sensor also checks that the file has the
  // columns its correction needs. Without a plan the file stops, with `stop` saying why.
  const planOf = (sensorIndex: number): PurpleAirPm25Plan | undefined => {
    const sensor = sensors.get(sensorIndex);
    if (sensor === undefined) {
      stop = `holds history of sensor ${sensorIndex}, which no sensor list given places; add its GET /v1/sensors answer (*.json)`;
      return undefined;
    }
    const { plan } = sensor;
    if (!checked.has(sensorIndex) && columns !== undefined) {
      checked.add(sensorIndex);
      const missing = purpleAirMissingColumns(columns, plan);
      if (missing.length > 0) {
        stop = `lacks ${missing.join(', ')}, which sensor ${sensorIndex} (${plan.where}) needs: its PM2.5 is the ${plan.channels.join('/')} mean, corrected with ${plan.correction.method}, which reads humidity; ask for them in the history's fields`;
        return undefined;
      }
    }
    return plan;
  };
  try {
    for await (const text of readLines(file, context.progress)) {
      line++;
      if (text.trim() === '') continue;
      if (header === undefined) {
        const read = purpleAirColumns(text);
        header = typeof read === 'string' ? { text, line, problem: read } : { text, line };
        if (typeof read === 'string') break;
        columns = read;
        for (const column of columns.unknown) {
          const message = `unknown column ${JSON.stringify(column)}: not a PurpleAir history field airq reads, its values are not imported`;
          context.report({ file, line, kind: 'note', message });
        }
        continue;
      }
      if (text === header.text) continue; // a repeated header: pages appended to one file
      if (context.signal?.aborted) context.signal.throwIfAborted();
      context.counts.rowsRead++;
      const row = purpleAirRow(columns!, text, planOf); // set with the header
      if ('withoutPlan' in row) {
        context.fatal.push({ file, line, message: stop! }); // planOf said why
        return;
      }
      const where = { file, line };
      if ('reason' in row) {
        rejectRow(context, where, row.reason);
        rejected++;
        continue;
      }
      const { installationId } = sensors.get(row.sensorIndex)!; // planOf found it
      const samples = row.values.map(({ name, value }) => ({
        installationId,
        name,
        atMs: row.atMs,
        value,
      }));
      if (await keepRow(context, where, samples)) kept++;
      else rejected++;
    }
  } catch (error) {
    if (context.signal?.aborted) throw error;
    context.fatal.push({ file, message: `cannot be read: ${(error as Error).message}` });
    return;
  }
  if (header === undefined) context.fatal.push({ file, message: 'is empty' });
  else if (header.problem !== undefined) {
    context.fatal.push({ file, line: header.line, message: header.problem });
  } else if (kept === 0) {
    const why = rejected === 0 ? 'it has no data row' : `all ${rejected} were rejected`;
    context.fatal.push({ file, message: `has no valid row (${why})` });
  }
}
