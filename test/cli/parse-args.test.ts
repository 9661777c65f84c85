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
        retentionMs: 30 * 86_400_000,
        whoEdition: 'WHO_2021',
        logLevel: 'info',
        maxBodyBytes: 1024 * 1024,
        dataDir: './airq-data',
        dataDirGiven: false,
        fsync: 'always',
        tiles: {
          url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          attribution: '© OpenStreetMap contributors',
          attributionUrl: 'https://www.openstreetmap.org/copyright',
        },
      },
    });
  });

  it('reads --tiles and --tiles-attribution, or none, with clear usage errors', () => {
    const tiles = (argv: string[]) => {
      const command = parseCliArgs(argv, {});
      return command.kind === 'serve' ? command.options.tiles : command;
    };
    expect(tiles(['--tiles', 'none'])).toBeUndefined();
    expect(
      tiles([
        '--tiles',
        'http://127.0.0.1:9000/{z}/{x}/{y}.png',
        '--tiles-attribution',
        'Local test tiles',
      ]),
    ).toEqual({ url: 'http://127.0.0.1:9000/{z}/{x}/{y}.png', attribution: 'Local test tiles' });
    expect(
      tiles(['--tiles', 'https://{s}.t.example/{z}/{x}/{y}{r}.png', '--tiles-attribution', 'E']),
    ).toEqual({
      url: 'https://{s}.t.example/{z}/{x}/{y}{r}.png',
      attribution: 'E',
    });
    // OpenStreetMap's tiles with another wording of the attribution: no link is invented.
    expect(tiles(['--tiles-attribution', 'Map data © OpenStreetMap'])).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: 'Map data © OpenStreetMap',
    });
    expect(tiles(['--tiles', 'https://t.example/{z}/{x}/{y}.png'])).toEqual({
      kind: 'usage-error',
      message: '--tiles needs --tiles-attribution (the attribution the tile provider requires)',
    });
    expect(tiles(['--tiles', 'tiles/{z}/{x}/{y}.png', '--tiles-attribution', 'E'])).toEqual({
      kind: 'usage-error',
      message:
        '--tiles must be an http(s) URL with {z}, {x} and {y}, or none, got "tiles/{z}/{x}/{y}.png"',
    });
    expect(tiles(['--tiles', 'https://t.example/{z}/{x}.png', '--tiles-attribution', 'E'])).toEqual(
      {
        kind: 'usage-error',
        message:
          '--tiles must be an http(s) URL with {z}, {x} and {y}, or none, got "https://t.example/{z}/{x}.png"',
      },
    );
    expect(
      tiles(['--tiles', 'https://t.example/{z}/{x}/{y}.png?k={key}', '--tiles-attribution', 'E']),
    ).toEqual({
      kind: 'usage-error',
      message:
        '--tiles may hold no placeholder other than {z}, {x}, {y}, {s} and {r}, or none, got "https://t.example/{z}/{x}/{y}.png?k={key}"',
    });
    expect(tiles(['--tiles', 'none', '--tiles-attribution', 'E'])).toEqual({
      kind: 'usage-error',
      message: '--tiles-attribution has nothing to attribute with --tiles none',
    });
    expect(tiles(['--tiles-attribution', ' '])).toEqual({
      kind: 'usage-error',
      message: '--tiles-attribution must not be empty',
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
        '--retention',
        '12h',
        '--quiet',
        '--tiles',
        'none',
        '--write-keys',
        'w1,w2:1000',
        '--max-body',
        '512k',
        '--data-dir',
        '/var/lib/airq',
        '--fsync',
        'interval',
      ],
      { AIRQ_API_KEYS: 'ignored', AIRQ_WRITE_KEYS: 'ignored too' },
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
        retentionMs: 12 * 3_600_000,
        whoEdition: 'WHO_2005',
        logLevel: 'silent',
        writeKeys: [{ key: 'w1' }, { key: 'w2', dayLimit: 1000 }],
        maxBodyBytes: 512 * 1024,
        dataDir: '/var/lib/airq',
        dataDirGiven: true,
        fsync: 'interval',
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

  it('reads --retention: days, hours or minutes of at least an hour, or 0 for none', () => {
    const retention = (text: string) => {
      const command = parseCliArgs([`--retention=${text}`], {});
      if (command.kind === 'serve') return command.options.retentionMs;
      return command.kind === 'usage-error' ? command.message : command.kind;
    };
    expect(['90m', '1h', '0'].map(retention)).toEqual([5_400_000, 3_600_000, undefined]);
    const expectation = 'must be 0 or a duration of at least 1h such as 30d, 12h or 90m';
    for (const bad of ['59m', '0h', '30', '1.5h', '2w', '-1d', ' 1d', '']) {
      expect(retention(bad)).toBe(`--retention ${expectation}, got ${JSON.stringify(bad)}`);
    }
  });

  it('takes keys from AIRQ_API_KEYS when --keys is absent', () => {
    const command = parseCliArgs([], { AIRQ_API_KEYS: 'env-key:7' });
    expect(command.kind === 'serve' && command.options).toMatchObject({
      keys: [{ key: 'env-key', dayLimit: 7 }],
      keysSource: 'AIRQ_API_KEYS',
    });
  });

  it('reads where the database and the counters live, flags before the environment', () => {
    const env = { AIRQ_DATABASE_URL: 'postgres://env/db', AIRQ_REDIS_URL: 'redis://env:6379' };
    const fromEnv = parseCliArgs([], env);
    expect(fromEnv.kind === 'serve' && fromEnv.options).toMatchObject({
      databaseUrl: 'postgres://env/db',
      redisUrl: 'redis://env:6379',
    });
    const argv = [
      '--database',
      'postgresql://u:p@h/d',
      '--redis',
      'rediss://h:1',
      '--sample-network',
    ];
    const fromFlags = parseCliArgs([...argv, '--redis-fail-open'], env);
    expect(fromFlags.kind === 'serve' && fromFlags.options).toMatchObject({
      databaseUrl: 'postgresql://u:p@h/d',
      sampleNetwork: true,
      redisUrl: 'rediss://h:1',
      redisFailOpen: true,
    });
    // Empty variables mean unset, so the in-memory default stays exactly as it was.
    const blank = parseCliArgs([], { AIRQ_DATABASE_URL: '', AIRQ_REDIS_URL: ' ' });
    expect(blank).toEqual(parseCliArgs([], {}));
  });

  it.each([
    [
      ['--database', 'mysql://u:hunter2@h/d'],
      {},
      '--database must be a postgres:// or postgresql:// URL',
    ],
    [
      [],
      { AIRQ_REDIS_URL: 'http://u:hunter2@h' },
      'AIRQ_REDIS_URL must be a redis:// or rediss:// URL',
    ],
    [['--redis-fail-open'], {}, '--redis-fail-open needs --redis (or AIRQ_REDIS_URL)'],
    [
      ['--sample-network', '--installations', 'i.json'],
      {},
      '--sample-network and --installations exclude each other',
    ],
    [
      ['--import-sensor-community', 'dir'],
      { AIRQ_DATABASE_URL: 'postgres://u:hunter2@h/db' },
      '--import-sensor-community cannot be combined with a --database',
    ],
  ])('rejects %j %j without echoing a URL', (argv, env, message) => {
    const command = parseCliArgs(argv, env);
    expect(command).toEqual({ kind: 'usage-error', message });
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
    // Flags of the help text, a flag's value and the end of options, one per word.
    const flags = `--port --host --keys --day-limit --minute-limit --installations --samples
      --import-sensor-community --now --retention --who --quiet --log-level info --database
      --sample-network --redis --redis-fail-open --tiles none --tiles-attribution -h --`;
    const token = fc.oneof(fc.constantFrom(...flags.split(/\s+/)), fc.string({ maxLength: 8 }));
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
