import { describe, expect, it } from 'vitest';
import { CALIBRATE_HELP, parseCalibrateArgs } from '../../src/cli/calibrate-command.js';
import { readCommandLine } from '../../src/cli/command-line.js';
import { main } from '../../src/cli/main.js';
import { cliEnvironment } from '../helpers/cli-environment.js';

describe('parseCalibrateArgs', () => {
  it('reads the files, installation, minimum pairs, test start and output', () => {
    const argv = ['--samples', 's.csv', '--reference', 'r.csv'];
    expect(parseCalibrateArgs(argv)).toEqual({
      kind: 'run',
      samples: 's.csv',
      reference: 'r.csv',
      minPairs: 24,
    });
    const all = [...argv, '--installation', '9', '--min-pairs', '3', '--out', 'c.json'];
    expect(parseCalibrateArgs([...all, '--test-from', '2024-03-01T00:00:00+01:00'])).toEqual({
      kind: 'run',
      samples: 's.csv',
      reference: 'r.csv',
      installationId: 9,
      minPairs: 3,
      testFromMs: Date.UTC(2024, 1, 29, 23),
      out: 'c.json',
    });
    expect(parseCalibrateArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it('names what is wrong', () => {
    const files = ['--samples', 's.csv', '--reference', 'r.csv'];
    const message = (argv: string[]) => (parseCalibrateArgs(argv) as { message: string }).message;
    expect(message(['--reference', 'r.csv'])).toBe('--samples must name a file, got nothing');
    expect(message(['--samples', 's.csv', '--reference', ''])).toBe(
      '--reference must name a file, got ""',
    );
    expect(message([...files, '--installation', '1.5'])).toBe(
      '--installation must be a positive integer, got "1.5"',
    );
    expect(message([...files, '--min-pairs', '2'])).toBe(
      '--min-pairs must be an integer ≥ 3, got "2"',
    );
    expect(message([...files, '--min-pairs', 'x'])).toBe(
      '--min-pairs must be an integer ≥ 3, got "x"',
    );
    expect(message([...files, '--test-from', 'March'])).toBe(
      '--test-from must be an ISO 8601 date-time, got "March"',
    );
    expect(message([...files, '--out', ''])).toBe('--out must name a file, got ""');
    expect(message([...files, 'extra.csv'])).toBe(
      'name the files with --samples and --reference, got "extra.csv"',
    );
    expect(message([...files, '--bogus'])).toMatch(/bogus/);
  });

  it('declares every option of its help so that each one parses', () => {
    const options = [...CALIBRATE_HELP.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)( \S+)?/gm)];
    expect(options.map(([, flag]) => flag)).toEqual([
      '--samples',
      '--reference',
      '--installation',
      '--min-pairs',
      '--test-from',
      '--out',
      '--help',
    ]);
    for (const [, flag, value] of options) {
      const argv = value === undefined ? [flag!] : [flag!, 'x'];
      expect(() => readCommandLine(CALIBRATE_HELP, argv, true)).not.toThrow();
    }
  });
});

describe('airq calibrate --help', () => {
  it('prints its help, is listed in the main help, and exits with 2 on bad flags', async () => {
    const help = cliEnvironment(['calibrate', '--help']);
    expect(await main(help.env)).toBe(0);
    expect(help.out).toEqual([CALIBRATE_HELP]);
    const full = cliEnvironment(['--help']);
    expect(await main(full.env)).toBe(0);
    expect(full.out.join('\n')).toContain('airq calibrate --help');
    expect(full.out.join('\n')).toContain(CALIBRATE_HELP);
    const bad = cliEnvironment(['calibrate', '--samples', 's.csv']);
    expect(await main(bad.env)).toBe(2);
    expect(bad.err).toEqual([
      'airq calibrate: --reference must name a file, got nothing\nRun airq calibrate --help for the options.',
    ]);
  });
});
