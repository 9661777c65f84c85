import type { StoredInstallation } from './stored-installation.js';

/**
 * A device named in the `sensors` of two installations of one set. A push from a device is
 * stored at the one installation that names it, so a second owner would make that ambiguous.
 */
export interface DeviceIssue {
  readonly device: string;
  /** The installation that names the device first, then the one that names it again. */
  readonly ids: readonly [number, number];
  /** Their positions in the analysed array, in the same order. */
  readonly positions: readonly [number, number];
  /** Where the device stands in the `sensors` of the second installation. */
  readonly sensorIndex: number;
  readonly message: string;
}

/** The outcome of {@link analyseDevices}. */
export interface DeviceAnalysis {
  /** Each device named by the set, with the id of the (first) installation naming it. */
  readonly owners: ReadonlyMap<string, number>;
  readonly issues: readonly DeviceIssue[];
}

/**
 * Maps every device named in the `sensors` of a set of installations to its installation, and
 * reports each device named by a second one (every such naming, not just the first). Repeats
 * inside one installation's `sensors` are the record's own problem (`installationIssues`), and
 * two records with the same id are a duplicate id (`analyseReplacements`): neither is reported
 * here again.
 *
 * @param installations - validated installations, in the order issues should point into
 * @example
 * analyseDevices([a(1, { sensors: ['esp8266-7'] }), a(2, { sensors: ['esp8266-7'] })]).issues[0].message;
 * // 'device esp8266-7 is named by installation 1 and by installation 2'
 */
export function analyseDevices(installations: readonly StoredInstallation[]): DeviceAnalysis {
  const owners = new Map<string, number>();
  const ownerPositions = new Map<string, number>();
  const issues: DeviceIssue[] = [];
  installations.forEach((installation, position) => {
    installation.sensors?.forEach((device, sensorIndex) => {
      const ownerId = owners.get(device);
      if (ownerId === undefined) {
        owners.set(device, installation.id);
        ownerPositions.set(device, position);
      } else if (ownerId !== installation.id) {
        issues.push({
          device,
          ids: [ownerId, installation.id],
          positions: [ownerPositions.get(device) ?? -1, position],
          sensorIndex,
          message: `device ${device} is named by installation ${ownerId} and by installation ${installation.id}`,
        });
      }
    });
  });
  return { owners, issues };
}

/**
 * Throws when {@link analyseDevices} finds a device named by two installations; the message
 * names `functionName` and every such device with both installation ids.
 *
 * @throws RangeError `<functionName>: invalid installations: device <name> is named by …`
 * @example
 * assertNoDeviceIssues('InMemoryStore', analyseDevices(installations));
 */
export function assertNoDeviceIssues(functionName: string, analysis: DeviceAnalysis): void {
  if (analysis.issues.length === 0) return;
  const lines = analysis.issues.map((issue) => issue.message);
  throw new RangeError(`${functionName}: invalid installations: ${lines.join('; ')}`);
}
