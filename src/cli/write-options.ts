import { parseKeyList } from '../http/api-keys.js';
import { DEFAULT_MAX_BODY_BYTES } from '../http/request-body.js';
import { type CommandLine, invalid, oneOf, UsageError } from './command-line.js';

// The flags of live writes: who may write (`--write-keys`), how large a body may be
// (`--max-body`), and where and how the journal keeps what was acknowledged (`--data-dir`,
// `--fsync`). PostgreSQL keeps the writes itself, so the journal's flags contradict
// `--database`.

type Environment = Readonly<Record<string, string | undefined>>;

/** Default `--data-dir`: the journal of live writes, relative to the working directory. */
export const DEFAULT_DATA_DIR = './airq-data';
/** The `--fsync` policies. */
export const FSYNC_POLICIES = Object.freeze(['always', 'interval'] as const);

/**
 * A key list from its flag, else from its variable (blank there means unset); `undefined` when
 * neither gives one. A bad entry is named by position, never echoed.
 *
 * @example
 * readKeyList(line, { AIRQ_WRITE_KEYS: 'w1' }, 'write-keys', 'AIRQ_WRITE_KEYS'); // { list: [{ key: 'w1' }], source: 'AIRQ_WRITE_KEYS' }
 */
export function readKeyList(
  line: CommandLine,
  env: Environment,
  flagName: string,
  variable: string,
) {
  const flag = line.text(flagName);
  const [text, source] = flag !== undefined ? [flag, `--${flagName}`] : [env[variable], variable];
  if (text === undefined || (source === variable && text.trim() === '')) return undefined;
  try {
    return { list: parseKeyList(text), source };
  } catch (error) {
    throw new UsageError(`${source}: ${(error as Error).message.replace(/^parseKeyList: /, '')}`);
  }
}

const SIZE = /^(\d{1,10})([km]?)$/;

// `--max-body`: bytes, KiB or MiB, at least one byte and at most 1 GiB.
function readMaxBody(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_BODY_BYTES;
  const match = SIZE.exec(text);
  const bytes =
    match === null
      ? Number.NaN
      : Number(match[1]) * { '': 1, k: 1024, m: 1024 ** 2 }[match[2] as '' | 'k' | 'm'];
  if (!(bytes >= 1 && bytes <= 1024 ** 3))
    throw invalid(
      '--max-body',
      'must be a size from 1 byte to 1024m, such as 1048576, 512k or 4m',
      text,
    );
  return bytes;
}

// The live-write flags: who may write, how large a body may be, and where the journal lives.
/**
 * The live-write options of `airq` (serving), checked.
 *
 * @example
 * readWrites(line, {}, undefined); // { maxBodyBytes: 1048576, dataDir: './airq-data', dataDirGiven: false, fsync: 'always' }
 */
export function readWrites(line: CommandLine, env: Environment, databaseUrl: string | undefined) {
  const writeKeys = readKeyList(line, env, 'write-keys', 'AIRQ_WRITE_KEYS')?.list;
  const dataDir = line.text('data-dir');
  const fsync = line.text('fsync');
  if (dataDir === '') throw new UsageError('--data-dir must not be empty');
  if (databaseUrl !== undefined && (dataDir !== undefined || fsync !== undefined))
    throw new UsageError(
      `--${dataDir !== undefined ? 'data-dir' : 'fsync'} is for the journal: with --database, PostgreSQL keeps the writes`,
    );
  return {
    ...(writeKeys === undefined ? {} : { writeKeys }),
    maxBodyBytes: readMaxBody(line.text('max-body')),
    dataDir: dataDir ?? DEFAULT_DATA_DIR,
    dataDirGiven: dataDir !== undefined,
    fsync: oneOf('--fsync', fsync ?? 'always', FSYNC_POLICIES),
  };
}
