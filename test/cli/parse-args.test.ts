import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLI_HELP, parseCliArgs } from '../../src/cli/parse-args.js';

describe('parseCliArgs', () => {
  it('gives the defaults with no flags', () => {
    expect(parseCliArgs([], {})).toEqual({
      kind: 'serve',
      options: {
        port: 8080,
        host: '127.0.0.1',
        keys: undefined,
        keysSource: 'demo',
        dayLimit: 100,
        minuteLimit: 50,
        whoEdition: 'WHO_2021',
        logLevel: 'info',
      },
    });
  });

  it('reads every flag', () => {
    const command = parseCliArgs(
      [
        '--port',
        '9000',
        '--host',
        '0.0.0.0',
        '--keys',
        'a,b:500:20',
        '--day-limit',
        '10',
        '--minute-limit=5',
        '--installations',
        'i.json',
        '--samples',
        's.csv',
        '--now',
        '2026-11-21T09:27:00Z',
        '--who',
        '2005',
        '--quiet',
      ],
      { AIRQ_API_KEYS: 'ignored' },
    );
    expect(command).toEqual({
      kind: 'serve',
      options: {
        port: 9000,
        host: '0.0.0.0',
        keys: [{ key: 'a' }, { key: 'b', dayLimit: 500, minuteLimit: 20 }],
        keysSource: '--keys',
        dayLimit: 10,
        minuteLimit: 5,
        installationsPath: 'i.json',
        samplesPath: 's.csv',
        nowMs: Date.parse('2026-11-21T09:27:00Z'),
        whoEdition: 'WHO_2005',
        logLevel: 'silent',
      },
    });
  });

  it('reads --log-level, and --quiet as silent', () => {
    const level = (argv: string[]) => {
      const command = parseCliArgs(argv, {});
      return command.kind === 'serve' ? command.options.logLevel : command;
    };
    expect(level(['--log-level', 'warn'])).toBe('warn');
    expect(level(['--log-level=debug'])).toBe('debug');
    expect(level(['--quiet', '--log-level', 'silent'])).toBe('silent');
    expect(level(['--log-level', 'loud'])).toEqual({
      kind: 'usage-error',
      message:
        '--log-level must be one of trace, debug, info, warn, error, fatal, silent, got "loud"',
    });
    expect(level(['--quiet', '--log-level', 'info'])).toEqual({
      kind: 'usage-error',
      message: '--quiet and --log-level info contradict each other',
    });
  });

  it('takes keys from AIRQ_API_KEYS when --keys is absent', () => {
    const command = parseCliArgs([], { AIRQ_API_KEYS: 'env-key:7' });
    expect(command.kind === 'serve' && command.options).toMatchObject({
      keys: [{ key: 'env-key', dayLimit: 7 }],
      keysSource: 'AIRQ_API_KEYS',
    });
  });

  it('answers --help and -h with the help text', () => {
    expect(parseCliArgs(['--help'], {})).toEqual({ kind: 'help', text: CLI_HELP });
    expect(parseCliArgs(['-h', '--port', 'x'], {}).kind).toBe('help');
  });

  it.each([
    [['--port', 'x'], '--port must be an integer in [0, 65535], got "x"'],
    [['--port', '70000'], '--port must be an integer in [0, 65535], got "70000"'],
    [['--day-limit', '0'], '--day-limit must be a positive integer, got "0"'],
    [['--minute-limit', '1.5'], '--minute-limit must be a positive integer, got "1.5"'],
    [['--who', '2010'], '--who must be 2021 or 2005, got "2010"'],
    [['--now', 'yesterday'], '--now must be an ISO 8601 timestamp, got "yesterday"'],
    [['--samples', 's.csv'], '--samples needs --installations (samples belong to installations)'],
    [['--keys', 'a:b'], '--keys: key list entry 1 day limit must be a positive integer, got "b"'],
    [['--host', ''], '--host must not be empty'],
    [['--bogus'], "Unknown option '--bogus'"],
    [['extra'], "Unexpected argument 'extra'"],
    [['--port'], "Option '--port <value>' argument missing"],
  ])('rejects %j with a clear message', (argv, message) => {
    const command = parseCliArgs(argv, {});
    expect(command.kind).toBe('usage-error');
    if (command.kind === 'usage-error') expect(command.message).toContain(message);
  });

  it('reads --import-sensor-community DIR, alone or with --now, and not with --installations', () => {
    const command = parseCliArgs(['--import-sensor-community', 'archive/2026-11-21'], {});
    expect(command.kind === 'serve' && command.options.importSensorCommunityDir).toBe(
      'archive/2026-11-21',
    );
    expect(
      parseCliArgs(['--import-sensor-community', 'a', '--installations', 'i.json'], {}),
    ).toEqual({
      kind: 'usage-error',
      message: '--import-sensor-community and --installations cannot be combined',
    });
    expect(parseCliArgs(['--import-sensor-community', ''], {})).toEqual({
      kind: 'usage-error',
      message: '--import-sensor-community must not be empty',
    });
    const plain = parseCliArgs([], {});
    expect(plain.kind === 'serve' && 'importSensorCommunityDir' in plain.options).toBe(false);
  });

  it('never echoes a key in a key-list error', () => {
    const command = parseCliArgs([], { AIRQ_API_KEYS: 'secret-key:abc' });
    expect(command.kind === 'usage-error' && command.message).not.toContain('secret-key');
  });

  it('never throws, whatever the arguments', () => {
    const token = fc.oneof(
      fc.constantFrom(
        '--port',
        '--host',
        '--keys',
        '--day-limit',
        '--minute-limit',
        '--installations',
        '--samples',
        '--import-sensor-community',
        '--now',
        '--who',
        '--quiet',
        '--log-level',
        'info',
        '-h',
        '--',
      ),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 8 }), (argv) => {
        const command = parseCliArgs(argv, {});
        expect(['help', 'serve', 'usage-error']).toContain(command.kind);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts every valid port and limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 65_535 }),
        fc.integer({ min: 1, max: 1e9 }),
        (port, limit) => {
          const command = parseCliArgs(['--port', String(port), '--day-limit', String(limit)], {});
          expect(
            command.kind === 'serve' && [command.options.port, command.options.dayLimit],
          ).toEqual([port, limit]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
