import type { PoolConfig } from 'pg';
import { checkNumberInRange, checkObject } from '../../arguments/argument-checks.js';
import { argumentError } from '../../arguments/describe-value.js';
import { checkRetentionMs } from '../store-arguments.js';

/** Options of `PostgresStore.connect`. */
export interface PostgresStoreOptions {
  /** A libpq connection URI such as `postgres://airq@db.example:5432/airq`. */
  readonly connectionString: string;
  /**
   * How long any call of the store may take, in milliseconds, connecting included. A call
   * that misses it, or cannot reach the server, rejects with `DependencyUnavailableError`.
   * Default 2000.
   */
  readonly deadlineMs?: number;
  /**
   * The schema that holds the store's tables; it must exist. Default: the server's
   * `search_path` (normally `public`). Lowercase letters, digits and `_`.
   */
  readonly schema?: string;
  /** Connections kept at most. Default 10. */
  readonly poolSize?: number;
  /**
   * How much history `PostgresStore.pruneExpired` keeps, in milliseconds, as
   * `InMemoryStore`'s option of the same name. Default: none (keep everything until
   * `pruneBefore` is called).
   */
  readonly retentionMs?: number;
}

/** The defaults of {@link PostgresStoreOptions}. */
export const DEFAULT_DEADLINE_MS = 2000;
const DEFAULT_POOL_SIZE = 10;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Checked options with defaults applied. */
export interface ResolvedStoreOptions {
  readonly deadlineMs: number;
  readonly retentionMs: number | undefined;
  readonly pool: PoolConfig;
}

/**
 * Checks the options of `PostgresStore.connect` and builds the pool's configuration: every
 * connection starts in UTC (so no server default zone can shift an hour), without JIT, and with
 * the store's schema first on its `search_path`; the deadline also bounds connecting, each query
 * on the client (`query_timeout`) and each statement on the server (`statement_timeout`).
 *
 * @throws TypeError / RangeError naming the option and its value
 * @example
 * resolveStoreOptions({ connectionString: 'postgres://localhost/airq' }).deadlineMs; // 2000
 */
export function resolveStoreOptions(options: PostgresStoreOptions): ResolvedStoreOptions {
  const fn = 'PostgresStore.connect';
  checkObject(fn, 'options', options);
  const { connectionString, deadlineMs = DEFAULT_DEADLINE_MS, schema, poolSize } = options;
  checkRetentionMs(fn, options.retentionMs);
  if (typeof connectionString !== 'string' || connectionString === '') {
    throw argumentError(
      TypeError,
      fn,
      'options.connectionString',
      'must be a non-empty string',
      connectionString,
    );
  }
  checkNumberInRange(fn, 'options.deadlineMs', deadlineMs, 1, 3_600_000);
  if (schema !== undefined && (typeof schema !== 'string' || !SCHEMA_NAME.test(schema))) {
    throw argumentError(
      RangeError,
      fn,
      'options.schema',
      'must be a lowercase SQL identifier',
      schema,
    );
  }
  const max = poolSize ?? DEFAULT_POOL_SIZE;
  checkNumberInRange(fn, 'options.poolSize', max, 1, 1000);
  if (!Number.isInteger(max)) {
    throw argumentError(RangeError, fn, 'options.poolSize', 'must be an integer', max);
  }
  // No JIT: every statement is a few index lookups, and compiling one costs far more (a
  // generic plan over many partitions can pass jit_above_cost: 240 ms for a 0.4 ms query).
  const settings = ['-c TimeZone=UTC', '-c plan_cache_mode=force_generic_plan', '-c jit=off'];
  if (schema !== undefined) settings.push(`-c search_path=${schema}`);
  return {
    deadlineMs,
    retentionMs: options.retentionMs,
    pool: {
      connectionString,
      max,
      application_name: 'airq',
      options: settings.join(' '),
      connectionTimeoutMillis: Math.ceil(deadlineMs),
      query_timeout: Math.ceil(deadlineMs),
      statement_timeout: Math.ceil(deadlineMs),
    },
  };
}
