import { beforeAll, describe, expect, it } from 'vitest';
import type { Installation } from '../../src/model/api-types.js';
import { createSampleNetwork, type SampleNetwork } from '../../src/sample/sample-network.js';

// Golden values of the sample network for the default seed: written by running the code as it
// was when they were pinned (they pin today's behaviour on purpose, they are not derived from a
// specification), so that any change to the seeded generator, the layout or the signal model
// shows up here as a diff to review. Regenerate only on purpose, and say so in the commit.

const NOW = Date.parse('2026-11-21T09:27:13.000Z');
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

let network: SampleNetwork;
let active: readonly Installation[];

beforeAll(async () => {
  network = createSampleNetwork({ now: NOW });
  active = await network.store.listActiveInstallations();
});

describe('sample network golden values (default seed)', () => {
  it('uses seed 1 and has the pinned installations, special ids and sample count', () => {
    expect(network.seed).toBe(1);
    expect(active).toHaveLength(166);
    expect(active[0]!.id).toBe(1001);
    expect(active.at(-1)!.id).toBe(1166);
    expect(network.ids).toEqual({
      replaced: 501,
      replacement: 1002,
      chainStart: 502,
      chainMiddle: 503,
      chainEnd: 1009,
      removed: 504,
      thirdParty: [
        1010, 1020, 1030, 1040, 1050, 1060, 1070, 1080, 1090, 1100, 1110, 1120, 1130, 1140, 1150,
        1160,
      ],
      partial: [
        1012, 1013, 1017, 1022, 1023, 1031, 1035, 1041, 1042, 1064, 1068, 1069, 1101, 1102, 1111,
        1126, 1129, 1137, 1142, 1143, 1145,
      ],
    });
    expect(network.store.sampleCount).toBe(1_181_302);
  });

  it('places the first own device and the first third-party station where it always did', () => {
    expect(active[0]).toEqual({
      id: 1001,
      location: { latitude: 50.066336739954124, longitude: 19.797277982994757 },
      address: {
        country: 'Poland',
        city: 'Kraków',
        street: 'Balicka',
        number: '59',
        displayAddress1: 'Bronowice Wielkie',
        displayAddress2: null,
      },
      elevation: 252.4,
      vendor: true,
      sponsor: { id: 104, name: 'Osiedle Zielone Wzgórze' },
    });
    expect(active.find((installation) => installation.id === 1010)).toEqual({
      id: 1010,
      location: { latitude: 50.03349207496073, longitude: 19.98881798428838 },
      address: {
        country: 'Poland',
        city: 'Kraków',
        street: 'Wielicka',
        number: '33',
        displayAddress1: 'Płaszów',
        displayAddress2: 'reference station',
      },
      elevation: 221.5,
      vendor: false,
      sponsor: {
        id: 201,
        name: 'Regional monitoring network (sample)',
        description: 'Reference stations of a third party; hourly data arriving one hour late',
      },
    });
  });

  it('has the pinned hourly readings of third-party station 1010 (one reading an hour)', async () => {
    const from = Date.parse('2026-11-20T11:00:00.000Z');
    const hours = [0, 1, 2].map((k) => ({
      fromMs: from + k * HOUR_MS,
      tillMs: from + (k + 1) * HOUR_MS,
    }));
    expect(await network.store.windowAverages(1010, hours)).toEqual([
      { PM25: 149.86, PM10: 187.6, NO2: 56.67 },
      { PM25: 134.35, PM10: 169.96, NO2: 65.09 },
      { PM25: 83.42, PM10: 130.45, NO2: 72.12 },
    ]);
  });

  it('has the pinned readings of own device 1001 minute by minute', async () => {
    const from = Date.parse('2026-11-20T12:00:00.000Z');
    const minutes = Array.from({ length: 6 }, (_, k) => ({
      fromMs: from + k * MINUTE_MS,
      tillMs: from + (k + 1) * MINUTE_MS,
    }));
    const types = ['PM1', 'PM25', 'PM10', 'PRESSURE', 'HUMIDITY', 'TEMPERATURE'];
    const rows = [
      [112, 156.75, 196.91, 995.46, 67.66, 0.04],
      [103.15, 124.94, 166.22, 995.45, 66.32, 0.2],
      [101.19, 127.34, 213.38, 995.51, 68.33, -0.15],
      [114.04, 123.38, 191.99, 995.44, 66.06, 0.12],
      [98.87, 159.3, 162.65, 995.49, 68.71, -0.12],
      [104.18, 140.53, 222.77, 995.51, 67.8, -0.16],
    ];
    expect(await network.store.windowAverages(1001, minutes)).toEqual(
      rows.map((row) => Object.fromEntries(types.map((name, j) => [name, row[j]]))),
    );
  });

  it('produces the pinned number of samples in the next hour', () => {
    const later = createSampleNetwork({ now: NOW });
    expect(later.produceUntil(NOW + HOUR_MS)).toBe(24_498);
    expect(later.store.sampleCount).toBe(1_205_800);
  });
});
