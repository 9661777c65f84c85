// The option tables of the command line are the option lines of each help text.
import { describe, expect, it } from 'vitest';
import { ASSESS_HELP } from '../../src/cli/assess-command.js';
import { invalid, oneOf, readCommandLine, UsageError } from '../../src/cli/command-line.js';
import { IMPORT_HELP } from '../../src/cli/import-command.js';
import { CLI_HELP } from '../../src/cli/parse-args.js';

const HELP = `Usage: tool [options] FILE

Options:
  --out DIR          output directory
  --dry-run          change nothing
                     (a continuation line: --not-an-option X)
  -h, --help         show this text
`;

describe('readCommandLine', () => {
  it('reads the options that the help text declares: with a value, boolean, short', () => {
    const line = readCommandLine(HELP, ['--out', 'd', '-h', 'a.csv', '--dry-run'], true);
    expect([line.text('out'), line.flag('dry-run'), line.flag('help')]).toEqual(['d', true, true]);
    expect(line.positionals).toEqual(['a.csv']);
    expect(readCommandLine(HELP, [], true).text('out')).toBeUndefined();
  });

  it('turns what parseArgs refuses into a UsageError with its message', () => {
    const refused = (argv: string[], allowPositionals = true) => {
      try {
        readCommandLine(HELP, argv, allowPositionals);
      } catch (error) {
        return error instanceof UsageError && error.message;
      }
    };
    expect(refused(['--not-an-option', 'X'])).toMatch(/^Unknown option '--not-an-option'/);
    expect(refused(['--out'])).toBe("Option '--out <value>' argument missing");
    expect(refused(['--dry-run=yes'])).toMatch(/^Option '--dry-run' does not take an argument/);
    expect(refused(['a.csv'], false)).toMatch(/^Unexpected argument 'a.csv'/);
  });

  it('refuses to read a name the help does not declare, as a slip in the code', () => {
    const line = readCommandLine(HELP, [], true);
    expect(() => line.text('dry-run')).toThrow(new Error('no string option --dry-run'));
    expect(() => line.flag('output')).toThrow(new Error('no boolean option --output'));
  });

  it('accepts every option line of every command', () => {
    for (const help of [CLI_HELP, IMPORT_HELP, ASSESS_HELP]) {
      const options = [...help.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)( \S+)?/gm)];
      expect(options.length).toBeGreaterThan(2);
      for (const [, flag, value] of options) {
        const argv = value === undefined ? [flag!] : [flag!, 'x'];
        expect(() => readCommandLine(help, argv, true)).not.toThrow();
      }
    }
  });
});

describe('invalid and oneOf', () => {
  it('name the flag, what it must be and the value (or nothing)', () => {
    expect(invalid('--port', 'must be an integer in [0, 65535]', 'x').message).toBe(
      '--port must be an integer in [0, 65535], got "x"',
    );
    expect(() => oneOf('--from', undefined, ['a', 'b'])).toThrow(
      new UsageError('--from must be one of a, b, got nothing'),
    );
    expect(oneOf('--who', '2005', ['2021', '2005'], 'must be 2021 or 2005')).toBe('2005');
  });
});
