import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_HELP, parseImportArgs, runImportCommand } from '../../src/cli/import-command.js';
import { EXIT_FAILURE, main } from '../../src/cli/main.js';
import { cliEnvironment } from '../helpers/cli-environment.js';

// `airq import --from purpleair` end to end: the fixture directory (a real slice of a saved
// history CSV, a written indoor history and the sensor list) through main, as a user runs it.

const DIR = 'test/fixtures/purpleair';
const root = mkdtempSync(join(tmpdir(), 'airq-import-purpleair-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('airq import --from purpleair', () => {
  it('reads the source name and lists it in the help', () => {
    expect(parseImportArgs(['--from', 'purpleair', '--out', 'd', DIR])).toEqual({
      kind: 'run',
      from: 'purpleair',
      out: 'd',
      files: [DIR],
    });
    expect(IMPORT_HELP).toContain('--from SOURCE      sensor-community, openaq or purpleair');
    expect(IMPORT_HELP).toMatch(
      /\n {2}purpleair {10}saved PurpleAir API v1 answers: history CSV of\n/,
    );
  });

  it('imports the directory: refused lines to stderr as FILE:LINE: reason, the summary to stdout', async () => {
    const outDir = join(root, 'ok');
    const { out, err, env } = cliEnvironment([
      'import',
      '--from',
      'purpleair',
      '--out',
      outDir,
      DIR,
    ]);
    expect(await main(env)).toBe(0);
    expect(err).toEqual([
      `rejected: ${DIR}/sensor-205273-history.csv:9: pm2.5_atm_a 1866.188 and pm2.5_atm_b 6.678 disagree: they are 1859.51 µg/m³ and 199 % of their mean apart, more than both 5 µg/m³ and 70 % (the A/B channel check)`,
      `rejected: ${DIR}/sensor-205273-history.csv:10: pm2.5_atm_a 3332.04 is outside [0, 2000] µg/m³`,
      `rejected: ${DIR}/sensor-205273-history.csv:11: pm2.5_atm_a 3330.622 is outside [0, 2000] µg/m³`,
      `rejected: ${DIR}/sensor-900001-history.csv:5: pm2.5_cf_1_a 12.5 and pm2.5_cf_1_b 2 disagree: they are 10.5 µg/m³ and 145 % of their mean apart, more than both 5 µg/m³ and 70 % (the A/B channel check)`,
    ]);
    expect(out).toEqual([
      'Read 3 files: 16 rows, 12 kept, 4 rejected.',
      `Wrote 45 samples to ${outDir}/samples.csv`,
      `  and 2 installations to ${outDir}/installations.json.`,
    ]);
    expect(readdirSync(outDir).sort()).toEqual(['installations.json', 'samples.csv']);
    const records = JSON.parse(readFileSync(join(outDir, 'installations.json'), 'utf8'));
    expect(records.map((r: { correction: unknown }) => r.correction)).toEqual([
      { method: 'AIRNOW_2021' },
      { method: 'EPA_2022' },
    ]);
  });

  it('exits 1 and writes nothing when a history has no sensor list to place it', async () => {
    const outDir = join(root, 'failed');
    const history = `${DIR}/sensor-205273-history.csv`;
    const { out, err, env } = cliEnvironment(['--from', 'purpleair', '--out', outDir, history]);
    expect(await runImportCommand(env)).toBe(EXIT_FAILURE);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `airq import: nothing was written, 1 problem in the input:\n  ${history}:2: holds history of sensor 205273, which no sensor list given places; add its GET /v1/sensors answer (*.json)`,
    ]);
    expect(readdirSync(outDir)).toEqual([]);
  });
});
