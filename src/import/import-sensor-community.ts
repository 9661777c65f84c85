import type { ImportContext } from './import-context.js';
import { keepRow, rejectRow } from './import-context.js';
import type { InputFile } from './input-files.js';
import { readLines } from './input-files.js';
import {
  type SensorCommunityColumns,
  sensorCommunityColumns,
  sensorCommunityRow,
} from './sensor-community-csv.js';

/**
 * Imports Sensor.Community archive files one after the other, line by line. Bad rows are
 * reported and skipped; a file whose header is not the archive's, or that has no valid row,
 * is a fatal problem of the import.
 *
 * @example
 * await importSensorCommunityFiles([{ path: 'day.csv', bytes: 51234 }], context);
 */
export async function importSensorCommunityFiles(
  files: readonly InputFile[],
  context: ImportContext,
): Promise<void> {
  for (const { path: file } of files) {
    context.signal?.throwIfAborted();
    let line = 0;
    let headerLine = 0;
    let kept = 0;
    let rejected = 0;
    let columns: SensorCommunityColumns | undefined;
    let headerProblem: string | undefined;
    try {
      for await (const text of readLines(file, context.progress)) {
        line++;
        if (text.trim() === '') continue;
        if (columns === undefined) {
          const header = sensorCommunityColumns(text);
          headerLine = line;
          if (typeof header === 'string') {
            headerProblem = header;
            break;
          }
          columns = header;
          for (const column of columns.unknown) {
            context.report({
              file,
              line,
              kind: 'note',
              message: `unknown column ${JSON.stringify(column)}: airq has no measurement type for it, its values are not imported`,
            });
          }
          continue;
        }
        if (context.signal?.aborted) context.signal.throwIfAborted();
        context.counts.rowsRead++;
        const row = sensorCommunityRow(columns, text, context.places);
        if ('reason' in row) {
          rejectRow(context, { file, line }, row.reason);
          rejected++;
          continue;
        }
        if (row.note !== undefined) context.report({ file, line, kind: 'note', message: row.note });
        if (await keepRow(context, { file, line }, row.samples)) kept++;
        else rejected++;
      }
    } catch (error) {
      if (context.signal?.aborted) throw error;
      context.fatal.push({ file, message: `cannot be read: ${(error as Error).message}` });
      continue;
    }
    if (headerProblem !== undefined) {
      context.fatal.push({ file, line: headerLine, message: headerProblem });
    } else if (columns === undefined) context.fatal.push({ file, message: 'is empty' });
    else if (kept === 0) {
      const why = rejected === 0 ? 'it has no data row' : `all ${rejected} were rejected`;
      context.fatal.push({ file, message: `has no valid row (${why})` });
    }
  }
}
