import { describeValue } from '../arguments/describe-value.js';
import { checkCorrectionOptions } from '../corrections/correction-options.js';
import {
  INSTALLATION_ADDRESS_FIELDS,
  SPONSOR_OPTIONAL_TEXT_FIELDS,
  type StoredInstallation,
} from './stored-installation.js';

/**
 * One thing wrong with an installation record. `field` is a dotted path inside the record
 * (`location.latitude`, `sponsor.name`); an empty string means the record as a whole.
 */
export interface InstallationIssue {
  readonly field: string;
  readonly message: string;
}

type UnknownRecord = Readonly<Record<string, unknown>>;

function isPlainObject(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isFiniteIn(value: unknown, low: number, high: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= low && value <= high;
}

// The airRohr firmware's X-Sensor header: `esp8266-` + ESP.getChipId() in decimal (a 32-bit
// number, so at most 10 digits); on ESP32 `esp32-` + the efuse MAC's two halves in lower-case
// hex (at most 12 digits; up to 16 allowed, so a decimal chip id of other firmware fits too).
const SENSOR_DEVICE = /^(?:esp8266-[0-9]{1,10}|esp32-[0-9a-f]{1,16})$/;

/**
 * Whether `value` names an airRohr device the way its firmware's `X-Sensor` header does:
 * `esp8266-` and the chip id in decimal, or `esp32-` and the chip id in lower-case hex.
 *
 * @example
 * isSensorDevice('esp8266-12345678'); // true
 * isSensorDevice('esp32-a4cf12fe0b3c'); // true
 * isSensorDevice('ESP8266-12345678'); // false
 */
export function isSensorDevice(value: unknown): value is string {
  return typeof value === 'string' && SENSOR_DEVICE.test(value);
}

/**
 * Checks an untrusted value against the installation format of the store: the spec's
 * Installation fields plus optional `successorId`, `removed`, `correction` and `sensors`. Collects every problem
 * instead of stopping at the first, so a data file can be fixed in one pass. Unknown extra
 * fields are allowed (and dropped later), as the spec tells clients to ignore them.
 *
 * Rules: `id` positive integer; `location.latitude` in [-90, 90] and `location.longitude` in
 * [-180, 180]; `address` an object whose six spec fields are each absent, a string or null;
 * `elevation` a finite number (metres); `vendor` a boolean; `sponsor` an object with an integer
 * `id`, a string `name` and optional string `description` / `logo` / `link`; `successorId`
 * absent or a positive integer; `removed` absent or a boolean; `correction` absent or options
 * that `correctPm25` accepts (a known method with valid coefficients); `sensors` absent or a
 * non-empty array of device names ({@link isSensorDevice}) without repeats. Whether two
 * installations name the same device is a question about the set, checked where the set is.
 *
 * @param value - anything, typically one element of a parsed JSON array
 * @returns every issue found; empty when `value` is a valid {@link StoredInstallation}
 * @example
 * installationIssues({ ...installation, location: { latitude: 91, longitude: 19.9 } });
 * // [{ field: 'location.latitude', message: 'must be a number in [-90, 90], got 91' }]
 */
export function installationIssues(value: unknown): InstallationIssue[] {
  const issues: InstallationIssue[] = [];
  const add = (field: string, message: string, got: unknown): void => {
    issues.push({ field, message: `${message}, got ${describeValue(got)}` });
  };
  if (!isPlainObject(value)) {
    add('', 'must be an installation object', value);
    return issues;
  }
  if (!isPositiveInteger(value.id)) add('id', 'must be a positive integer', value.id);

  const location = value.location;
  if (!isPlainObject(location)) add('location', 'must be an object', location);
  else {
    if (!isFiniteIn(location.latitude, -90, 90)) {
      add('location.latitude', 'must be a number in [-90, 90]', location.latitude);
    }
    if (!isFiniteIn(location.longitude, -180, 180)) {
      add('location.longitude', 'must be a number in [-180, 180]', location.longitude);
    }
  }

  const address = value.address;
  if (!isPlainObject(address)) add('address', 'must be an object', address);
  else {
    for (const field of INSTALLATION_ADDRESS_FIELDS) {
      const text = address[field];
      if (text !== undefined && text !== null && typeof text !== 'string') {
        add(`address.${field}`, 'must be a string or null', text);
      }
    }
  }

  if (!isFiniteIn(value.elevation, -Infinity, Infinity)) {
    add('elevation', 'must be a finite number of metres', value.elevation);
  }
  if (typeof value.vendor !== 'boolean') add('vendor', 'must be a boolean', value.vendor);

  const sponsor = value.sponsor;
  if (!isPlainObject(sponsor)) add('sponsor', 'must be an object', sponsor);
  else {
    if (typeof sponsor.id !== 'number' || !Number.isSafeInteger(sponsor.id)) {
      add('sponsor.id', 'must be an integer', sponsor.id);
    }
    if (typeof sponsor.name !== 'string') add('sponsor.name', 'must be a string', sponsor.name);
    for (const field of SPONSOR_OPTIONAL_TEXT_FIELDS) {
      const text = sponsor[field];
      if (text !== undefined && typeof text !== 'string') {
        add(`sponsor.${field}`, 'must be a string when present', text);
      }
    }
  }

  if (value.successorId !== undefined && !isPositiveInteger(value.successorId)) {
    add('successorId', 'must be a positive integer when present', value.successorId);
  }
  if (value.removed !== undefined && typeof value.removed !== 'boolean') {
    add('removed', 'must be a boolean when present', value.removed);
  }
  const correction = correctionIssue(value.correction);
  if (correction !== undefined) issues.push(correction);
  if (value.sensors !== undefined) addSensorsIssues(value.sensors, add);
  return issues;
}

const SENSORS_EXPECTED = 'must be a non-empty array of device names when present';
const DEVICE_EXPECTED =
  'must be a device name, esp8266-<chip id in decimal> or esp32-<chip id in hex>';

function addSensorsIssues(
  sensors: unknown,
  add: (field: string, message: string, got: unknown) => void,
): void {
  if (!Array.isArray(sensors) || sensors.length === 0) {
    add('sensors', SENSORS_EXPECTED, sensors);
    return;
  }
  const firstAt = new Map<string, number>();
  sensors.forEach((device: unknown, position) => {
    if (!isSensorDevice(device)) {
      add(`sensors[${position}]`, DEVICE_EXPECTED, device);
      return;
    }
    const first = firstAt.get(device);
    if (first === undefined) firstAt.set(device, position);
    else add(`sensors[${position}]`, `repeats sensors[${first}]`, device);
  });
}

/**
 * Type guard form of {@link installationIssues}.
 *
 * @example
 * isStoredInstallation({ id: 0 }); // false
 */
export function isStoredInstallation(value: unknown): value is StoredInstallation {
  return installationIssues(value).length === 0;
}

// The corrections module is the one judge of a correction. Its message names the function,
// then the parameter path (`options.coefficients.pm25`), then the problem: the path becomes
// the issue's field inside the record (`correction.coefficients.pm25`).
function correctionIssue(correction: unknown): InstallationIssue | undefined {
  if (correction === undefined) return undefined;
  try {
    checkCorrectionOptions(CORRECTION_CHECK, correction);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const found = /^correction: options(\S*) (.*)$/s.exec(message);
    if (found === null) return { field: 'correction', message };
    return { field: `correction${found[1]}`, message: found[2]! }; // both groups always match
  }
}

const CORRECTION_CHECK = 'correction';
