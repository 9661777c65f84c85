import { MS_PER_DAY, MS_PER_MINUTE } from '../time/instant.js';
import type { CounterStore, CounterWindow } from './counter-store.js';

/** Default requests per key per UTC day (the spec's free plan). */
export const DEFAULT_DAY_LIMIT = 100;
/** Default requests per key per minute. */
export const DEFAULT_MINUTE_LIMIT = 50;

/** The limits of one API key; `clientId` names its counters (never the key itself). */
export interface ClientLimits {
  readonly clientId: string;
  readonly dayLimit: number;
  readonly minuteLimit: number;
}

/** The state of one window after a request was counted. */
export interface WindowState {
  readonly limit: number;
  /** Requests left in the window, never below 0. */
  readonly remaining: number;
  /** Epoch milliseconds when the window resets. */
  readonly resetAtMs: number;
}

/** Whether a request may be served, and the numbers its rate headers show. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly day: WindowState;
  readonly minute: WindowState;
  /** Whole seconds (≥ 1) until the window that blocks resets; absent when allowed. */
  readonly retryAfterSeconds?: number;
  /** The window whose reset `retryAfterSeconds` waits for (the later one when both block). */
  readonly blockedBy?: 'day' | 'minute';
}

/**
 * The two windows that contain `nowMs`: the UTC day (epoch milliseconds are UTC, so flooring
 * to whole days lands on midnight UTC) and the full minute.
 *
 * @example
 * limitWindows(Date.parse('2026-11-21T09:27:13Z'))[1]; // { name: 'minute', startMs: …09:27:00, endMs: …09:28:00 }
 */
export function limitWindows(nowMs: number): readonly [CounterWindow, CounterWindow] {
  const dayStartMs = Math.floor(nowMs / MS_PER_DAY) * MS_PER_DAY;
  const minuteStartMs = Math.floor(nowMs / MS_PER_MINUTE) * MS_PER_MINUTE;
  return [
    { name: 'day', startMs: dayStartMs, endMs: dayStartMs + MS_PER_DAY },
    { name: 'minute', startMs: minuteStartMs, endMs: minuteStartMs + MS_PER_MINUTE },
  ];
}

/**
 * Counts one request of a client in its day and minute windows and decides whether it may be
 * served. Every request counts, refused ones included (the spec: "every HTTP request counts,
 * successful or not"), so a client that keeps retrying while blocked also spends its day
 * budget; remaining stays at 0 rather than going negative. With an atomic store, exactly
 * `limit` of any number of simultaneous requests are allowed.
 *
 * @example
 * await takeRequest(new InMemoryCounterStore(), { clientId: 'a', dayLimit: 1, minuteLimit: 5 }, 0);
 * // { allowed: true, day: { limit: 1, remaining: 0, … }, minute: { limit: 5, remaining: 4, … } }
 */
export async function takeRequest(
  store: CounterStore,
  client: ClientLimits,
  nowMs: number,
): Promise<RateLimitDecision> {
  const windows = limitWindows(nowMs);
  const [dayCount = 0, minuteCount = 0] = await store.increment(client.clientId, windows, nowMs);
  const day = windowState(client.dayLimit, dayCount, windows[0].endMs);
  const minute = windowState(client.minuteLimit, minuteCount, windows[1].endMs);
  // The day window always ends at or after the minute window, so when both block, the day decides.
  const blockedBy =
    dayCount > client.dayLimit ? 'day' : minuteCount > client.minuteLimit ? 'minute' : undefined;
  if (blockedBy === undefined) return { allowed: true, day, minute };
  const waitMs = (blockedBy === 'day' ? day : minute).resetAtMs - nowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return { allowed: false, day, minute, retryAfterSeconds, blockedBy };
}

function windowState(limit: number, count: number, resetAtMs: number): WindowState {
  return { limit, remaining: Math.max(0, limit - count), resetAtMs };
}

/**
 * The rate headers of a keyed response: plain integers, so clients that `int()` them work.
 *
 * @example
 * rateLimitHeaders(decision);
 * // { 'X-RateLimit-Limit-day': '100', 'X-RateLimit-Remaining-day': '99', 'X-RateLimit-Limit-minute': '50', … }
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit-day': String(decision.day.limit),
    'X-RateLimit-Remaining-day': String(decision.day.remaining),
    'X-RateLimit-Limit-minute': String(decision.minute.limit),
    'X-RateLimit-Remaining-minute': String(decision.minute.remaining),
  };
  if (decision.retryAfterSeconds !== undefined)
    headers['Retry-After'] = String(decision.retryAfterSeconds);
  return headers;
}
