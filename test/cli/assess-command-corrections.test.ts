// `airq assess --installations`: PM25 of a samples CSV is assessed as the server serves it,
// corrected hour by hour with the installation's correction.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assessSeries } from '../../src/assessment/index.js';
import { parseAssessArgs, runAssessCommand } from '../../src/cli/assess-command.js';
import { cliEnvironment } from '../helpers/cli-environment.js';
import { installation } from '../helpers/store-fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'airq-assess-corrections-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const H = 3_600_000;
const START = Date.UTC(2023, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const RUN = ['--standard', 'WHO_2021', '--pollutant', 'PM25', '--year', '2023'];
const COEFFICIENTS = { intercept: 2, pm25: 0.5, rh: -0.125 };

// Two samples an hour: PM25 20 and 30, HUMIDITY 40 and 56; no HUMIDITY in the first 100 hours.
function writeSamples(): string {
  const rows = ['installationId,name,timestamp,value'];
  for (let h = 0; h < 8760; h++) {
    for (const [minute, pm25, rh] of [
      [10, 20, 40],
      [40, 30, 56],
    ] as const) {
      const at = iso(START + h * H + minute * 60_000);
      rows.push(`9,PM25,${at},${pm25}`);
      if (h >= 100) rows.push(`9,HUMIDITY,${at},${rh}`);
    }
  }
  const file = join(root, 'samples.csv');
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

function writeInstallations(correction: unknown): string {
  const file = join(root, `installations-${Math.random().toString(36).slice(2)}.json`);
  const record = correction === undefined ? installation(9) : { ...installation(9), correction };
  writeFileSync(file, JSON.stringify([installation(8), record]));
  return file;
}

/** What the server serves for each hour, by hand: the LINEAR correction of 25 µg/m³ at 48 %. */
function expectedHours(): Float64Array {
  const values = new Float64Array(8760).fill(
    COEFFICIENTS.intercept + COEFFICIENTS.pm25 * 25 + COEFFICIENTS.rh * 48,
  );
  return values.fill(Number.NaN, 0, 100);
}

describe('airq assess --installations', () => {
  const samples = writeSamples();

  it('reads the flag, and refuses an empty one', () => {
    expect(parseAssessArgs([...RUN, '--installations', 'i.json', 's.csv'])).toMatchObject({
      kind: 'run',
      installations: 'i.json',
    });
    expect(parseAssessArgs([...RUN, '--installations', '', 's.csv'])).toEqual({
      kind: 'usage-error',
      message: '--installations must name a file, got ""',
    });
  });

  it('assesses PM25 corrected per hour, an hour without HUMIDITY missing', async () => {
    const installations = writeInstallations({ method: 'LINEAR', coefficients: COEFFICIENTS });
    const { out, err, env } = cliEnvironment([
      ...RUN,
      '--installations',
      installations,
      '--json',
      samples,
    ]);
    expect(await runAssessCommand(env)).toBe(0);
    expect(err).toEqual([]);
    const want = assessSeries(
      { startMs: START, values: expectedHours() },
      { standard: 'WHO_2021', pollutant: 'PM25', year: 2023 },
    );
    expect(JSON.parse(out.join('\n'))).toEqual(JSON.parse(JSON.stringify(want)));
    const table = cliEnvironment([...RUN, '--installations', installations, samples]);
    expect(await runAssessCommand(table.env)).toBe(0);
    expect(table.out[0]).toBe(
      `WHO_2021 PM25 2023 (${samples}, installation 9, PM25 corrected with LINEAR)`,
    );
  });

  it('assesses the raw hours of an installation without a correction, and of other pollutants', async () => {
    const installations = writeInstallations(undefined);
    const { out, env } = cliEnvironment([
      ...RUN,
      '--installations',
      installations,
      '--json',
      samples,
    ]);
    expect(await runAssessCommand(env)).toBe(0);
    const raw = assessSeries(
      { startMs: START, values: new Float64Array(8760).fill(25) },
      { standard: 'WHO_2021', pollutant: 'PM25', year: 2023 },
    );
    expect(JSON.parse(out.join('\n'))).toEqual(JSON.parse(JSON.stringify(raw)));
  });

  it('refuses an installations file the store would refuse, or one without the installation', async () => {
    const bad = writeInstallations({ method: 'LINEAR' });
    const refused = cliEnvironment([...RUN, '--installations', bad, samples]);
    expect(await runAssessCommand(refused.env)).toBe(1);
    expect(refused.err.join('\n')).toContain(
      `${bad} [1].correction.coefficients: must be given with method LINEAR`,
    );
    const other = join(root, 'other.json');
    writeFileSync(other, JSON.stringify([installation(8)]));
    const missing = cliEnvironment([...RUN, '--installations', other, samples]);
    expect(await runAssessCommand(missing.env)).toBe(1);
    expect(missing.err.join('\n')).toContain(`${other}: no installation 9`);
  });
});
