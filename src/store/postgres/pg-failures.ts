import { DependencyUnavailableError, withDeadline } from '../../model/dependency-unavailable.js';

// Node socket errors that mean the server cannot be reached or went away.
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
]);

// SQLSTATEs that describe the server's state rather than the statement: class 08 (connection
// exception), 53 (insufficient resources), 57P01–57P03 (shutdown, cannot connect now), and
// 57014 (cancelled by statement_timeout, our deadline on the server's side).
const UNAVAILABLE_STATE = /^(08|53|57P0[1-3]$|57014$)/;

// Messages of pg's own client-side failures, which carry no code.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated unexpectedly/;

/**
 * Whether an error thrown by `pg` means that the database is unreachable, down or too slow
 * (a 503 for the adapter), as opposed to a problem with the statement itself, which stays as
 * it is (a bug, so a 500).
 *
 * @example
 * isUnavailability(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })); // true
 */
export function isUnavailability(error: unknown): boolean {
  if (error instanceof DependencyUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code)) return true;
    if (code.length === 5 && UNAVAILABLE_STATE.test(code)) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isUnavailability);
  return UNAVAILABLE_MESSAGE.test(error.message);
}

/**
 * Runs one call to the database under the store's deadline: it settles within `deadlineMs`,
 * and an unavailable or slow database becomes a {@link DependencyUnavailableError} for
 * `'store'` with the original error as `cause`. Other errors pass through unchanged.
 *
 * @param deadlineMs - positive milliseconds
 * @example
 * await storeCall(pool.query('SELECT 1'), 2000); // the result, or a DependencyUnavailableError
 */
export async function storeCall<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  try {
    return await withDeadline(work, deadlineMs, 'store');
  } catch (error) {
    if (error instanceof DependencyUnavailableError || !isUnavailability(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DependencyUnavailableError('store', reason, { cause: error });
  }
}
