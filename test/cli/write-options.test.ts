import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-args.js';

// The live-write flags of `airq`: --write-keys (and AIRQ_WRITE_KEYS), --max-body, --data-dir and
// --fsync, with the usage errors a person gets for each mistake.

function options(argv: string[], env: Record<string, string> = {}) {
  const command = parseCliArgs(argv, env);
  if (command.kind !== 'serve') throw new Error(JSON.stringify(command));
  return command.options;
}

function usage(argv: string[], env: Record<string, string> = {}) {
  const command = parseCliArgs(argv, env);
  return command.kind === 'usage-error' ? command.message : `no usage error: ${command.kind}`;
}

describe('--write-keys', () => {
  it('takes the syntax of --keys, the flag before AIRQ_WRITE_KEYS, a blank variable as unset', () => {
    expect(options(['--write-keys', 'w']).writeKeys).toEqual([{ key: 'w' }]);
    expect(options([], { AIRQ_WRITE_KEYS: 'a:10:2,b' }).writeKeys).toEqual([
      { key: 'a', dayLimit: 10, minuteLimit: 2 },
      { key: 'b' },
    ]);
    expect(options(['--write-keys', 'f'], { AIRQ_WRITE_KEYS: 'e' }).writeKeys).toEqual([
      { key: 'f' },
    ]);
    expect(options([], { AIRQ_WRITE_KEYS: '  ' }).writeKeys).toBeUndefined();
    expect(options([]).writeKeys).toBeUndefined();
  });

  it('names a bad entry by its position and never echoes a key', () => {
    const message = usage(['--write-keys', 'secret-one,:5']);
    expect(message).toMatch(/^--write-keys: key list entry 2 must look like KEY/);
    expect(message).not.toMatch(/secret-one/);
    expect(usage([], { AIRQ_WRITE_KEYS: 'k:0' })).toMatch(
      /^AIRQ_WRITE_KEYS: .*day limit must be a positive integer/,
    );
  });
});

describe('--max-body', () => {
  it('is 1 MiB by default, and takes bytes, k and m', () => {
    expect(options([]).maxBodyBytes).toBe(1_048_576);
    expect(options(['--max-body', '1']).maxBodyBytes).toBe(1);
    expect(options(['--max-body', '512k']).maxBodyBytes).toBe(524_288);
    expect(options(['--max-body', '1024m']).maxBodyBytes).toBe(1024 ** 3);
  });

  it('refuses 0, over 1 GiB, units it does not know and anything else', () => {
    for (const text of ['0', '1025m', '1g', '1.5m', '-1', 'big', '']) {
      expect(usage([`--max-body=${text}`])).toMatch(
        /^--max-body must be a size from 1 byte to 1024m/,
      );
    }
  });
});

describe('--data-dir and --fsync', () => {
  it('default to ./airq-data (not given) and always', () => {
    const { dataDir, dataDirGiven, fsync } = options([]);
    expect({ dataDir, dataDirGiven, fsync }).toEqual({
      dataDir: './airq-data',
      dataDirGiven: false,
      fsync: 'always',
    });
    expect(options(['--data-dir', 'd', '--fsync', 'interval'])).toMatchObject({
      dataDir: 'd',
      dataDirGiven: true,
      fsync: 'interval',
    });
  });

  it('refuse a bad policy, an empty directory, and either flag with --database', () => {
    expect(usage(['--fsync', 'never'])).toBe(
      '--fsync must be one of always, interval, got "never"',
    );
    expect(usage(['--data-dir', ''])).toBe('--data-dir must not be empty');
    const database = ['--database', 'postgres://localhost/airq'];
    expect(usage([...database, '--data-dir', 'd'])).toMatch(
      /^--data-dir is for the journal: with --database/,
    );
    expect(usage([...database, '--fsync', 'always'])).toMatch(/^--fsync is for the journal/);
    expect(usage(['--fsync', 'always'], { AIRQ_DATABASE_URL: 'postgres://h/db' })).toMatch(
      /^--fsync is for the journal/,
    );
  });
});
