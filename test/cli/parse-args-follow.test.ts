// The `--follow…` flags of `airq` on its command line: repeated flags, their usage errors as the
// CLI prints them, the help that declares them, and the flags that already took durations.
import { describe, expect, it } from 'vitest';
import { readCommandLine } from '../../src/cli/command-line.js';
import { CLI_HELP, parseCliArgs } from '../../src/cli/parse-args.js';

const BOX = ['--follow-box', '49.97,19.79,50.13,20.22'];

function follow(argv: string[], env: Record<string, string> = {}) {
  const command = parseCliArgs(argv, env);
  if (command.kind === 'serve') return command.options.follow;
  return command;
}

describe('parseCliArgs: --follow and its flags', () => {
  it('leaves follow out without --follow', () => {
    const command = parseCliArgs([], {});
    expect(command.kind === 'serve' && 'follow' in command.options).toBe(false);
  });

  it('reads repeated --follow, --follow-every and --follow-url in order, with the keys', () => {
    const argv = [
      '--follow',
      'openaq',
      '--follow',
      'sensor-community',
      ...BOX,
      '--follow-every',
      '5m',
      '--follow-every=sensor-community=30s',
      '--follow-url',
      'openaq=http://127.0.0.1:9001/',
      '--follow-url',
      'sensor-community=http://127.0.0.1:9002',
      '--follow-indoor',
    ];
    const box = { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 };
    expect(follow(argv, { AIRQ_OPENAQ_KEY: 'k-1', AIRQ_PURPLEAIR_KEY: 'unused' })).toEqual({
      sources: [
        {
          name: 'openaq',
          everyMs: 300_000,
          box,
          indoor: true,
          baseUrl: 'http://127.0.0.1:9001',
          key: 'k-1',
        },
        {
          name: 'sensor-community',
          everyMs: 30_000,
          box,
          indoor: true,
          baseUrl: 'http://127.0.0.1:9002',
        },
      ],
    });
  });

  it('turns each refusal into a usage error, never showing a key', () => {
    expect(follow(['--follow', 'openaq'])).toEqual({
      kind: 'usage-error',
      message:
        '--follow needs --follow-box minLat,minLng,maxLat,maxLng (the area to follow; minLng > maxLng crosses 180°)',
    });
    expect(follow(['--follow', 'openaq', ...BOX])).toEqual({
      kind: 'usage-error',
      message: "--follow openaq needs OpenAQ's API key in AIRQ_OPENAQ_KEY, which is not set",
    });
    expect(follow(['--follow', 'purpleair', ...BOX], { AIRQ_PURPLEAIR_KEY: 'a\tb' })).toEqual({
      kind: 'usage-error',
      message: 'AIRQ_PURPLEAIR_KEY must be visible ASCII without spaces (the key is not shown)',
    });
    expect(follow(['--follow-indoor'])).toEqual({
      kind: 'usage-error',
      message: '--follow-indoor needs --follow SOURCE (what to follow)',
    });
    expect(follow(['--follow', 'sensor-community', ...BOX, '--follow-every', '500ms'])).toEqual({
      kind: 'usage-error',
      message:
        '--follow-every must be a duration from 1s to 1d such as 30s, 5m or 1h, or SOURCE=DURATION, got "500ms"',
    });
    expect(follow(['--follow'])).toEqual({
      kind: 'usage-error',
      message: "Option '--follow <value>' argument missing",
    });
    expect(follow(['--follow-indoor=yes'])).toMatchObject({ kind: 'usage-error' });
  });

  it('keeps --retention as it was: no seconds, at least an hour', () => {
    const retention = (text: string) => {
      const command = parseCliArgs(['--retention', text], {});
      if (command.kind === 'serve') return command.options.retentionMs;
      return command.kind === 'usage-error' ? command.message : command.kind;
    };
    expect(retention('90m')).toBe(5_400_000);
    expect(retention('2d')).toBe(172_800_000);
    const refused = '--retention must be 0 or a duration of at least 1h such as 30d, 12h or 90m';
    expect(retention('3600s')).toBe(`${refused}, got "3600s"`);
    expect(retention('59m')).toBe(`${refused}, got "59m"`);
  });

  it('declares the flags in the help, repeatable ones with ..., within 100 columns', () => {
    for (const flag of [
      '--follow SOURCE...',
      '--follow-box BOX',
      '--follow-every DURATION...',
      '--follow-url SOURCE=URL...',
      '--follow-indoor ',
    ]) {
      expect(CLI_HELP).toContain(`  ${flag}`);
    }
    expect(CLI_HELP).toContain('(default sensor-community 1m, openaq 10m, purpleair 10m)');
    const followLines = CLI_HELP.split('\n').filter((line) => /follow|AIRQ_.*_KEY/.test(line));
    expect(followLines.every((line) => line.length <= 100)).toBe(true);
  });
});

describe('readCommandLine: repeatable options', () => {
  const help = '  --tag NAME...     a tag, repeatable\n  --out DIR         output\n';

  it('gives every value of an option declared with ..., in order', () => {
    const line = readCommandLine(help, ['--tag', 'a', '--out', 'd', '--tag=b'], false);
    expect(line.texts('tag')).toEqual(['a', 'b']);
    expect(readCommandLine(help, [], false).texts('tag')).toEqual([]);
    expect(line.text('out')).toBe('d');
  });

  it('treats reading a repeatable option as a single one, or the reverse, as a slip', () => {
    const line = readCommandLine(help, [], false);
    expect(() => line.text('tag')).toThrow(new Error('no string option --tag'));
    expect(() => line.texts('out')).toThrow(new Error('no repeatable string option --out'));
  });
});
