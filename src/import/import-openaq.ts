import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ImportContext } from './import-context.js';
import { keepRow, rejectRow } from './import-context.js';
import type { InputFile } from './input-files.js';
import { openAqLocation, openAqPage, openAqSample } from './openaq-json.js';

/**
 * Largest OpenAQ file read, in bytes. A page holds at most 1000 results (the API's largest
 * `limit`), about 1 MB of JSON; a bigger file is not one saved page. Files are read one at a
 * time, so memory is bounded by this, whatever the number of pages.
 */
export const MAX_OPENAQ_FILE_BYTES = 16 * 1024 * 1024;

// The sensor of a measurements page, from its file name: `sensors-3917-measurements.json`,
// `sensor_3917.json`, `sensors.3917.json`.
const SENSOR_IN_NAME = /sensors?[-_.]?(\d+)/i;

/**
 * Imports saved OpenAQ v3 pages: first every locations page (which says where each sensor
 * is), then every sensors/{id}/measurements page, whatever order they were given in. A
 * measurements page names its sensor in the file name, e.g. `sensors-3917-measurements.json`.
 *
 * @example
 * await importOpenAqFiles([{ path: 'locations.json', bytes: 9120 }, { path: 'sensors-3917-measurements.json', bytes: 40111 }], context);
 */
export async function importOpenAqFiles(
  files: readonly InputFile[],
  context: ImportContext,
): Promise<void> {
  const sensors = new Map<number, { installationId: number; parameter: string }>();
  const measurementFiles: InputFile[] = [];
  const pages = async function* (list: readonly InputFile[]) {
    for (const input of list) {
      context.signal?.throwIfAborted();
      const file = input.path;
      if (input.bytes > MAX_OPENAQ_FILE_BYTES) {
        context.fatal.push({
          file,
          message: `is ${input.bytes} bytes, more than one API page (at most 1000 results) can be; save each page to a file of its own`,
        });
        continue;
      }
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        context.fatal.push({ file, message: `cannot be read: ${(error as Error).message}` });
        continue;
      }
      const page = openAqPage(text);
      if (typeof page === 'string') context.fatal.push({ file, message: page });
      else yield { input, page };
    }
  };

  for await (const { input, page } of pages(files)) {
    if (page.kind === 'measurements') {
      measurementFiles.push(input);
      continue;
    }
    context.progress(input.bytes);
    let kept = 0;
    for (const [index, result] of page.results.entries()) {
      context.counts.rowsRead++;
      const location = openAqLocation(result);
      if (typeof location === 'string') {
        rejectRow(context, { file: input.path, index }, location);
        continue;
      }
      const { installationId, movedFrom } = context.places.place(
        location.id,
        location.latitude,
        location.longitude,
        location.describe,
      );
      if (movedFrom !== undefined) {
        const message = `location ${location.id} appears again at (${location.latitude}, ${location.longitude}), not (${movedFrom.latitude}, ${movedFrom.longitude}); it becomes installation ${installationId}`;
        context.report({ file: input.path, index, kind: 'note', message });
      }
      for (const sensor of location.sensors) {
        sensors.set(sensor.id, { installationId, parameter: sensor.parameter });
      }
      context.counts.rowsKept++;
      kept++;
    }
    if (kept === 0) context.fatal.push({ file: input.path, message: 'has no valid location' });
  }

  const known = new Map<string, { installationId: number; parameter: string }>();
  for (const { path: file } of measurementFiles) {
    const sensorId = Number(SENSOR_IN_NAME.exec(basename(file))?.[1] ?? Number.NaN);
    const sensor = sensors.get(sensorId);
    if (sensor !== undefined) known.set(file, sensor);
    else {
      context.fatal.push({
        file,
        message: Number.isNaN(sensorId)
          ? 'is a measurements page whose name does not say its sensor; name it like sensors-3917-measurements.json'
          : `holds measurements of sensor ${sensorId}, which no locations file given lists`,
      });
    }
  }
  // Read the measurement pages again, one at a time, now that every sensor is known.
  const readable = measurementFiles.filter((input) => known.has(input.path));
  for await (const { input, page } of pages(readable)) {
    const sensor = known.get(input.path)!; // filtered above
    context.progress(input.bytes);
    let kept = 0;
    for (const [index, result] of page.results.entries()) {
      context.counts.rowsRead++;
      const where = { file: input.path, index };
      const sample = openAqSample(result, sensor.installationId, sensor.parameter);
      if (typeof sample === 'string') rejectRow(context, where, sample);
      else if (await keepRow(context, where, [sample])) kept++;
    }
    if (kept === 0) context.fatal.push({ file: input.path, message: 'has no valid measurement' });
  }
}
