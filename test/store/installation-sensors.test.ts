// `sensors` of a stored installation: the airRohr devices that push to it. Each record's list is
// checked on its own (shape, device names, repeats); a device named by two installations is
// refused wherever a whole set is checked (the JSON loader, the registry).
import { describe, expect, it } from 'vitest';
import { InstallationRegistry } from '../../src/store/installation-registry.js';
import { installationIssues, isSensorDevice } from '../../src/store/installation-validation.js';
import { parseInstallationsJson } from '../../src/store/installations-json.js';
import { publicInstallation, storedInstallationCopy } from '../../src/store/stored-installation.js';
import { installation } from '../helpers/store-fixtures.js';

const DEVICE_EXPECTED =
  'must be a device name, esp8266-<chip id in decimal> or esp32-<chip id in hex>';

function withSensors(id: number, sensors: unknown): unknown {
  return { ...installation(id), sensors };
}

describe('sensors of one installation', () => {
  it('accepts ESP8266 ids in decimal and ESP32 ids in lower-case hex', () => {
    const sensors = [
      'esp8266-12345678',
      'esp32-987654',
      'esp32-a4cf12fe0b3c',
      'esp8266-4294967295',
    ];
    expect(installationIssues(withSensors(1, sensors))).toEqual([]);
    expect(installationIssues(installation(1))).toEqual([]); // absent is fine
  });

  it.each([
    ['null', null],
    ['a string', 'esp8266-12345678'],
    ['an object', { 0: 'esp8266-1' }],
    ['an empty array', []],
  ])('refuses sensors as %s, naming the field', (_, sensors) => {
    const issues = installationIssues(withSensors(1, sensors));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.field).toBe('sensors');
    expect(issues[0]?.message).toMatch(
      /^must be a non-empty array of device names when present, got /,
    );
  });

  it.each([
    ['ESP8266-12345678'],
    ['esp8266-'],
    ['esp8266-12a'],
    ['esp8266-12345678901'], // 11 digits: more than a 32-bit chip id
    ['esp32-A4CF12'],
    ['esp32-'],
    ['esp32-12345678901234567'],
    ['esp8266 12345678'],
    [' esp8266-1'],
    ['esp8266-1\n'],
    ['esp12-1'],
    ['12345678'],
    [''],
    [12345678],
    [null],
  ])('refuses the device %j at its index', (device) => {
    const sensors = ['esp8266-1', 'esp8266-2', device];
    expect(installationIssues(withSensors(1, sensors))).toEqual([
      {
        field: 'sensors[2]',
        message: `${DEVICE_EXPECTED}, got ${typeof device === 'string' ? JSON.stringify(device) : String(device)}`,
      },
    ]);
    expect(isSensorDevice(device)).toBe(false);
  });

  it('refuses a device repeated within one list, at each repeat', () => {
    const sensors = ['esp8266-1', 'esp32-ff', 'esp8266-1', 'esp8266-1', 'bad'];
    expect(installationIssues(withSensors(1, sensors))).toEqual([
      { field: 'sensors[2]', message: 'repeats sensors[0], got "esp8266-1"' },
      { field: 'sensors[3]', message: 'repeats sensors[0], got "esp8266-1"' },
      { field: 'sensors[4]', message: `${DEVICE_EXPECTED}, got "bad"` },
    ]);
  });

  it('is kept, frozen, by storedInstallationCopy and never in the public installation', () => {
    const sensors = ['esp8266-1', 'esp32-ab'];
    const original = installation(1, { sensors });
    const copy = storedInstallationCopy(original);
    expect(copy.sensors).toEqual(['esp8266-1', 'esp32-ab']);
    expect(copy.sensors).not.toBe(sensors);
    expect(Object.isFrozen(copy.sensors)).toBe(true);
    sensors.push('esp8266-2');
    expect(copy.sensors).toEqual(['esp8266-1', 'esp32-ab']);
    expect(publicInstallation(original)).not.toHaveProperty('sensors');
    expect(publicInstallation(copy)).not.toHaveProperty('sensors');
    expect(storedInstallationCopy(installation(2))).not.toHaveProperty('sensors');
  });
});

