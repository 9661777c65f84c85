import type { FollowedSourceName, FollowStoreReport } from './followed-batch.js';

// What a follower says about a source, and when: one line when the source's state changes
// (its first stored poll, a failure after successes, a recovery, a lease lost or taken), never
// a line per poll, so a server that follows for months logs a handful of lines a day.

/** Where a followed source stands: before any poll, stored, failing, or polled elsewhere. */
export type FollowState = 'starting' | 'polling' | 'failing' | 'standby';

/** How one attempt at a poll ended. */
export type PollOutcome =
  | {
      readonly kind: 'stored';
      readonly places: number;
      readonly samples: number;
      readonly report: FollowStoreReport;
    }
  | { readonly kind: 'failed'; readonly reason: string; readonly retryAtMs: number }
  | { readonly kind: 'standby' };

/**
 * The state an outcome leads to.
 *
 * @example
 * stateAfter({ kind: 'standby' }); // 'standby'
 */
export function stateAfter(outcome: PollOutcome): FollowState {
  if (outcome.kind === 'stored') return 'polling';
  return outcome.kind === 'failed' ? 'failing' : 'standby';
}

const MAX_REASON_LENGTH = 300;

/**
 * A failure's reason made fit for a log line: every `secrets` text (a key) replaced by `***`,
 * the query of any URL dropped (a key may travel there), whitespace runs made one space, and at
 * most 300 characters.
 *
 * @example
 * logReason('GET https://x.example/v1?api_key=abc failed', ['abc']); // 'GET https://x.example/v1?… failed'
 */
export function logReason(reason: string, secrets: readonly string[]): string {
  let text = reason;
  for (const secret of secrets) if (secret !== '') text = text.split(secret).join('***');
  text = text
    .replace(/(\bhttps?:\/\/[^\s?#]*)[?#]\S*/gi, '$1?…')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH - 1)}…` : text;
}

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 6) / 10} min`;
}

function storedText(outcome: Extract<PollOutcome, { kind: 'stored' }>): string {
  const { report, samples, places } = outcome;
  const repeatedSamples = report.repeatedSamples ?? 0;
  const repeated = repeatedSamples === 0 ? '' : `, ${repeatedSamples} already stored`;
  const refused = report.rejectedSamples === 0 ? '' : `, ${report.rejectedSamples} refused`;
  return `${report.acceptedSamples} of ${samples} samples stored${repeated}${refused}, from ${places} places (${report.newInstallations} new installations)`;
}

/**
 * The line to log when an outcome changes a source's state, `undefined` when it does not.
 *
 * @param from - the state before the outcome
 * @param failuresInRow - failed polls before a recovery (for its line)
 * @param nowMs - when the outcome came, epoch ms (for the wait until `retryAtMs`)
 * @example
 * stateChangeLine('openaq', 'polling', { kind: 'failed', reason: 'OpenAQ answered 503', retryAtMs: 60_000 }, 0, 0);
 * // 'follow openaq: poll failed (OpenAQ answered 503); next try at 1970-01-01T00:01:00.000Z (in 60 s)'
 */
export function stateChangeLine(
  source: FollowedSourceName,
  from: FollowState,
  outcome: PollOutcome,
  failuresInRow: number,
  nowMs: number,
): string | undefined {
  if (stateAfter(outcome) === from) return undefined;
  if (outcome.kind === 'standby')
    return `follow ${source}: another instance holds the lease and polls; this one stands by`;
  if (outcome.kind === 'failed') {
    const at = new Date(outcome.retryAtMs).toISOString();
    const wait = waitText(outcome.retryAtMs - nowMs);
    return `follow ${source}: poll failed (${outcome.reason}); next try at ${at} (in ${wait})`;
  }
  if (from === 'failing')
    return `follow ${source}: recovered after ${failuresInRow} failed polls; ${storedText(outcome)}`;
  if (from === 'standby')
    return `follow ${source}: this instance holds the lease now; ${storedText(outcome)}`;
  return `follow ${source}: first poll: ${storedText(outcome)}`;
}
