import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_HELP, parseImportArgs, runImportCommand } from '../../src/cli/import-command.js';
import { EXIT_FAILURE, EXIT_USAGE, main } from '../../src/cli/main.js';
import { PROGRESS_MIN_BYTES } from '../../src/cli/progress-bar.js';
import { cliEnvironment } from '../helpers/cli-environment.js';

const SC = 'test/fixtures/import/sensor-community';
const HEADER = 'sensor_id;sensor_type;location;lat;lon;timestamp;P1;durP1;ratioP1;P2;durP2;ratioP2';
const root = mkdtempSync(join(tmpdir(), 'airq-import-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('parseImportArgs', () => {
  it('reads the source, the output directory and the inputs', () => {
    expect(parseImportArgs(['--from', 'openaq', '--out', 'data', 'a.json', 'pages/'])).toEqual({
      kind: 'run',
      from: 'openaq',
      out: 'data',
      files: ['a.json', 'pages/'],
    });
    expect(parseImportArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--out', 'd', 'f'], '--from must be sensor-community, openaq or purpleair, got nothing'],
    [
      ['--from', 'airly', '--out', 'd', 'f'],
      '--from must be sensor-community, openaq or purpleair, got "airly"',
    ],
    [['--from', 'openaq', 'f'], '--out DIR is required (where the files are written)'],
    [['--from', 'openaq', '--out', 'd'], 'name at least one input file or directory'],
    [
      ['--from', 'openaq', '--out', 'd', '--port', '1', 'f'],
      "Unknown option '--port'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--port\"",
    ],
  ])('refuses %j', (argv, message) => {
    expect(parseImportArgs(argv)).toEqual({ kind: 'usage-error', message });
  });

  it('never throws, whatever the arguments (1,000 runs)', () => {
    const token = fc.oneof(
      fc.constantFrom(
        '--from',
        '--out',
        'openaq',
        'sensor-community',
        'purpleair',
        '-h',
        '--',
        '--x',
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 8 }), (argv) => {
        expect(['help', 'run', 'usage-error']).toContain(parseImportArgs(argv).kind);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('airq import', () => {
  it('is the import subcommand of main: bad rows to stderr, the summary to stdout, exit 0', async () => {
    const outDir = join(root, 'ok');
    const { out, err, raw, env } = cliEnvironment([
      'import',
      '--from',
      'sensor-community',
      '--out',
      outDir,
      SC,
    ]);
    expect(await main(env)).toBe(0);
    expect(err).toHaveLength(7);
    expect(err[0]).toBe(
      `rejected: ${SC}/2026-11-21/2026-11-21_bme280_sensor_40113.csv:4: humidity 104.2 is outside [0, 100] %`,
    );
    expect(err[6]).toMatch(/^note: .*_sds011_sensor_40112\.csv:9: location 27045 moved/);
    expect(out).toEqual([
      'Read 3 files: 14 rows, 8 kept, 6 rejected.',
      `Wrote 18 samples to ${outDir}/samples.csv`,
      `  and 3 installations to ${outDir}/installations.json.`,
      '1 location changed its coordinates; each place became an installation of its own.',
    ]);
    expect(raw).toEqual([]); // small input: no progress bar, even on a terminal
    expect(readdirSync(outDir).sort()).toEqual(['installations.json', 'samples.csv']);
  });

  it('draws a progress bar on stderr for an input over 10 MiB on a terminal', async () => {
    const file = join(root, 'big.csv');
    const row = '40112;SDS011;27045;50.062;19.937;2026-11-21T08:01:12;41.30;;;27.10;;\n';
    const rows = Math.ceil((PROGRESS_MIN_BYTES + 1) / row.length);
    writeFileSync(file, `${HEADER}\n${row.repeat(rows)}`);
    const { out, raw, env } = cliEnvironment(
      ['--from', 'sensor-community', '--out', join(root, 'big'), file],
      { tty: true },
    );
    expect(await runImportCommand(env)).toBe(0);
    expect(raw.length).toBeGreaterThanOrEqual(2);
    expect(raw.at(-2)).toMatch(/^\r\[#{30}\] 100% {2}10\.0 \/ 10\.0 MiB$/);
    expect(raw.at(-1)).toBe('\n');
    expect(out[0]).toBe(`Read 1 file: ${rows} rows, ${rows} kept, 0 rejected.`);
  });

  it('exits 1 and writes nothing when an input has no valid row', async () => {
    const outDir = join(root, 'failed');
    const { out, err, env } = cliEnvironment([
      '--from',
      'openaq',
      '--out',
      outDir,
      'test/fixtures/import/openaq/sensors-30101-measurements.json',
    ]);
    expect(await runImportCommand(env)).toBe(EXIT_FAILURE);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'airq import: nothing was written, 1 problem in the input:\n  test/fixtures/import/openaq/sensors-30101-measurements.json: holds measurements of sensor 30101, which no locations file given lists',
    ]);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('prints its help, and exits 2 for bad arguments', async () => {
    const help = cliEnvironment(['--help']);
    expect(await runImportCommand(help.env)).toBe(0);
    expect(help.out).toEqual([IMPORT_HELP]);
    const bad = cliEnvironment(['import', '--from', 'x']);
    expect(await main(bad.env)).toBe(EXIT_USAGE);
    expect(bad.err).toEqual([
      'airq import: --from must be sensor-community, openaq or purpleair, got "x"\nRun airq import --help for the options.',
    ]);
  });

  it('gives up, writing nothing, when the process is asked to stop', async () => {
    const outDir = join(root, 'stopped');
    const { err, env } = cliEnvironment(['--from', 'sensor-community', '--out', outDir, SC]);
    const code = await runImportCommand({ ...env, stopRequested: Promise.resolve('SIGINT') });
    expect(code).toBe(EXIT_FAILURE);
    expect(err.at(-1)).toBe('airq import: nothing was written: SIGINT received');
    expect(readdirSync(outDir)).toEqual([]);
  });
});