describe('parseInstallationsJson and sensors', () => {
  it('keeps sensors of a valid file', () => {
    const list = [
      installation(1, { sensors: ['esp8266-1', 'esp32-c0ffee'] }),
      installation(2, { sensors: ['esp8266-2'] }),
      installation(3),
    ];
    expect(parseInstallationsJson(JSON.stringify(list), 'i.json')).toEqual({
      installations: list,
      issues: [],
    });
  });

  it('points at the record and the entry of an invalid device', () => {
    const text = JSON.stringify([installation(1), withSensors(2, ['esp8266-2', 'esp8266-x'])]);
    expect(parseInstallationsJson(text, 'i.json').issues).toEqual([
      {
        file: 'i.json',
        index: 1,
        field: 'sensors[1]',
        message: `${DEVICE_EXPECTED}, got "esp8266-x"`,
      },
    ]);
  });

  it('reports a device named by two installations at the second, naming both ids', () => {
    const list = [
      installation(10, { sensors: ['esp8266-7', 'esp32-1'] }),
      installation(20),
      installation(30, { sensors: ['esp8266-8', 'esp8266-7'] }),
      installation(40, { sensors: ['esp32-1'] }),
    ];
    expect(parseInstallationsJson(JSON.stringify(list), 'i.json')).toEqual({
      installations: [],
      issues: [
        {
          file: 'i.json',
          index: 2,
          field: 'sensors[1]',
          message: 'device esp8266-7 is named by installation 10 and by installation 30',
        },
        {
          file: 'i.json',
          index: 3,
          field: 'sensors[0]',
          message: 'device esp32-1 is named by installation 10 and by installation 40',
        },
      ],
    });
  });

  it('reports a duplicate id once, not again as a shared device', () => {
    const twice = installation(5, { sensors: ['esp8266-5'] });
    const { issues } = parseInstallationsJson(JSON.stringify([twice, twice]), 'i.json');
    expect(issues.map((issue) => issue.message)).toEqual([
      'installation id 5 appears more than once (positions 0 and 1)',
    ]);
  });
});

describe('InstallationRegistry and sensors', () => {
  const a = installation(1, { sensors: ['esp8266-7', 'esp32-1'] });
  const b = installation(2, { sensors: ['esp8266-8'] });
  const c = installation(3, { successorId: 2, sensors: ['esp8266-9'] });

  it('finds the installation of each device, replaced ones included', () => {
    const registry = InstallationRegistry.from('f', [a, b, c]);
    expect(registry.deviceInstallation('esp8266-7')).toBe(1);
    expect(registry.deviceInstallation('esp32-1')).toBe(1);
    expect(registry.deviceInstallation('esp8266-8')).toBe(2);
    expect(registry.deviceInstallation('esp8266-9')).toBe(3);
    expect(registry.deviceInstallation('esp8266-10')).toBeUndefined();
    expect(registry.deviceInstallation('')).toBeUndefined();
  });

  it('refuses a set in which two installations name one device', () => {
    const clash = installation(4, { sensors: ['esp8266-1', 'esp32-1'] });
    expect(() => InstallationRegistry.from('InMemoryStore', [a, b, clash])).toThrow(
      new RangeError(
        'InMemoryStore: invalid installations: device esp32-1 is named by installation 1 and by installation 4',
      ),
    );
  });

  it('refuses a put that names a device of another installation it leaves unchanged', () => {
    const registry = InstallationRegistry.from('f', [a, b]);
    const taker = installation(2, { sensors: ['esp8266-8', 'esp8266-7'] });
    expect(() => registry.with('put', [taker])).toThrow(
      new RangeError(
        'put: invalid installations: device esp8266-7 is named by installation 1 and by installation 2',
      ),
    );
    expect(registry.deviceInstallation('esp8266-7')).toBe(1); // unchanged
  });

  it('moves a device when one call puts both installations, in either order', () => {
    const registry = InstallationRegistry.from('f', [a, b]);
    const giver = installation(1, { sensors: ['esp32-1'] });
    const taker = installation(2, { sensors: ['esp8266-8', 'esp8266-7'] });
    for (const incoming of [
      [giver, taker],
      [taker, giver],
    ]) {
      const moved = registry.with('put', incoming);
      expect(moved.deviceInstallation('esp8266-7')).toBe(2);
      expect(moved.deviceInstallation('esp32-1')).toBe(1);
    }
    // Dropping every sensor of an installation frees them too.
    const bare = registry.with('put', [installation(1)]);
    expect(bare.deviceInstallation('esp8266-7')).toBeUndefined();
    expect(bare.with('put', [taker]).deviceInstallation('esp8266-7')).toBe(2);
  });

  it('moves a device to a new installation that replaces the old one', () => {
    const registry = InstallationRegistry.from('f', [a]);
    const moved = registry.with('put', [
      installation(1, { successorId: 5 }),
      installation(5, { sensors: ['esp8266-7'] }),
    ]);
    expect(moved.deviceInstallation('esp8266-7')).toBe(5);
    expect(moved.lookup(1)).toMatchObject({ status: 'replaced', successorId: 5 });
  });

  it('refuses an invalid sensors list as any invalid field', () => {
    expect(() => InstallationRegistry.from('f', [installation(1, { sensors: [] })])).toThrow(
      new TypeError(
        'f: invalid installations: installations[0].sensors must be a non-empty array of device names when present, got []',
      ),
    );
  });
});
