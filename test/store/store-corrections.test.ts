// An installation's PM25 correction in the stores: validated where installations come in,
// applied to every window both stores average, raw samples untouched, and the data version of
// the installation changed whenever its correction is set, changed or removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { parseInstallationsJson } from '../../src/store/installations-json.js';
import { loadStoreFromText } from '../../src/store/load-store.js';
import {
  CORRECTED_MEANS as CORRECTED,
  CORRECTION_HOUR as hour9,
  LINEAR_CORRECTION as LINEAR,
  RAW_MEANS as RAW,
  CORRECTION_SAMPLES as SAMPLES,
} from '../helpers/correction-fixtures.js';
import { storesUnderTest, thrownBy } from '../helpers/store-contract-harness.js';
import { hourOf21November, installation } from '../helpers/store-fixtures.js';

describe.each(storesUnderTest())('$name with a PM25 correction', (subject) => {
  beforeAll(() => subject.start(), 60_000);
  afterAll(() => subject.stop(), 60_000);

  describe.runIf(subject.runs)('windows', () => {
    it('serves corrected PM25 and raw PM10 and HUMIDITY, and keeps the samples raw', async () => {
      const store = await subject.create();
      await store.putInstallations([installation(21, { correction: LINEAR })], SAMPLES);
      expect(await store.windowAverages(21, [hour9])).toEqual([CORRECTED]);
      expect(CORRECTED.PM25).toBe(14.25);
      // Removing the correction serves the raw means again: nothing was lost.
      await store.putInstallations([installation(21)]);
      expect(await store.windowAverages(21, [hour9])).toEqual([RAW]);
      expect(await subject.samplesHeld(store)).toBe(SAMPLES.length);
    });

    it('changes the data version when the correction is set, changed or removed, and only then', async () => {
      const store = await subject.create();
      await store.putInstallations([installation(21), installation(22)], SAMPLES);
      const version = () => store.dataVersion!(21, hour9.fromMs);
      const other = () => store.dataVersion!(22, hour9.fromMs);
      const before = [version(), other()];
      await store.putInstallations([installation(21, { correction: LINEAR })]);
      const set = version();
      expect(set).not.toBe(before[0]);
      expect(other()).toBe(before[1]);
      // The same correction again (a new object with equal options) changes nothing.
      await store.putInstallations([installation(21, { correction: { ...LINEAR } })]);
      expect(version()).toBe(set);
      await store.putInstallations([installation(21, { correction: { method: 'EPA_2021' } })]);
      const changed = version();
      expect(changed).not.toBe(set);
      await store.putInstallations([installation(21)]);
      expect(version()).not.toBe(changed);
      expect(other()).toBe(before[1]);
    });

    it('drops PM25 from a window without HUMIDITY, and corrects the window that has it', async () => {
      const store = await subject.create();
      const hour10 = hourOf21November(10);
      await store.putInstallations(
        [installation(21, { correction: LINEAR })],
        [...SAMPLES, { installationId: 21, name: 'PM25', atMs: hour10.fromMs + 60_000, value: 9 }],
      );
      expect(await store.windowAverages(21, [hour9, hour10])).toEqual([CORRECTED, {}]);
    });

    it('refuses a correction the reference rejects, naming the installation and the reason', async () => {
      const store = await subject.create();
      const bad = installation(21, { correction: { method: 'EPA2021' } as never });
      const error = await thrownBy(() => store.putInstallations([bad]));
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(
        `${subject.name}.putInstallations: invalid installations: installations[0].correction.method must be one of EPA_2021, EPA_2022, AIRNOW_2021, KAPPA, LINEAR, got "EPA2021"`,
      );
    });
  });
});

describe('installations JSON with corrections', () => {
  const json = (correction: unknown) =>
    JSON.stringify([installation(21), { ...installation(22), correction }]);

  it('reads a correction into the installation record', () => {
    const parsed = parseInstallationsJson(json({ method: 'KAPPA', kappa: 0.36 }), 'i.json');
    expect(parsed.issues).toEqual([]);
    expect(parsed.installations[1]?.correction).toEqual({ method: 'KAPPA', kappa: 0.36 });
  });

  it.each([
    [{ method: 'LINEAR' }, 'correction.coefficients', 'must be given with method LINEAR'],
    [
      { method: 'LINEAR', coefficients: { intercept: 1, pm25: '0.9', rh: 0 } },
      'correction.coefficients.pm25',
      'must be a finite number, got "0.9"',
    ],
    [{ method: 'EPA_2021', kappa: 0.3 }, 'correction.kappa', 'is read by method KAPPA only'],
    ['EPA_2021', 'correction', 'must be an object'],
  ])('refuses %j with the file, the installation and the reason', (correction, field, reason) => {
    const { installations, issues } = parseInstallationsJson(json(correction), 'i.json');
    expect(installations).toEqual([]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ file: 'i.json', index: 1, field });
    expect(issues[0]?.message).toContain(reason);
  });

  it('stops loading the store files with the same issue', () => {
    const installations = { file: 'installations.json', text: json({ method: 'NOPE' }) };
    expect(() => loadStoreFromText({ installations })).toThrow(
      'installations.json [1].correction.method: must be one of EPA_2021, EPA_2022, AIRNOW_2021, KAPPA, LINEAR, got "NOPE"',
    );
  });

  it('keeps the correction out of what the API serves', async () => {
    const store = new InMemoryStore([installation(21, { correction: LINEAR })]);
    const found = await store.findInstallation(21);
    expect(found.status).toBe('active');
    expect(found.status === 'active' && 'correction' in found.installation).toBe(false);
    expect((await store.listActiveInstallations())[0]).not.toHaveProperty('correction');
  });
});
