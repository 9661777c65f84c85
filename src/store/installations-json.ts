import { analyseDevices } from './device-owners.js';
import { installationIssues } from './installation-validation.js';
import type { LoadIssue } from './load-issues.js';
import { analyseReplacements } from './replacement-graph.js';
import type { StoredInstallation } from './stored-installation.js';

/** The installations of a JSON file, and every problem found in it. */
export interface ParsedInstallationsJson {
  /** Empty unless `issues` is empty. */
  readonly installations: readonly StoredInstallation[];
  readonly issues: readonly LoadIssue[];
}

/**
 * Parses the installations format: a JSON array of the spec's Installation objects, each with
 * optional `successorId` (positive integer), `removed` (boolean), `correction` and `sensors`
 * (the airRohr devices that push to the installation, e.g. `["esp8266-12345678"]`: non-empty,
 * no repeats). Every field of every element is checked (see `installationIssues`) and each
 * problem names the file, the array index and the field. When the fields are all valid, the
 * set is checked too: a duplicate id, a successor that is not in the file and a replacement
 * cycle are reported naming the ids, and a device named by two installations at the index and
 * `sensors` entry of the second, naming the device and both ids. A UTF-8 byte order mark is
 * tolerated.
 *
 * @param text - the file's contents
 * @param file - the name used in issues
 * @example
 * parseInstallationsJson('[{"id": 0}]', 'i.json').issues[0];
 * // { file: 'i.json', index: 0, field: 'id', message: 'must be a positive integer, got 0' }
 * // Installations 1 and 2 (valid otherwise) both with "sensors": ["esp8266-7"]:
 * // { file: 'i.json', index: 1, field: 'sensors[0]', message: 'device esp8266-7 is named by installation 1 and by installation 2' }
 */
export function parseInstallationsJson(text: string, file: string): ParsedInstallationsJson {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { installations: [], issues: [{ file, message: `not valid JSON: ${reason}` }] };
  }
  if (!Array.isArray(data)) {
    return {
      installations: [],
      issues: [{ file, message: 'must hold a JSON array of installations at the top level' }],
    };
  }
  const issues: LoadIssue[] = [];
  data.forEach((element: unknown, index) => {
    for (const issue of installationIssues(element)) {
      issues.push({ file, index, field: issue.field, message: issue.message });
    }
  });
  if (issues.length > 0) return { installations: [], issues };

  const installations = data as StoredInstallation[];
  for (const issue of analyseReplacements(installations).issues) {
    // Point at the record to fix: the second copy of a duplicate, else the first id named.
    const index = issue.kind === 'duplicate-id' ? issue.positions[1] : issue.positions[0];
    issues.push(
      index === undefined || index < 0
        ? { file, message: issue.message }
        : { file, index, message: issue.message },
    );
  }
  for (const issue of analyseDevices(installations).issues) {
    const [, index] = issue.positions;
    issues.push({ file, index, field: `sensors[${issue.sensorIndex}]`, message: issue.message });
  }
  return issues.length > 0 ? { installations: [], issues } : { installations, issues };
}
